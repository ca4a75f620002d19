import { Command } from "cmdk";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type AdminSearchResult, SEARCH_GROUPS } from "../../../contracts/admin-search";
import { translateMessage, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";

/** How long typing must pause before the search is asked. */
const DEBOUNCE_MS = 200;

/**
 * The back office's search box (cmdk): one field, the hits grouped as orders, users and products,
 * ↑/↓ to move, Enter to open. The server searches; cmdk only draws and moves (no filtering of its
 * own). Used by `/admin/search` and by the dialog every admin page opens with Ctrl+K or "/".
 */
export default function SearchCommand({
  initialQuery = "",
  initialResult = null,
  onQueryChange,
  onOpen,
}: {
  initialQuery?: string;
  initialResult?: AdminSearchResult | null;
  /** Told the query as it settles (the page keeps it in the URL). */
  onQueryChange?: (q: string) => void;
  /** Told before a hit's page opens (the dialog closes). */
  onOpen?: () => void;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [q, setQ] = useState(initialQuery);
  const [result, setResult] = useState<AdminSearchResult | null>(initialResult);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const skipFirst = useRef(initialResult !== null && initialResult.q === initialQuery.trim());

  // biome-ignore lint/correctness/useExhaustiveDependencies: onQueryChange is the caller's, asked once the query settles
  useEffect(() => {
    const text = q.trim();
    clearTimeout(timer.current);
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    if (text === "") {
      latest.current += 1;
      setResult(null);
      setLoading(false);
      setError("");
      onQueryChange?.("");
      return;
    }
    setLoading(true);
    timer.current = setTimeout(async () => {
      const call = ++latest.current;
      onQueryChange?.(text);
      try {
        const answer = await api<AdminSearchResult>(
          "GET",
          `/api/admin/search?${new URLSearchParams({ q: text })}`,
        );
        if (call !== latest.current) return;
        setResult(answer.data ?? null);
        setError("");
      } catch (err) {
        if (call !== latest.current) return;
        setError(
          err instanceof ApiError
            ? translateMessage(i18n, err.message)
            : i18n._("Could not search: try again"),
        );
      } finally {
        if (call === latest.current) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [q]);

  const groups = SEARCH_GROUPS.flatMap((g) => {
    const hits = result?.[g.key];
    return hits && hits.length > 0 ? [{ ...g, hits }] : [];
  });
  const searched = result !== null && result.q === q.trim();

  return (
    <Command shouldFilter={false} label={i18n._("Search the back office")} className="w-full" loop>
      <Command.Input
        value={q}
        onValueChange={setQ}
        autoFocus
        placeholder={i18n._("Order number, phone, invoice, consignment, name, email, title or ISBN")}
        className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-brand-700"
      />
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        {error ||
          (loading ? i18n._("Searching...") : q.trim() === "" ? i18n._("↑ ↓ to move, Enter to open") : "")}
      </p>
      <Command.List label={i18n._("Suggestions")} className="mt-2 max-h-[60dvh] overflow-y-auto">
        {searched && !loading && groups.length === 0 && !error ? (
          <p className="px-2 py-6 text-center text-sm text-slate-600" role="status">
            {i18n._("Nothing found for “{query}”", { query: q.trim() })}
          </p>
        ) : null}
        {groups.map((g) => (
          <Command.Group
            key={g.key}
            heading={i18n._(g.label)}
            className="mb-2 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-600 [&_[cmdk-group-heading]]:uppercase"
          >
            {g.hits.map((hit) => (
              <Command.Item
                key={`${g.key}-${hit.id}`}
                value={`${g.key}-${hit.id}`}
                onSelect={() => {
                  onOpen?.();
                  navigate(hit.url);
                }}
                className="flex min-h-11 cursor-pointer flex-col justify-center rounded-md px-2 py-1.5 data-[selected=true]:bg-brand-50 data-[selected=true]:outline data-[selected=true]:outline-brand-700"
              >
                <span className="font-medium text-slate-900">
                  {hit.label}
                  {hit.exact ? (
                    <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">
                      {i18n._("exact")}
                    </span>
                  ) : null}
                </span>
                <span className="text-xs text-slate-600">{hit.detail}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command>
  );
}
