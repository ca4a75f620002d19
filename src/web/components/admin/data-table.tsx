import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
} from "@tanstack/react-table";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import type { AdminPage } from "../../../contracts/admin";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { nextSort, useListParams } from "./list-params";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData, TValue> {
    /** The `sort` value this column sorts by; absent for columns that do not sort. */
    sort?: string;
    /** Right-aligned (numbers, money). */
    numeric?: boolean;
    /** On a phone's card, the card's heading rather than a labelled line. */
    cardTitle?: boolean;
  }
}

export type BulkAction = {
  label: string;
  destructive?: boolean;
  /** Runs on the selected rows' ids; the selection is cleared after. */
  run: (ids: number[]) => Promise<unknown> | unknown;
};

export const PAGE_SIZES = [20, 50, 100] as const;

/**
 * The one admin list (decision 23): the page of rows the loader read, with the view — search,
 * filters, sort, page, page size — kept in the URL; rows can be selected for bulk actions. A
 * table on wide screens, cards on a phone. Shows loading (while the next view is read), empty and
 * error states.
 */
export function DataTable<T>({
  label,
  columns,
  page,
  sort,
  getRowId,
  rowName,
  bulkActions = [],
  searchLabel,
  filters,
  emptyMessage,
  error,
}: {
  /** The table's accessible name, e.g. "Books". */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: columns differ in value type
  columns: ColumnDef<T, any>[];
  page: AdminPage<T>;
  sort: string;
  getRowId: (row: T) => number;
  /** How a row is named to a screen reader (its checkbox reads "Select {name}"). */
  rowName?: (row: T) => string;
  bulkActions?: BulkAction[];
  /** The search box's label, e.g. "Search title, ISBN or author"; no box without it. */
  searchLabel?: string;
  /** The list's filter controls (FilterSelect...), drawn beside the search. */
  filters?: ReactNode;
  emptyMessage: string;
  /** Why the view could not be shown (e.g. a bad filter in the URL). */
  error?: string;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const { get, set } = useListParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === pathname;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selectable = bulkActions.length > 0;

  // A new view is a new set of rows: what was selected on the last one is not carried over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the rows change
  useEffect(() => setSelection({}), [page]);

  const allColumns = useMemo<ColumnDef<T>[]>(() => {
    if (!selectable) return columns;
    const select: ColumnDef<T> = {
      id: "select",
      header: ({ table }) => (
        <input
          type="checkbox"
          className="h-5 w-5"
          aria-label={i18n._("Select every row on this page")}
          checked={table.getIsAllRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          className="h-5 w-5"
          aria-label={i18n._("Select {name}", {
            name: rowName ? rowName(row.original) : i18n._("row {id}", { id: getRowId(row.original) }),
          })}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, rowName, getRowId, i18n]);

  const table = useReactTable({
    data: page.items,
    columns: allColumns,
    getRowId: (row) => String(getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableRowSelection: selectable,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const selectedIds = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const pages = Math.max(1, Math.ceil(page.total / page.limit));
  const first = page.total === 0 ? 0 : (page.page - 1) * page.limit + 1;
  const last = Math.min(page.total, page.page * page.limit);

  return (
    <section aria-label={label} aria-busy={loading} className="space-y-3">
      {searchLabel || filters ? (
        <div className="flex flex-wrap items-end gap-2">
          {searchLabel ? (
            <SearchBox label={searchLabel} value={get("q")} onSearch={(q) => set({ q })} />
          ) : null}
          {filters}
        </div>
      ) : null}

      {selectable && selectedIds.length > 0 ? (
        <div
          role="toolbar"
          aria-label={i18n._("Bulk actions")}
          className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2"
        >
          <span className="text-sm font-medium">
            {i18n._("{count} selected", { count: number(selectedIds.length) })}
          </span>
          {bulkActions.map((a) => (
            <Button
              key={a.label}
              variant={a.destructive ? "destructive" : "secondary"}
              className="min-h-9"
              onClick={async () => {
                await a.run(selectedIds);
                setSelection({});
              }}
            >
              {a.label}
            </Button>
          ))}
          <Button variant="ghost" className="min-h-9" onClick={() => setSelection({})}>
            {i18n._("Clear selection")}
          </Button>
        </div>
      ) : null}

      <p role="status" className="sr-only">
        {loading
          ? i18n._("Loading…")
          : i18n._("{count} results", { count: `${number(page.total)}${page.more ? "+" : ""}` })}
      </p>

      {error ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-red-900">
          <p className="font-medium">{i18n._("This view cannot be shown: {error}", { error })}</p>
          <a href={pathname} className="mt-2 inline-block underline">
            {i18n._("Show the whole list")}
          </a>
        </div>
      ) : page.items.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-slate-600">
          {emptyMessage}
        </div>
      ) : (
        <div className={cn("transition-opacity", loading && "opacity-60")}>
          {/* Wide screens: a table. */}
          <section
            className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block"
            aria-label={i18n._("{label}, table", { label })}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable)
            tabIndex={0}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{label}</caption>
              <thead className="bg-slate-50 text-slate-700">
                {table.getHeaderGroups().map((hg) => (
                  <tr key={hg.id}>
                    {hg.headers.map((h) => {
                      const key = h.column.columnDef.meta?.sort;
                      const dir =
                        key && sort === key
                          ? "ascending"
                          : key && sort === `-${key}`
                            ? "descending"
                            : undefined;
                      return (
                        <th
                          key={h.id}
                          scope="col"
                          aria-sort={key ? (dir ?? "none") : undefined}
                          className={cn(
                            "px-3 py-2 font-medium whitespace-nowrap",
                            h.column.columnDef.meta?.numeric && "text-right",
                          )}
                        >
                          {key ? (
                            <button
                              type="button"
                              className="inline-flex items-center gap-1 hover:underline"
                              onClick={() => set({ sort: nextSort(sort, key) })}
                            >
                              {headerText(h.column.columnDef.header, h.getContext())}
                              <span aria-hidden="true" className="text-xs text-slate-500">
                                {dir === "ascending" ? "▲" : dir === "descending" ? "▼" : "↕"}
                              </span>
                            </button>
                          ) : (
                            headerText(h.column.columnDef.header, h.getContext())
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className={cn("border-t border-slate-100", row.getIsSelected() && "bg-brand-50")}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cn(
                          "px-3 py-2 align-top",
                          cell.column.columnDef.meta?.numeric && "text-right tabular-nums",
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {/* Phones: one card per row, every column a labelled line. */}
          <ul className="space-y-2 sm:hidden">
            {table.getRowModel().rows.map((row) => {
              const cells = row.getVisibleCells();
              const titleCell = cells.find((c) => c.column.columnDef.meta?.cardTitle);
              const select = cells.find((c) => c.column.id === "select");
              return (
                <li
                  key={row.id}
                  className={cn(
                    "rounded-lg border border-slate-200 bg-white p-3 text-sm",
                    row.getIsSelected() && "border-brand-300 bg-brand-50",
                  )}
                >
                  <div className="flex items-start gap-3">
                    {select ? flexRender(select.column.columnDef.cell, select.getContext()) : null}
                    <div className="min-w-0 flex-1">
                      {titleCell ? (
                        <div className="mb-1 font-medium break-words">
                          {flexRender(titleCell.column.columnDef.cell, titleCell.getContext())}
                        </div>
                      ) : null}
                      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                        {cells
                          .filter((c) => c !== titleCell && c !== select)
                          .map((c) => (
                            <div key={c.id} className="contents">
                              <dt className="text-slate-600">
                                {typeof c.column.columnDef.header === "string"
                                  ? i18n._(c.column.columnDef.header)
                                  : ""}
                              </dt>
                              <dd className="min-w-0 break-words">
                                {flexRender(c.column.columnDef.cell, c.getContext())}
                              </dd>
                            </div>
                          ))}
                      </dl>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <nav aria-label={i18n._("Pages")} className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span>
          {i18n._("{first}–{last} of {total}", {
            first: number(first),
            last: number(last),
            total: `${number(page.total)}${page.more ? "+" : ""}`,
          })}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2">
            {i18n._("Rows")}
            <select
              className="min-h-11 rounded-md border border-slate-300 bg-white px-2"
              value={page.limit}
              onChange={(e) => set({ limit: e.target.value === "20" ? null : e.target.value })}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {number(n)}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="secondary"
            disabled={page.page <= 1}
            onClick={() => set({ page: page.page - 1 > 1 ? page.page - 1 : null })}
          >
            {i18n._("← Previous")}
          </Button>
          <span>
            {i18n._("Page {page} of {pages}", {
              page: number(page.page),
              pages: `${number(pages)}${page.more ? "+" : ""}`,
            })}
          </span>
          <Button
            variant="secondary"
            // A list that stops counting (`more`) has pages after the last one it counted.
            disabled={page.page >= pages && !page.more}
            onClick={() => set({ page: page.page + 1 })}
          >
            {i18n._("Next →")}
          </Button>
        </div>
      </nav>
    </section>
  );
}

/**
 * A column's heading: a string heading is an English message (columns are often tables outside
 * components, marked `/*i18n*\/ "Title"`), shown in the page's language.
 */
function headerText<T>(
  // biome-ignore lint/suspicious/noExplicitAny: columns differ in value type
  header: ColumnDef<T, any>["header"],
  // biome-ignore lint/suspicious/noExplicitAny: the header's context, passed through
  context: any,
): ReactNode {
  return typeof header === "string" ? <Translated text={header} /> : flexRender(header, context);
}

function Translated({ text }: { text: string }) {
  const { i18n } = useLingui();
  return <>{i18n._(text)}</>;
}

/** The list's search box: searches as the staff member types (after a pause) and on Enter. */
function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <search className="min-w-0 flex-1 basis-60">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          clearTimeout(timer.current);
          onSearch(text.trim());
        }}
      >
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => onSearch(next.trim()), 400);
          }}
          className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
        />
      </form>
    </search>
  );
}

/** A filter of an admin list: a select bound to one URL parameter ("" for every value). */
export function FilterSelect({
  name,
  label,
  options,
  allLabel,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  const { i18n } = useLingui();
  const { get, set } = useListParams();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={get(name)}
        onChange={(e) => set({ [name]: e.target.value })}
        className="block min-h-11 rounded-md border border-slate-300 bg-white px-2"
      >
        <option value="">{allLabel ?? i18n._("All")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
