import { useEffect, useId, useRef, useState } from "react";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { Button } from "../ui/button";

export type Picked = { id: number; label: string; detail?: string };

/**
 * Picks records from an admin list endpoint by typing: the matches show as buttons under the box;
 * picked ones show as chips with a remove button. `search` turns the typed text into the list
 * endpoint's URL; `toPicked` turns one of its items into a chip.
 */
export function SearchPicker<T>({
  label,
  hint,
  error,
  picked,
  onChange,
  search,
  toPicked,
  multiple = true,
  create,
}: {
  label: string;
  hint?: string;
  error?: string;
  picked: Picked[];
  onChange: (picked: Picked[]) => void;
  search: (q: string) => string;
  toPicked: (item: T) => Picked;
  multiple?: boolean;
  /** Offers to add what was typed as a new record when nothing matches it exactly: its label and how. */
  create?: { label: (text: string) => string; run: (text: string) => Promise<Picked> };
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const id = useId();
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Picked[]>([]);
  const [status, setStatus] = useState("");
  const [creating, setCreating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const look = (text: string) => {
    clearTimeout(timer.current);
    if (text.trim() === "") {
      setFound([]);
      setStatus("");
      return;
    }
    timer.current = setTimeout(async () => {
      const call = ++latest.current;
      try {
        const answer = await api<{ items: T[] }>("GET", search(text.trim()));
        if (call !== latest.current) return;
        const items = (answer.data?.items ?? [])
          .map(toPicked)
          .filter((p) => !picked.some((x) => x.id === p.id));
        setFound(items);
        setStatus(
          items.length === 0
            ? i18n._("Nothing found")
            : i18n._("{count} found", { count: number(items.length) }),
        );
      } catch {
        if (call === latest.current) setStatus(i18n._("Could not search: try again"));
      }
    }, 250);
  };
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 block text-sm font-medium text-slate-800">{label}</legend>
      {picked.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2">
          {picked.map((p) => (
            <li
              key={p.id}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm"
            >
              {p.label}
              <button
                type="button"
                className="inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={i18n._("Remove {name}", { name: p.label })}
                onClick={() => onChange(picked.filter((x) => x.id !== p.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {multiple || picked.length === 0 ? (
        <>
          <label htmlFor={id} className="sr-only">
            {i18n._("Search {what}", { what: label.toLowerCase() })}
          </label>
          <input
            id={id}
            type="search"
            value={q}
            placeholder={i18n._("Type to search")}
            aria-describedby={`${id}-msg`}
            aria-invalid={error ? true : undefined}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
            onChange={(e) => {
              setQ(e.target.value);
              look(e.target.value);
            }}
          />
        </>
      ) : null}
      <p
        id={`${id}-msg`}
        className={error ? "mt-1 text-sm text-red-700" : "mt-1 text-sm text-slate-600"}
        aria-live="polite"
      >
        {error ?? (status || hint)}
      </p>
      {found.length > 0 ? (
        <ul className="mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white">
          {found.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="block min-h-11 w-full px-3 py-2 text-left hover:bg-slate-50 focus:bg-slate-100"
                onClick={() => {
                  onChange(multiple ? [...picked, p] : [p]);
                  setFound(found.filter((x) => x.id !== p.id));
                  setQ("");
                  setStatus("");
                }}
              >
                {p.label}
                {p.detail ? <span className="block text-xs text-slate-600">{p.detail}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {create &&
      q.trim() !== "" &&
      status !== "" &&
      !found.some((p) => p.label.toLowerCase() === q.trim().toLowerCase()) ? (
        <Button
          variant="secondary"
          className="mt-2 min-h-9"
          loading={creating}
          onClick={async () => {
            setCreating(true);
            try {
              const made = await create.run(q.trim());
              onChange(multiple ? [...picked, made] : [made]);
              setQ("");
              setFound([]);
              setStatus("");
            } catch (err) {
              setStatus(
                err instanceof ApiError
                  ? translateMessage(i18n, err.message)
                  : i18n._("Could not add it: try again"),
              );
            } finally {
              setCreating(false);
            }
          }}
        >
          {create.label(q.trim())}
        </Button>
      ) : null}
    </fieldset>
  );
}
