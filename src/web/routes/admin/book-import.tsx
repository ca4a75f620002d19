import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  BOOK_CSV_COLUMNS,
  BOOK_CSV_HELP,
  type BookImportReport,
  IMPORT_PATH,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  TEMPLATE_PATH,
} from "../../../contracts/admin-books-csv";
import { confirmAction } from "../../components/admin/confirm";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/field";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/book-import";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Import books") },
];

/** Rows without errors shown under the ones with errors (a file may have 10,000). */
const OK_ROWS_SHOWN = 50;
/** Rows with errors shown at most. */
const ERROR_ROWS_SHOWN = 500;

const ACTION_LABEL = {
  create: /*i18n*/ "New",
  update: /*i18n*/ "Change",
  unchanged: /*i18n*/ "Unchanged",
} as const;

/** The file as its bytes: the server checks they are UTF-8 (a browser would decode anything, mangled). */
type Picked = { name: string; bytes: ArrayBuffer };

/** "1 book" / "{count} books" and the like, in the page's language. */
function useCounts() {
  const { i18n } = useLingui();
  const { number } = useFormat();
  return {
    books: (n: number) => (n === 1 ? i18n._("1 book") : i18n._("{count} books", { count: number(n) })),
    newBooks: (n: number) =>
      n === 1 ? i18n._("1 new book") : i18n._("{count} new books", { count: number(n) }),
    rows: (n: number) => (n === 1 ? i18n._("1 row") : i18n._("{count} rows", { count: number(n) })),
  };
}

