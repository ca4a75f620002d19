import { type RefObject, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ProductKind } from "../../../contracts/catalog";
import { imageUrl } from "../../../contracts/images";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { useMediaBase } from "../../lib/root-data";
import { KIND_SINGULAR } from "../catalog/labels";
import type { ComboboxState, SuggestionsHandle } from "./search-box";

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
 * The header search's suggestions, loaded with the box's first focus (search-box.tsx): up to 8
 * from /api/search/suggest in an ARIA combobox (arrow keys move, Enter opens, Escape closes), each
 * with its cover, price, publisher, year and edition, then a "See all results" row. Each
 * keystroke waits 250 ms and cancels the request it makes stale. The input stays the box's: this
 * part answers its events through `handle` and tells it what to show through `onState`.
 */
export default function SearchSuggestions({
  input,
  listId,
  handle,
  onState,
}: {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  handle: RefObject<SuggestionsHandle | null>;
  onState: (state: ComboboxState) => void;
}) {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const { taka, year } = useFormat();
  const mediaBase = useMediaBase();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inflight = useRef<AbortController | null>(null);

  const typed = () => input.current?.value ?? "";

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
      setOpen(found.length > 0 && document.activeElement === input.current);
    } catch (err) {
      if (!ctrl.signal.aborted) console.error("search: suggestions failed", err);
    }
  }

  function change() {
    const q = typed().trim();
    setQuery(q);
    cancel();
    if (q.length < MIN_CHARS) {
      setItems([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => void fetchSuggestions(q), DEBOUNCE_MS);
  }

  function close() {
    cancel();
    setOpen(false);
    setActive(-1);
  }

  const seeAllUrl = `/search?q=${encodeURIComponent(query)}`;
  /** The options: each suggestion, then "See all results" (index items.length). */
  const optionCount = items.length > 0 ? items.length + 1 : 0;

  function choose(i: number) {
    close();
    navigate(items[i]?.url ?? seeAllUrl);
  }

  // The box's events come here (given after every render, so they see that render's state).
  const events: SuggestionsHandle = {
    change,
    close,
    blur: () => setOpen(false),
    focus: () => {
      if (items.length > 0 && typed().trim().length >= MIN_CHARS) setOpen(true);
    },
    keyDown(e) {
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
    },
  };
  useEffect(() => {
    handle.current = events;
  });

  // What was typed before this part loaded (or before the page hydrated) is suggested for at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when loaded
  useEffect(() => {
    if (document.activeElement === input.current && typed().trim().length >= MIN_CHARS) change();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it goes
  useEffect(
    () => () => {
      cancel();
      handle.current = null;
    },
    [],
  );

  const expanded = open && items.length > 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);

  return (
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
          {i18n._("See all results for “{query}”", { query })}
        </div>
      ) : null}
    </div>
  );
}
