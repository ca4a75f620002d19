/**
 * The reports' shared pieces: the range form (a named range or two Dhaka days), a table of
 * figures with its CSV download, and the button that exports a long range as a background job
 * and follows its progress.
 */
import { type ReactNode, useEffect, useState } from "react";
import { Form } from "react-router";
import { JOB_POLL_MS, type Job, jobDownloadPath, jobPath } from "../../../contracts/jobs";
import { formatTaka } from "../../../contracts/money";
import { REPORT_PRESET_LABELS, REPORT_PRESETS } from "../../../contracts/reports";
import { ApiError, api } from "../../lib/api";
import { buttonClass } from "../ui/button";
import { TextField } from "../ui/field";

type RangeError = { message: string; fields: Record<string, string> } | null;

/**
 * The range form of every page over a range of days: a named range (only where the page's range
 * takes one: pass `preset`), From and To, the page's own `fields` (a grouping), Show, and the
 * page's `actions` (a download); a range that could not be is named below it.
 */
export function ReportRangeForm({
  from,
  to,
  preset,
  error,
  asked,
  fields,
  actions,
}: {
  from: string;
  to: string;
  /** The named range chosen (null: none); leave it out where the page has no named ranges. */
  preset?: string | null;
  error: RangeError;
  asked: Record<string, string>;
  fields?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Range">
        {preset !== undefined ? (
          <label className="flex w-full flex-col gap-1 text-sm font-medium text-slate-800 min-[420px]:w-44">
            Range
            <select
              name="preset"
              defaultValue={preset ?? ""}
              className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
            >
              <option value="">From and to below</option>
              {REPORT_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {REPORT_PRESET_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <TextField
          label="From"
          type="date"
          name="from"
          defaultValue={error ? asked.from : from}
          error={error?.fields.from}
          className="w-full min-[420px]:w-44"
        />
        <TextField
          label="To"
          type="date"
          name="to"
          defaultValue={error ? asked.to : to}
          error={error?.fields.to}
          className="w-full min-[420px]:w-44"
        />
        {fields}
        <button type="submit" className={buttonClass("primary")}>
          Show
        </button>
        {actions}
      </Form>
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error.message}. Showing the last 30 days instead.
        </p>
      ) : null}
    </>
  );
}

export type ReportColumn<Row> = {
  header: string;
  cell: (row: Row) => string | number;
  numeric?: boolean;
};

/** One table of a report, with its heading and CSV download. */
export function ReportTable<Row>({
  title,
  rows,
  columns,
  csv,
  rowKey,
  empty = "Nothing in this range.",
}: {
  title: string;
  rows: readonly Row[];
  columns: ReportColumn<Row>[];
  csv?: string;
  rowKey: (row: Row) => string;
  empty?: string;
}) {
  const id = `t-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mb-8 min-w-0">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {csv ? (
          <a href={csv} download className={buttonClass("secondary")}>
            Download CSV
          </a>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">
          {empty}
        </p>
      ) : (
        <section
          aria-label={`${title}, table`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-white"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`px-3 py-2 ${c.numeric ? "text-right" : ""}`}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={rowKey(r)} className="border-t border-slate-100">
                  {columns.map((c) => (
                    <td
                      key={c.header}
                      className={`px-3 py-2 ${c.numeric ? "text-right tabular-nums" : "break-words"}`}
                    >
                      {c.cell(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

export const taka = (poisha: number) => formatTaka(poisha);

/** Starts a background export and shows its progress, then its download link. */
export function JobExport({
  kind,
  params,
  label,
}: {
  kind: string;
  params: Record<string, string>;
  label: string;
}) {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!job || job.status === "done" || job.status === "failed") return;
    const timer = setTimeout(async () => {
      try {
        const res = await api<Job>("GET", jobPath(job.id));
        if (res.data) setJob(res.data);
      } catch (e) {
        setError(e instanceof ApiError ? e.message : "The export's progress could not be read");
      }
    }, JOB_POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  async function start() {
    if (starting) return;
    setStarting(true);
    setError(null);
    try {
      const res = await api<Job>("POST", "/api/admin/jobs", { kind, params });
      if (res.data) setJob(res.data);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The export could not start");
    } finally {
      setStarting(false);
    }
  }

  const share = job?.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
  return (
    <div className="flex flex-wrap items-center gap-3" aria-live="polite">
      {!job || job.status === "failed" ? (
        <button type="button" className={buttonClass("secondary")} onClick={start} disabled={starting}>
          {starting ? "Please wait..." : label}
        </button>
      ) : null}
      {job && (job.status === "queued" || job.status === "running") ? (
        <div className="flex min-w-48 items-center gap-2 text-sm text-slate-700">
          <progress max={100} value={share} aria-label="Export progress" className="w-32" />
          <span>
            {job.status === "queued" ? "Waiting to start" : `${job.done.toLocaleString("en")} rows`}
            {job.total ? ` of ${job.total.toLocaleString("en")}` : ""}
          </span>
        </div>
      ) : null}
      {job?.status === "done" ? (
        <a href={jobDownloadPath(job.id)} download className={buttonClass("primary")}>
          Download {job.filename ?? "CSV"}
        </a>
      ) : null}
      {job?.status === "failed" ? (
        <span className="text-sm text-red-700">Export failed: {job.error}</span>
      ) : null}
      {error ? <span className="text-sm text-red-700">{error}</span> : null}
    </div>
  );
}
