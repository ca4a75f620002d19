import { useMemo } from "react";
import { PRODUCT_KIND_LABELS } from "../../../contracts/admin-coupons";
import { SALES_TABLE_LABELS, type SalesTable } from "../../../contracts/reports";
import { periodLabel, periodShortLabel } from "../../../contracts/sales";
import { Chart } from "../../components/admin/chart";
import {
  JobExport,
  type ReportColumn,
  ReportRangeForm,
  ReportTable,
  taka,
} from "../../components/admin/report-parts";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report";
import { loadSalesReport } from "./report.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Reports") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSalesReport(context, request);
}

type Row = { key: string; orders: number; units: number; sales: number; credited: number; net: number };

const figures: ReportColumn<Row>[] = [
  { header: "Orders", cell: (r) => r.orders.toLocaleString("en"), numeric: true },
  { header: "Units", cell: (r) => r.units.toLocaleString("en"), numeric: true },
  { header: "Sales", cell: (r) => taka(r.sales), numeric: true },
  { header: "Credited", cell: (r) => taka(r.credited), numeric: true },
  { header: "Net", cell: (r) => taka(r.net), numeric: true },
];

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { report, error, asked } = loaderData;
  const { from, to, totals } = report;
  const csv = (table: SalesTable) =>
    `/api/admin/reports/sales.csv?${new URLSearchParams({ from, to, table })}`;
  const chart = useMemo(
    () => ({
      labels: report.byDay.map((d) => periodLabel(d.key)),
      axisLabels: report.byDay.map((d) => periodShortLabel(d.key)),
      series: { label: "Net sales", values: report.byDay.map((d) => d.net), format: "money" as const },
    }),
    [report.byDay],
  );
  return (
    <div>
      <PageHeading title="Reports">
        <p>
          Sales from {periodLabel(from)} to {periodLabel(to)}, in Dhaka days.
        </p>
      </PageHeading>
      <ReportRangeForm from={from} to={to} preset={report.preset} error={error} asked={asked} />
      <p className="mb-2 text-sm text-slate-600">{report.salesMeaning}</p>
      <p className="mb-4 text-sm text-slate-600">{report.creditMeaning}</p>

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Orders", totals.orders.toLocaleString("en")],
          ["Sales", taka(totals.sales)],
          ["Credited", taka(totals.credited)],
          ["Net sales", taka(totals.net)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <section
        aria-labelledby="orders-export"
        className="mb-8 rounded-lg border border-slate-200 bg-white p-3"
      >
        <h2 id="orders-export" className="mb-2 font-bold text-slate-900">
          {SALES_TABLE_LABELS.orders}
        </h2>
        <p className="mb-2 text-sm text-slate-600">
          Every order placed in the range ({report.export.orders.toLocaleString("en")}), with what it counts
          for.
        </p>
        {report.export.mode === "stream" ? (
          <a href={csv("orders")} download className="font-semibold text-brand-700 underline">
            Download CSV
          </a>
        ) : (
          <JobExport
            kind="sales-csv"
            params={{ from, to, table: "orders" }}
            label="Export as CSV (in the background)"
          />
        )}
      </section>

      <div className="mb-8">
        <Chart title="Net sales per day" pointName="Day" table={false} {...chart} />
      </div>

      <ReportTable
        title={SALES_TABLE_LABELS.day}
        rows={report.byDay}
        rowKey={(r) => r.key}
        csv={csv("day")}
        columns={[{ header: "Day", cell: (r) => periodLabel(r.key) }, ...figures]}
      />
      <ReportTable
        title={SALES_TABLE_LABELS.month}
        rows={report.byMonth}
        rowKey={(r) => r.key}
        csv={csv("month")}
        columns={[{ header: "Month", cell: (r) => r.key }, ...figures]}
      />
      <div className="grid gap-x-6 lg:grid-cols-2">
        <ReportTable
          title={SALES_TABLE_LABELS.kind}
          rows={report.byKind}
          rowKey={(r) => r.kind}
          csv={csv("kind")}
          columns={[
            { header: "Kind", cell: (r) => PRODUCT_KIND_LABELS[r.kind] ?? r.kind },
            { header: "Units", cell: (r) => r.units.toLocaleString("en"), numeric: true },
            { header: "Sales", cell: (r) => taka(r.sales), numeric: true },
          ]}
        />
        <ReportTable
          title={SALES_TABLE_LABELS.source}
          rows={report.bySource}
          rowKey={(r) => r.key}
          csv={csv("source")}
          columns={[{ header: "Source", cell: (r) => r.key }, ...figures]}
        />
        <ReportTable
          title={SALES_TABLE_LABELS.district}
          rows={report.byDistrict}
          rowKey={(r) => r.key}
          csv={csv("district")}
          columns={[{ header: "District", cell: (r) => r.key }, ...figures]}
        />
        <ReportTable
          title="Top products"
          rows={report.topProducts}
          rowKey={(r) => String(r.id)}
          csv={csv("products")}
          columns={[
            { header: "Product", cell: (r) => r.title },
            { header: "Units", cell: (r) => r.units.toLocaleString("en"), numeric: true },
            { header: "Sales", cell: (r) => taka(r.sales), numeric: true },
          ]}
        />
      </div>
    </div>
  );
}
