/**
 * A product's sales page (books and bundles share it): the range and grouping in the URL, a chart
 * of revenue, the figures in a table, a CSV download of the same, and the way back to the product.
 */
import { useMemo } from "react";
import { Link } from "react-router";
import { adminProductPath, type ProductSales, SALES_MEANING } from "../../../contracts/sales";
import { useFormat, useLingui } from "../../i18n";
import { PageHeading } from "../page-heading";
import { buttonClass } from "../ui/button";
import { Chart } from "./chart";
import { usePeriodLabels } from "./period-labels";
import { ReportRangeForm } from "./report-parts";

export type ProductSalesPageData = {
  sales: ProductSales;
  error: { message: string; fields: Record<string, string> } | null;
  asked: Record<string, string>;
};

/** `heading` is an English message, shown in the page's language. */
export function ProductSalesPage({ heading, data }: { heading: string; data: ProductSalesPageData }) {
  const { i18n } = useLingui();
  const { locale, taka, number } = useFormat();
  const period = usePeriodLabels();
  const { sales, error, asked } = data;
  const { product, group, from, to, rows, totals } = sales;
  const point = group === "day" ? i18n._("Day") : i18n._("Month");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the period labels change only with the locale
  const chart = useMemo(
    () => ({
      labels: rows.map((r) => period.label(r.period)),
      axisLabels: rows.map((r) => period.short(r.period)),
      series: { label: i18n._("Revenue"), values: rows.map((r) => r.revenue), format: "money" as const },
    }),
    [rows, locale, i18n],
  );
  const csv = `/api/admin/products/${product.id}/sales.csv?${new URLSearchParams({ group, from, to })}`;
  const editLabel = product.kind === "bundle" ? i18n._("Edit the bundle") : i18n._("Edit the book");
  return (
    <div>
      <PageHeading title={i18n._(heading)}>
        <p className="text-lg font-semibold text-slate-900">
          {product.title}
          {product.titleBn ? (
            <span lang="bn" className="ml-2 font-normal text-slate-700">
              {product.titleBn}
            </span>
          ) : null}
        </p>
        <p className="mt-1">
          <Link to={adminProductPath(product)} className="text-brand-800 underline">
            ← {editLabel}
          </Link>
        </p>
      </PageHeading>

      <ReportRangeForm
        from={from}
        to={to}
        error={error}
        asked={asked}
        fields={
          <label className="block w-full min-[420px]:w-36">
            <span className="mb-1 block text-sm font-medium text-slate-900">{i18n._("Group by")}</span>
            <select
              name="group"
              defaultValue={group}
              className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base"
            >
              <option value="day">{i18n._("Day")}</option>
              <option value="month">{i18n._("Month")}</option>
            </select>
          </label>
        }
        actions={
          <a href={csv} download className={buttonClass("secondary")}>
            {i18n._("Download CSV")}
          </a>
        }
      />

      <div className="mb-4 grid grid-cols-2 gap-3">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold text-slate-700">
            {i18n._("Revenue, {from} to {to}", { from: period.label(from), to: period.label(to) })}
          </h2>
          <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{taka(totals.revenue)}</p>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold text-slate-700">{i18n._("Units sold")}</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{number(totals.units)}</p>
        </div>
      </div>
      <p className="mb-4 text-sm text-slate-600">{i18n._(SALES_MEANING)}</p>

      <Chart
        title={group === "day" ? i18n._("Revenue per day") : i18n._("Revenue per month")}
        pointName={point}
        type={rows.length > 60 ? "line" : "bars"}
        table={false}
        {...chart}
      />

      <div className="mt-4 rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {group === "day" ? i18n._("Units and revenue per day") : i18n._("Units and revenue per month")}
          </caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                {point}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {i18n._("Units")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {i18n._("Revenue")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.period} className="border-t border-slate-100">
                <td className="px-3 py-1.5 whitespace-nowrap">{period.label(r.period)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{number(r.units)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{taka(r.revenue)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 font-semibold">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                {i18n._("Total")}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{number(totals.units)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{taka(totals.revenue)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
