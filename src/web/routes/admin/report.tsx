import { PRODUCT_KIND_LABELS } from "../../../contracts/admin-coupons";
import {
  describeDistrict,
  describeSource,
  SALES_TABLE_LABELS,
  type SalesTable,
} from "../../../contracts/reports";
import { Chart } from "../../components/admin/chart";
import {
  JobExport,
  type ReportColumn,
  ReportRangeForm,
  ReportTable,
  usePeriod,
} from "../../components/admin/report-parts";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report";
import { loadSalesReport } from "./report.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Reports") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSalesReport(context, request);
}

type Row = { key: string; orders: number; units: number; sales: number; credited: number; net: number };

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { report, error, asked } = loaderData;
  const { i18n } = useLingui();
  const { taka, number } = useFormat();
  const period = usePeriod();
  const figures: ReportColumn<Row>[] = [
    { header: i18n._("Orders"), cell: (r) => number(r.orders), numeric: true },
    { header: i18n._("Units"), cell: (r) => number(r.units), numeric: true },
    { header: i18n._("Sales"), cell: (r) => taka(r.sales), numeric: true },
    { header: i18n._("Credited"), cell: (r) => taka(r.credited), numeric: true },
    { header: i18n._("Net"), cell: (r) => taka(r.net), numeric: true },
  ];
  const { from, to, totals } = report;
  const csv = (table: SalesTable) =>
    `/api/admin/reports/sales.csv?${new URLSearchParams({ from, to, table })}`;
  const chart = {
    labels: report.byDay.map((d) => period.label(d.key)),
    axisLabels: report.byDay.map((d) => period.short(d.key)),
    series: { label: i18n._("Net sales"), values: report.byDay.map((d) => d.net), format: "money" as const },
  };
  return (
    <div>
      <PageHeading title={i18n._("Reports")}>
        <p>
          {i18n._("Sales from {from} to {to}, in Dhaka days.", {
            from: period.label(from),
            to: period.label(to),
          })}
        </p>
      </PageHeading>
      <ReportRangeForm from={from} to={to} preset={report.preset} error={error} asked={asked} />
      <p className="mb-2 text-sm text-slate-600">{i18n._(report.salesMeaning)}</p>
      <p className="mb-4 text-sm text-slate-600">{i18n._(report.creditMeaning)}</p>

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [i18n._("Orders"), number(totals.orders)],
          [i18n._("Sales"), taka(totals.sales)],
          [i18n._("Credited"), taka(totals.credited)],
          [i18n._("Net sales"), taka(totals.net)],
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
          {i18n._(SALES_TABLE_LABELS.orders)}
        </h2>
        <p className="mb-2 text-sm text-slate-600">
          {i18n._("Every order placed in the range ({count}), with what it counts for.", {
            count: number(report.export.orders),
          })}
        </p>
        {report.export.mode === "stream" ? (
          <a href={csv("orders")} download className="font-semibold text-brand-700 underline">
            {i18n._("Download CSV")}
          </a>
        ) : (
          <JobExport
            kind="sales-csv"
            params={{ from, to, table: "orders" }}
            label={i18n._("Export as CSV (in the background)")}
          />
        )}
      </section>

      <div className="mb-8">
        <Chart title={i18n._("Net sales per day")} pointName={i18n._("Day")} table={false} {...chart} />
      </div>

      <ReportTable
        title={i18n._(SALES_TABLE_LABELS.day)}
        rows={report.byDay}
        rowKey={(r) => r.key}
        csv={csv("day")}
        columns={[{ header: i18n._("Day"), cell: (r) => period.label(r.key) }, ...figures]}
      />
      <ReportTable
        title={i18n._(SALES_TABLE_LABELS.month)}
        rows={report.byMonth}
        rowKey={(r) => r.key}
        csv={csv("month")}
        columns={[
          { header: i18n._("Month"), cell: (r) => (i18n.locale === "bn" ? period.label(r.key) : r.key) },
          ...figures,
        ]}
      />
      <div className="grid gap-x-6 lg:grid-cols-2">
        <ReportTable
          title={i18n._(SALES_TABLE_LABELS.kind)}
          rows={report.byKind}
          rowKey={(r) => r.kind}
          csv={csv("kind")}
          columns={[
            {
              header: i18n._("Kind"),
              cell: (r) => (PRODUCT_KIND_LABELS[r.kind] ? i18n._(PRODUCT_KIND_LABELS[r.kind]!) : r.kind),
            },
            { header: i18n._("Units"), cell: (r) => number(r.units), numeric: true },
            { header: i18n._("Sales"), cell: (r) => taka(r.sales), numeric: true },
          ]}
        />
        <ReportTable
          title={i18n._(SALES_TABLE_LABELS.source)}
          rows={report.bySource}
          rowKey={(r) => r.key}
          csv={csv("source")}
          columns={[
            {
              header: i18n._("Source"),
              cell: (r) => describeSource(r.key, (id, values) => i18n._(id, values)),
            },
            ...figures,
          ]}
        />
        <ReportTable
          title={i18n._(SALES_TABLE_LABELS.district)}
          rows={report.byDistrict}
          rowKey={(r) => r.key}
          csv={csv("district")}
          columns={[
            { header: i18n._("District"), cell: (r) => describeDistrict(r.key, (id) => i18n._(id)) },
            ...figures,
          ]}
        />
        <ReportTable
          title={i18n._("Top products")}
          rows={report.topProducts}
          rowKey={(r) => String(r.id)}
          csv={csv("products")}
          columns={[
            { header: i18n._("Product"), cell: (r) => r.title },
            { header: i18n._("Units"), cell: (r) => number(r.units), numeric: true },
            { header: i18n._("Sales"), cell: (r) => taka(r.sales), numeric: true },
          ]}
        />
      </div>
    </div>
  );
}
