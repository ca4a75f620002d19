/**
 * A bar or line chart of money (poisha, shown in taka) or counts over a series of days or months,
 * for admin pages. uPlot and its style sheet are imported when the chart mounts, so they load in a
 * chunk of their own and only on a page that draws a chart; the server renders the text
 * alternative and the table, which are there before (and without) the script.
 *
 * Accessible: the plot is an image whose name says what it shows, its total and its highest
 * point; the same figures are in a table behind "Show as table" (or in the page's own table, with
 * `table={false}`). It follows its container's width, down to a 360 px phone.
 */
import { useEffect, useId, useRef, useState } from "react";
import type uPlot from "uplot";
import { banglaDigits, DEFAULT_LOCALE, formatNumber, type Locale } from "../../../contracts/locale";
import { formatTaka } from "../../../contracts/money";
import { useLingui, useLocale } from "../../i18n";

export type ChartSeries = {
  label: string;
  /** One value per point, in poisha for money. */
  values: number[];
  format: "money" | "count";
};

export type ChartProps = {
  /** What the chart shows, e.g. "Revenue per day": its heading and the start of its text alternative. */
  title: string;
  /** The points' names, in order ("5 Mar 2031"). */
  labels: string[];
  /** Shorter names for the axis ("5 Mar"); `labels` when absent. */
  axisLabels?: string[];
  series: ChartSeries;
  type?: "bars" | "line";
  /** What one point is ("Day", "Month"): the legend's and the table's first heading. */
  pointName?: string;
  /** The figures in a table behind "Show as table"; false when the page shows its own. */
  table?: boolean;
  height?: number;
};

const BRAND = "#006a4e";

function formatValue(format: ChartSeries["format"], v: number, locale: Locale = DEFAULT_LOCALE): string {
  return format === "money" ? formatTaka(v, locale) : formatNumber(v, locale);
}

/** The axis reads whole taka, shortened on a phone (৳12.5k; in Bangla ৳১২.৫ হা, ৳১.২ লা). */
function axisValue(format: ChartSeries["format"], v: number, locale: Locale = DEFAULT_LOCALE): string {
  const n = format === "money" ? v / 100 : v;
  const prefix = format === "money" ? "৳" : "";
  const bn = locale === "bn";
  const short = (x: number, unit: string) => {
    const text = `${prefix}${x.toLocaleString("en-IN", { maximumFractionDigits: 1 })}${unit}`;
    return bn ? banglaDigits(text) : text;
  };
  if (Math.abs(n) >= 100_000) return short(n / 100_000, bn ? " লা" : "L");
  if (Math.abs(n) >= 1_000) return short(n / 1_000, bn ? " হা" : "k");
  return short(Math.round(n), "");
}

type Translate = (id: string, values?: Record<string, unknown>) => string;
/** English as written, with its placeholders filled: the text outside a page's catalogue. */
const asWritten: Translate = (id, values) =>
  id.replace(/\{(\w+)\}/g, (whole, key: string) => (values && key in values ? String(values[key]) : whole));

/**
 * The text alternative: what, over which points, the total and the highest point; in the
 * page's language when given its `locale` and translation `t`.
 */
export function chartSummary(
  { title, labels, series }: Pick<ChartProps, "title" | "labels" | "series">,
  locale: Locale = DEFAULT_LOCALE,
  t: Translate = asWritten,
): string {
  if (labels.length === 0) return t(/*i18n*/ "{title}: no figures.", { title });
  const total = series.values.reduce((s, v) => s + v, 0);
  const range =
    labels.length === 1 ? labels[0] : t(/*i18n*/ "{from} to {to}", { from: labels[0], to: labels.at(-1) });
  if (total === 0) return t(/*i18n*/ "{title}, {range}: nothing sold.", { title, range });
  let top = 0;
  series.values.forEach((v, i) => {
    if (v > (series.values[top] ?? 0)) top = i;
  });
  return t(/*i18n*/ "{title}, {range}: {series} {total} in all; highest {top} on {point}.", {
    title,
    range,
    series: series.label.toLowerCase(),
    total: formatValue(series.format, total, locale),
    top: formatValue(series.format, series.values[top] ?? 0, locale),
    point: labels[top],
  });
}