export default function BookImportPage() {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const count = useCounts();
  const inputId = useId();
  const [file, setFile] = useState<Picked | null>(null);
  const [report, setReport] = useState<BookImportReport | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function pick(f: File | undefined) {
    setReport(null);
    setMessage(null);
    if (!f) {
      setFile(null);
      return;
    }
    if (f.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setMessage({
        text: i18n._("{name} is larger than {size}: split it", {
          name: f.name,
          size: `${number(MAX_IMPORT_BYTES / 1024 / 1024)} MB`,
        }),
        tone: "error",
      });
      return;
    }
    setFile({ name: f.name, bytes: await f.arrayBuffer() });
  }

  // A file chosen before the page's scripts ran (a slow line) is in the input but raised no
  // change React heard: it is taken up once they run.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser
  useEffect(() => {
    const chosen = input.current?.files?.[0];
    if (chosen) void pick(chosen);
  }, []);

  async function send(mode: "preview" | "apply") {
    if (!file) return;
    setBusy(mode);
    setMessage(null);
    try {
      const res = await api<BookImportReport>("POST", `${IMPORT_PATH}?mode=${mode}`, file.bytes, {
        contentType: "text/csv",
      });
      const r = res.data!;
      setReport(r);
      if (mode === "apply") {
        const text = r.unchanged
          ? i18n._("Imported: {created}, {updated} changed, {unchanged} unchanged.", {
              created: count.newBooks(r.created),
              updated: count.books(r.updated),
              unchanged: number(r.unchanged),
            })
          : i18n._("Imported: {created}, {updated} changed.", {
              created: count.newBooks(r.created),
              updated: count.books(r.updated),
            });
        setMessage({ text, tone: "success" });
        toast({ title: i18n._("Books imported"), description: text });
      }
    } catch (err) {
      if (err instanceof ApiError && err.data) setReport(err.data as BookImportReport);
      else setReport(null);
      setMessage({
        text: err instanceof Error ? translateMessage(i18n, err.message) : i18n._("Something went wrong"),
        tone: "error",
      });
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    if (!report) return;
    const n = report.created + report.updated;
    const yes = await confirmAction({
      title: i18n._("Import {books}?", { books: count.books(n) }),
      description: i18n._(
        "{created} will be added and {updated} changed, all at once. Stock changes go into the stock ledger.",
        { created: count.newBooks(report.created), updated: count.books(report.updated) },
      ),
      confirmLabel: i18n._("Import {books}", { books: count.books(n) }),
    });
    if (yes) await send("apply");
  }

  const previewed = report !== null && !report.applied;
  const canApply = previewed && report.failed === 0 && report.created + report.updated > 0;
  // Every row that adds or changes a book, also those with errors (the button is then disabled).
  const toApply = report ? report.rows.filter((r) => r.action !== "unchanged").length : 0;

  return (
    <div className="max-w-5xl">
      <PageHeading title={i18n._("Import books")}>
        <p>
          {i18n._(
            "Add or change many books at once from a CSV file (for example saved from Excel or Google Sheets). A row with an id changes that book; a row without one adds a book. Nothing is changed until you import, and a file with any error changes nothing.",
          )}
        </p>
      </PageHeading>

      <div className="mb-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href={TEMPLATE_PATH} download className="font-semibold text-brand-700 underline">
          {i18n._("Download a template")}
        </a>
        <Link to="/admin/books" className="text-brand-700 underline">
          {i18n._("Back to books")}
        </Link>
      </div>

      <section aria-labelledby={`${inputId}-h`} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`${inputId}-h`} className="mb-3 text-lg font-semibold">
          {i18n._("1. Choose the file")}
        </h2>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="peer sr-only"
          onChange={(e: ChangeEvent<HTMLInputElement>) => void pick(e.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e: DragEvent) => {
            e.preventDefault();
            setDragging(false);
            void pick(e.dataTransfer.files[0]);
          }}
          className={cn(
            "flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed px-3 py-4 text-center",
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700",
            dragging ? "border-brand-700 bg-brand-50" : "border-slate-300",
          )}
        >
          <span className="font-medium">
            {file ? file.name : i18n._("Choose a CSV file or drop it here")}
          </span>
          <span className="text-sm text-slate-600">
            {i18n._("At most {rows} rows and {size}", {
              rows: number(MAX_IMPORT_ROWS),
              size: `${number(MAX_IMPORT_BYTES / 1024 / 1024)} MB`,
            })}
          </span>
        </label>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            onClick={() => void send("preview")}
            disabled={!file || busy !== null}
            loading={busy === "preview"}
          >
            {i18n._("Preview")}
          </Button>
          <Button
            variant="primary"
            onClick={() => void apply()}
            disabled={!canApply || busy !== null}
            loading={busy === "apply"}
          >
            {i18n._("Import {books}", { books: count.books(toApply) })}
          </Button>
        </div>
      </section>

      <div className="mt-4" aria-live="polite">
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      </div>

      {report ? <ReportTable report={report} /> : null}

      <details className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <summary className="cursor-pointer font-semibold">{i18n._("The columns")}</summary>
        <p className="mt-2 text-slate-700">
          {i18n._(
            "The first row names the columns; any may be left out (a change then keeps the book's value). An export of the books list has the same columns, so it can be edited and imported back.",
          )}
        </p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
          {BOOK_CSV_COLUMNS.map((c) => (
            <div key={c} className="contents">
              <dt className="font-mono font-semibold">{c}</dt>
              <dd className="text-slate-700">
                {BOOK_CSV_HELP[c] ? i18n._(BOOK_CSV_HELP[c].text, BOOK_CSV_HELP[c].values) : "—"}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

function ReportTable({ report }: { report: BookImportReport }) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const count = useCounts();
  const bad = report.rows.filter((r) => Object.keys(r.errors).length > 0);
  const good = report.rows.filter((r) => Object.keys(r.errors).length === 0);
  const shown = [...bad.slice(0, ERROR_ROWS_SHOWN), ...good.slice(0, OK_ROWS_SHOWN)];
  const hidden = report.rows.length - shown.length;
  return (
    <section aria-labelledby="import-report" className="mt-4">
      <h2 id="import-report" className="mb-2 text-lg font-semibold">
        {report.applied ? i18n._("3. Imported") : i18n._("2. Check the rows")}
      </h2>
      <p role="status" className="mb-3 text-sm">
        {i18n._("{rows}: {created} new, {updated} to change, {unchanged} unchanged", {
          rows: count.rows(report.rows.length),
          created: number(report.created),
          updated: number(report.updated),
          unchanged: number(report.unchanged),
        })}
        {" · "}
        <span className={report.failed ? "font-semibold text-red-800" : "text-emerald-800"}>
          {report.failed
            ? i18n._("{rows} with errors", { rows: count.rows(report.failed) })
            : i18n._("no errors")}
        </span>
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{i18n._("Rows of the file and their errors")}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                {i18n._("Line")}
              </th>
              <th scope="col" className="px-3 py-2">
                {i18n._("Action")}
              </th>
              <th scope="col" className="px-3 py-2">
                {i18n._("Title")}
              </th>
              <th scope="col" className="px-3 py-2">
                {i18n._("Errors")}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const errors = Object.entries(r.errors);
              return (
                <tr
                  key={r.line}
                  className={cn("border-t border-slate-100 align-top", errors.length > 0 && "bg-red-50")}
                >
                  <td className="px-3 py-2 tabular-nums">{number(r.line)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {i18n._(ACTION_LABEL[r.action])}
                    {r.id ? <span className="text-slate-600"> #{r.id}</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    {r.title || <span className="text-slate-600">{i18n._("(no title)")}</span>}
                  </td>
                  <td className="px-3 py-2">
                    {errors.length ? (
                      <ul className="space-y-1">
                        {errors.map(([column, text]) => (
                          <li key={column}>
                            <span className="rounded bg-red-100 px-1 font-mono font-semibold text-red-900">
                              {column}
                            </span>{" "}
                            <span className="text-red-900">{translateMessage(i18n, text)}</span>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-emerald-800">{i18n._("OK")}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hidden > 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {hidden === 1
            ? i18n._("1 more row without errors not shown.")
            : i18n._("{count} more rows without errors not shown.", { count: number(hidden) })}
        </p>
      ) : null}
      {report.applied ? (
        <p className="mt-3">
          <Link to="/admin/books" className={buttonClass("secondary")}>
            {i18n._("See the books")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
