import { periodLabel } from "../../../contracts/sales";
import { ReportRangeForm, ReportTable, taka } from "../../components/admin/report-parts";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report-shop";
import { loadShopReport } from "./report.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Stationery report") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShopReport(context, request);
}

export default function StationeryReportPage({ loaderData }: Route.ComponentProps) {
  const { report, error, asked } = loaderData;
  const { from, to, totals, stock } = report;
  return (
    <div>
      <PageHeading title="Stationery report">
        <p>
          Stationery sales from {periodLabel(from)} to {periodLabel(to)}, stock value and low stock.
        </p>
      </PageHeading>
      <ReportRangeForm from={from} to={to} preset={report.preset} error={error} asked={asked} />
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Orders", totals.orders.toLocaleString("en")],
          ["Units sold", totals.units.toLocaleString("en")],
          ["Sales", taka(totals.sales)],
          ["Stock value", taka(stock.value)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-6 text-sm text-slate-600">
        {stock.units.toLocaleString("en")} units of {stock.products.toLocaleString("en")} products on hand.{" "}
        {report.stockValueMeaning}
      </p>
      <ReportTable
        title={`Low stock (at most ${report.lowStockThreshold})`}
        rows={report.lowStock}
        rowKey={(r) => String(r.id)}
        empty="No stationery is low on stock."
        columns={[
          { header: "Product", cell: (r) => `${r.title}${r.published ? "" : " (not published)"}` },
          { header: "In stock", cell: (r) => r.stock, numeric: true },
        ]}
      />
      <ReportTable
        title="Stationery sold"
        rows={report.products}
        rowKey={(r) => String(r.id)}
        columns={[
          { header: "Product", cell: (r) => r.title },
          { header: "Units", cell: (r) => r.units.toLocaleString("en"), numeric: true },
          { header: "Sales", cell: (r) => taka(r.sales), numeric: true },
        ]}
      />
      <ReportTable
        title="Stationery sales by day"
        rows={report.byDay}
        rowKey={(r) => r.key}
        columns={[
          { header: "Day", cell: (r) => periodLabel(r.key) },
          { header: "Orders", cell: (r) => r.orders, numeric: true },
          { header: "Units", cell: (r) => r.units, numeric: true },
          { header: "Sales", cell: (r) => taka(r.sales), numeric: true },
        ]}
      />
    </div>
  );
}
