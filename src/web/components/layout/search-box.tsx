import { Search } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

/** What the suggestions part does with the search input's events, once it has loaded. */
export type SuggestionsHandle = {
  change(): void;
  keyDown(e: KeyboardEvent<HTMLInputElement>): void;
  focus(): void;
  blur(): void;
  close(): void;
};

/** The combobox's state the input shows: the list open, the option the keyboard is on. */
export type ComboboxState = { expanded: boolean; activeId: string | undefined };

const CLOSED: ComboboxState = { expanded: false, activeId: undefined };

// The suggestions (their requests, list and keyboard) load with the first focus of the box, or
// a pointer over it: no page needs them before someone searches.
const loadSuggestions = () => import("./search-suggestions");
const Suggestions = lazy(loadSuggestions);

/**
 * The header's search: a form to /search?q= (a GET, so Enter searches before and without the
 * page's scripts) and, as the shopper types, up to 8 suggestions in an ARIA combobox
 * (search-suggestions.tsx). The input is uncontrolled: what was typed before the page hydrated
 * stays in it.
 */
export function SearchBox({ className }: { className?: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  const id = useId();
  const listId = `${id}-list`;
  const urlQ = pathname === "/search" ? (params.get("q") ?? "") : "";
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<SuggestionsHandle | null>(null);
  const [wanted, setWanted] = useState(false);
  const [combo, setCombo] = useState<ComboboxState>(CLOSED);

  // A navigation shows what the new page searched for; the first render keeps what is in the box
  // (the server's value, or what was typed before hydration).
  const shown = useRef(urlQ);
  useEffect(() => {
    if (shown.current === urlQ) return;
    shown.current = urlQ;
    if (input.current) input.current.value = urlQ;
    handle.current?.close();
  }, [urlQ]);

  // Focused before the page's scripts ran: the suggestions load now.
  useEffect(() => {
    if (document.activeElement === input.current) setWanted(true);
  }, []);

  const emptyList = <div id={listId} role="listbox" aria-label={i18n._("Suggestions")} hidden />;

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={cn("relative", className)}
      onSubmit={() => handle.current?.close()}
    >
      <label className="relative block">
        <span className="sr-only">{i18n._("Search books, e-books and more")}</span>
        <input
          ref={input}
          type="search"
          name="q"
          defaultValue={urlQ}
          onChange={() => {
            setWanted(true);
            handle.current?.change();
          }}
          onKeyDown={(e) => handle.current?.keyDown(e)}
          onBlur={() => handle.current?.blur()}
          onFocus={() => {
            setWanted(true);
            handle.current?.focus();
          }}
          onPointerEnter={() => void loadSuggestions()}
          role="combobox"
          aria-expanded={combo.expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={combo.activeId}
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
      {wanted ? (
        <Suspense fallback={emptyList}>
          <Suggestions input={input} listId={listId} handle={handle} onState={setCombo} />
        </Suspense>
      ) : (
        emptyList
      )}
    </Form>
  );
}
