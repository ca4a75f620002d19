import { type ChangeEvent, type DragEvent, useId, useState } from "react";
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
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/book-import";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Import books") }];

/** Rows without errors shown under the ones with errors (a file may have 10,000). */
const OK_ROWS_SHOWN = 50;
/** Rows with errors shown at most. */
const ERROR_ROWS_SHOWN = 500;

const ACTION_LABEL = { create: "New", update: "Change", unchanged: "Unchanged" } as const;

type Picked = { name: string; text: string };

function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

export default function BookImportPage() {
  const inputId = useId();
  const [file, setFile] = useState<Picked | null>(null);
  const [report, setReport] = useState<BookImportReport | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  const [dragging, setDragging] = useState(false);

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
        text: `${f.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it`,
        tone: "error",
      });
      return;
    }
    setFile({ name: f.name, text: await f.text() });
  }

  async function send(mode: "preview" | "apply") {
    if (!file) return;
    setBusy(mode);
    setMessage(null);
    try {
      const res = await api<BookImportReport>("POST", `${IMPORT_PATH}?mode=${mode}`, file.text, {
        contentType: "text/csv",
      });
      const r = res.data!;
      setReport(r);
      if (mode === "apply") {
        const text = `Imported: ${plural(r.created, "new book")}, ${plural(r.updated, "book")} changed${r.unchanged ? `, ${r.unchanged.toLocaleString("en")} unchanged` : ""}.`;
        setMessage({ text, tone: "success" });
        toast({ title: "Books imported", description: text });
      }
    } catch (err) {
      if (err instanceof ApiError && err.data) setReport(err.data as BookImportReport);
      else setReport(null);
      setMessage({ text: err instanceof Error ? err.message : "Something went wrong", tone: "error" });
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    if (!report) return;
    const n = report.created + report.updated;
    const yes = await confirmAction({
      title: `Import ${plural(n, "book")}?`,
      description: `${plural(report.created, "new book")} will be added and ${plural(report.updated, "book")} changed, all at once. Stock changes go into the stock ledger.`,
      confirmLabel: `Import ${plural(n, "book")}`,
    });
    if (yes) await send("apply");
  }

  const previewed = report !== null && !report.applied;
  const canApply = previewed && report.failed === 0 && report.created + report.updated > 0;
  // Every row that adds or changes a book, also those with errors (the button is then disabled).
  const toApply = report ? report.rows.filter((r) => r.action !== "unchanged").length : 0;

  return (
    <div className="max-w-5xl">
      <PageHeading title="Import books">
        <p>
          Add or change many books at once from a CSV file (for example saved from Excel or Google Sheets). A
          row with an id changes that book; a row without one adds a book. Nothing is changed until you
          import, and a file with any error changes nothing.
        </p>
      </PageHeading>

      <div className="mb-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href={TEMPLATE_PATH} download className="font-semibold text-brand-700 underline">
          Download a template
        </a>
        <Link to="/admin/books" className="text-brand-700 underline">
          Back to books
        </Link>
      </div>

      <section aria-labelledby={`${inputId}-h`} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`${inputId}-h`} className="mb-3 text-lg font-semibold">
          1. Choose the file
        </h2>
        <input
          id={inputId}
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
          <span className="font-medium">{file ? file.name : "Choose a CSV file or drop it here"}</span>
          <span className="text-sm text-slate-600">
            At most {MAX_IMPORT_ROWS.toLocaleString("en")} rows and {MAX_IMPORT_BYTES / 1024 / 1024} MB
          </span>
        </label>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            onClick={() => void send("preview")}
            disabled={!file || busy !== null}
            loading={busy === "preview"}
          >
            Preview
          </Button>
          <Button
            variant="primary"
            onClick={() => void apply()}
            disabled={!canApply || busy !== null}
            loading={busy === "apply"}
          >
            {`Import ${plural(toApply, "book")}`}
          </Button>
        </div>
      </section>

      <div className="mt-4" aria-live="polite">
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      </div>

      {report ? <ReportTable report={report} /> : null}

      <details className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <summary className="cursor-pointer font-semibold">The columns</summary>
        <p className="mt-2 text-slate-700">
          The first row names the columns; any may be left out (a change then keeps the book&apos;s value). An
          export of the books list has the same columns, so it can be edited and imported back.
        </p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
          {BOOK_CSV_COLUMNS.map((c) => (
            <div key={c} className="contents">
              <dt className="font-mono font-semibold">{c}</dt>
              <dd className="text-slate-700">{BOOK_CSV_HELP[c] || "—"}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

function ReportTable({ report }: { report: BookImportReport }) {
  const bad = report.rows.filter((r) => Object.keys(r.errors).length > 0);
  const good = report.rows.filter((r) => Object.keys(r.errors).length === 0);
  const shown = [...bad.slice(0, ERROR_ROWS_SHOWN), ...good.slice(0, OK_ROWS_SHOWN)];
  const hidden = report.rows.length - shown.length;
  return (
    <section aria-labelledby="import-report" className="mt-4">
      <h2 id="import-report" className="mb-2 text-lg font-semibold">
        {report.applied ? "3. Imported" : "2. Check the rows"}
      </h2>
      <p role="status" className="mb-3 text-sm">
        {plural(report.rows.length, "row")}: {report.created.toLocaleString("en")} new,{" "}
        {report.updated.toLocaleString("en")} to change, {report.unchanged.toLocaleString("en")} unchanged
        {" · "}
        <span className={report.failed ? "font-semibold text-red-800" : "text-emerald-800"}>
          {report.failed ? `${plural(report.failed, "row")} with errors` : "no errors"}
        </span>
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the file and their errors</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Action
              </th>
              <th scope="col" className="px-3 py-2">
                Title
              </th>
              <th scope="col" className="px-3 py-2">
                Errors
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
                  <td className="px-3 py-2 tabular-nums">{r.line}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {ACTION_LABEL[r.action]}
                    {r.id ? <span className="text-slate-600"> #{r.id}</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    {r.title || <span className="text-slate-600">(no title)</span>}
                  </td>
                  <td className="px-3 py-2">
                    {errors.length ? (
                      <ul className="space-y-1">
                        {errors.map(([column, text]) => (
                          <li key={column}>
                            <span className="rounded bg-red-100 px-1 font-mono font-semibold text-red-900">
                              {column}
                            </span>{" "}
                            <span className="text-red-900">{text}</span>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-emerald-800">OK</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hidden > 0 ? (
        <p className="mt-2 text-sm text-slate-600">{plural(hidden, "more row")} without errors not shown.</p>
      ) : null}
      {report.applied ? (
        <p className="mt-3">
          <Link to="/admin/books" className={buttonClass("secondary")}>
            See the books
          </Link>
        </p>
      ) : null}
    </section>
  );
}