type Figures = Required<Pick<ChartProps, "labels" | "series" | "pointName" | "type" | "height">> &
  Pick<ChartProps, "axisLabels">;

export function Chart({
  title,
  labels,
  axisLabels,
  series,
  pointName: pointNameGiven,
  type = "bars",
  table = true,
  height = 220,
}: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [failed, setFailed] = useState(false);
  const { i18n } = useLingui();
  const locale = useLocale();
  const pointName = pointNameGiven ?? i18n._("Day");
  const summary = chartSummary({ title, labels, series }, locale, (id, values) => i18n._(id, values));
  const allLabel = i18n._("All");
  // Drawn again only when the figures change, not on every render of the page.
  const figures = JSON.stringify({ labels, axisLabels, series, pointName, type, height, locale, allLabel });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { labels, axisLabels, series, pointName, type, height, locale, allLabel } = JSON.parse(
      figures,
    ) as Figures & { locale: Locale; allLabel: string };
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    const short = axisLabels ?? labels;
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")])
      .then(([{ default: UPlot }]) => {
        if (gone) return;
        const xs = labels.map((_, i) => i);
        const total = series.values.reduce((sum, v) => sum + v, 0);
        const opts: uPlot.Options = {
          width: Math.max(200, el.clientWidth),
          height,
          legend: { show: true, live: true },
          cursor: { drag: { x: false, y: false }, points: { show: type === "line" } },
          scales: { x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] } },
          axes: [
            {
              stroke: "#334155",
              grid: { show: false },
              // Indexes on the axis; their names, never between two points.
              splits: (u) => {
                // Bangla month names are longer than the English abbreviations: fewer names fit.
                const room = Math.max(
                  1,
                  Math.floor(u.bbox.width / devicePixelRatio / (locale === "bn" ? 84 : 56)),
                );
                const step = Math.max(1, Math.ceil(labels.length / room));
                return xs.filter((i) => i % step === 0);
              },
              values: (_u, splits) => splits.map((i) => short[i] ?? ""),
            },
            {
              stroke: "#334155",
              grid: { stroke: "#e2e8f0" },
              size: 56,
              values: (_u, splits) => splits.map((v) => axisValue(series.format, v, locale)),
            },
          ],
          series: [
            // Away from the chart the legend reads the whole range and its total.
            { label: pointName, value: (_u, i) => (i == null ? allLabel : (labels[i] ?? "")) },
            {
              label: series.label,
              stroke: BRAND,
              width: type === "line" ? 2 : 0,
              fill: type === "bars" ? BRAND : "rgba(0, 106, 78, 0.12)",
              paths: type === "bars" ? UPlot.paths.bars?.({ size: [0.7, 48] }) : undefined,
              points: { show: type === "line" && labels.length <= 40 },
              value: (_u, v) => formatValue(series.format, v ?? total, locale),
            },
          ],
        };
        plot = new UPlot(opts, [xs, series.values], el);
        observer = new ResizeObserver(() => {
          if (plot && el.clientWidth > 0) plot.setSize({ width: el.clientWidth, height });
        });
        observer.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [figures]);

  return (
    <figure
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
      aria-labelledby={headingId}
    >
      <figcaption id={headingId} className="mb-2 font-semibold text-slate-900">
        {title}
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={summary}
        className="pathagar-chart w-full min-w-0 overflow-hidden"
        style={{ minHeight: height + 32 }}
      >
        {failed ? (
          <p className="text-sm text-slate-600">
            {i18n._("The chart could not be drawn; the figures are in the table.")}
          </p>
        ) : null}
      </div>
      {table ? (
        <details className="mt-3 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
            {i18n._("Show as table")}
          </summary>
          <ChartTable labels={labels} series={series} periodHeading={pointName} />
        </details>
      ) : null}
    </figure>
  );
}

/** The chart's figures as a table (the page's own, or behind "Show as table"). */
export function ChartTable({
  labels,
  series,
  periodHeading,
}: Pick<ChartProps, "labels" | "series"> & { periodHeading: string }) {
  const locale = useLocale();
  return (
    <div className="mt-2">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              {periodHeading}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {series.label}
            </th>
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label} className="border-t border-slate-100">
              <td className="px-3 py-1.5 whitespace-nowrap">{label}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">
                {formatValue(series.format, series.values[i] ?? 0, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
