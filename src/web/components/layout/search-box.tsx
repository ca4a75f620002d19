import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useSearchParams } from "react-router";
import type { ProductKind } from "../../../contracts/catalog";
import { imageUrl } from "../../../contracts/images";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { useMediaBase } from "../../lib/root-data";
import { KIND_SINGULAR } from "../catalog/labels";

type Suggestion = {
  id: number;
  kind: ProductKind;
  title: string;
  titleBn: string | null;
  url: string;
  image: string | null;
  price: number;
  salePrice: number | null;
  publisher: string | null;
  edition: string | null;
  hscYear: number | null;
};

/** What tells a suggestion apart from another of the same title: publisher, HSC year, edition. */
function detailsOf(s: Suggestion, hscYear: (year: number) => string): string {
  return [s.publisher, s.hscYear ? hscYear(s.hscYear) : null, s.edition].filter(Boolean).join(" · ");
}

const MIN_CHARS = 2;
const DEBOUNCE_MS = 250;
const MAX_SHOWN = 8;

/**
 * The header's search: a form to /search?q= and, as the shopper types, up to 8 suggestions from
 * /api/search/suggest in an ARIA combobox (arrow keys move, Enter opens, Escape closes), each with
 * its cover, price, publisher, year and edition, then a "See all results" row. Each
 * keystroke waits 250 ms and cancels the request it makes stale.
 */
export function SearchBox({ className }: { className?: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const { taka, year } = useFormat();
  const mediaBase = useMediaBase();
  const id = useId();
  const listId = `${id}-list`;
  const urlQ = pathname === "/search" ? (params.get("q") ?? "") : "";
  const [value, setValue] = useState(urlQ);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inflight = useRef<AbortController | null>(null);

  // A navigation closes the list and shows what the new page searched for.
  useEffect(() => {
    setValue(urlQ);
    setOpen(false);
    setActive(-1);
  }, [urlQ]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  function cancel() {
    clearTimeout(timer.current);
    inflight.current?.abort();
    inflight.current = null;
  }

  async function fetchSuggestions(q: string) {
    const ctrl = new AbortController();
    inflight.current = ctrl;
    try {
      const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal: ctrl.signal });
      if (!res.ok) throw new Error(`suggest answered ${res.status}`);
      const body = (await res.json()) as { data?: Suggestion[] };
      if (ctrl.signal.aborted) return;
      const found = (body.data ?? []).slice(0, MAX_SHOWN);
      setItems(found);
      setActive(-1);
      setOpen(found.length > 0);
    } catch (err) {
      if (!ctrl.signal.aborted) console.error("search: suggestions failed", err);
    }
  }

  function onChange(next: string) {
    setValue(next);
    cancel();
    const q = next.trim();
    if (q.length < MIN_CHARS) {
      setItems([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => void fetchSuggestions(q), DEBOUNCE_MS);
  }

  const seeAllUrl = `/search?q=${encodeURIComponent(value.trim())}`;
  /** The options: each suggestion, then "See all results" (index items.length). */
  const optionCount = items.length > 0 ? items.length + 1 : 0;

  function choose(i: number) {
    cancel();
    setOpen(false);
    navigate(items[i]?.url ?? seeAllUrl);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (optionCount === 0) return;
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(step === 1 ? 0 : optionCount - 1);
      } else {
        const n = optionCount;
        setActive((a) => (a < 0 ? (step === 1 ? 0 : n - 1) : (a + step + n) % n));
      }
    } else if (e.key === "Enter" && open && active >= 0 && active < optionCount) {
      e.preventDefault();
      choose(active);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const expanded = open && items.length > 0;
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={cn("relative", className)}
      onSubmit={() => {
        cancel();
        setOpen(false);
      }}
    >
      <label className="relative block">
        <span className="sr-only">{i18n._("Search books, e-books and more")}</span>
        <input
          type="search"
          name="q"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => items.length > 0 && value.trim().length >= MIN_CHARS && setOpen(true)}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={i18n._("Search books, authors, e-books…")}
          className="block min-h-11 w-full rounded-full border border-slate-300 bg-white py-2 pr-4 pl-10 text-base placeholder:text-slate-500 focus:outline-2 focus:outline-brand-700"
        />
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500"
        />
      </label>
      <div
        id={listId}
        role="listbox"
        aria-label={i18n._("Suggestions")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {items.map((s, i) => {
          const details = detailsOf(s, (y) => i18n._("HSC {year}", { year: year(y) }));
          return (
            <div
              key={`${s.kind}-${s.id}`}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(i);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                "flex min-h-12 cursor-pointer items-center gap-3 px-3 py-1.5",
                i === active ? "bg-brand-50" : "hover:bg-slate-50",
              )}
            >
              {s.image ? (
                <img
                  src={imageUrl(mediaBase, s.image, 160)}
                  alt=""
                  width={24}
                  height={36}
                  loading="lazy"
                  className="h-9 w-6 shrink-0 rounded-sm bg-slate-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-9 w-6 shrink-0 rounded-sm bg-slate-200" />
              )}
              <span className="min-w-0 flex-1">
                <span translate="no" className="line-clamp-1 text-sm font-medium text-slate-900">
                  {s.title}
                </span>
                {s.titleBn ? (
                  <span lang="bn" className="line-clamp-1 text-xs text-slate-700">
                    {s.titleBn}
                  </span>
                ) : null}
                {details ? <span className="line-clamp-1 text-xs text-slate-600">{details}</span> : null}
              </span>
              <span className="flex shrink-0 flex-col items-end text-xs text-slate-700">
                <span className="font-semibold text-slate-900">{taka(s.salePrice ?? s.price)}</span>
                <span>{i18n._(KIND_SINGULAR[s.kind])}</span>
              </span>
            </div>
          );
        })}
        {items.length > 0 ? (
          <div
            id={optionId(items.length)}
            role="option"
            tabIndex={-1}
            aria-selected={active === items.length}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(items.length);
            }}
            onMouseEnter={() => setActive(items.length)}
            className={cn(
              "flex min-h-11 cursor-pointer items-center border-t border-slate-100 px-3 text-sm font-semibold text-brand-800",
              active === items.length ? "bg-brand-50" : "hover:bg-slate-50",
            )}
          >
            {i18n._("See all results for “{query}”", { query: value.trim() })}
          </div>
        ) : null}
      </div>
    </Form>
  );
}
