import { ReportRangeForm, ReportTable, usePeriod } from "../../components/admin/report-parts";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report-shop";
import { loadShopReport } from "./report.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Stationery report") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShopReport(context, request);
}

export default function StationeryReportPage({ loaderData }: Route.ComponentProps) {
  const { report, error, asked } = loaderData;
  const { from, to, totals, stock } = report;
  const { i18n } = useLingui();
  const { taka, number } = useFormat();
  const period = usePeriod();
  return (
    <div>
      <PageHeading title={i18n._("Stationery report")}>
        <p>
          {i18n._("Stationery sales from {from} to {to}, stock value and low stock.", {
            from: period.label(from),
            to: period.label(to),
          })}
        </p>
      </PageHeading>
      <ReportRangeForm from={from} to={to} preset={report.preset} error={error} asked={asked} />
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [i18n._("Orders"), number(totals.orders)],
          [i18n._("Units sold"), number(totals.units)],
          [i18n._("Sales"), taka(totals.sales)],
          [i18n._("Stock value"), taka(stock.value)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-6 text-sm text-slate-600">
        {i18n._("{units} units of {products} products on hand.", {
          units: number(stock.units),
          products: number(stock.products),
        })}{" "}
        {i18n._(report.stockValueMeaning)}
      </p>
      <ReportTable
        title={i18n._("Low stock (at most {count})", { count: number(report.lowStockThreshold) })}
        rows={report.lowStock}
        rowKey={(r) => String(r.id)}
        empty={i18n._("No stationery is low on stock.")}
        columns={[
          {
            header: i18n._("Product"),
            cell: (r) => (r.published ? r.title : i18n._("{title} (not published)", { title: r.title })),
          },
          { header: i18n._("In stock"), cell: (r) => number(r.stock), numeric: true },
        ]}
      />
      <ReportTable
        title={i18n._("Stationery sold")}
        rows={report.products}
        rowKey={(r) => String(r.id)}
        columns={[
          { header: i18n._("Product"), cell: (r) => r.title },
          { header: i18n._("Units"), cell: (r) => number(r.units), numeric: true },
          { header: i18n._("Sales"), cell: (r) => taka(r.sales), numeric: true },
        ]}
      />
      <ReportTable
        title={i18n._("Stationery sales by day")}
        rows={report.byDay}
        rowKey={(r) => r.key}
        columns={[
          { header: i18n._("Day"), cell: (r) => period.label(r.key) },
          { header: i18n._("Orders"), cell: (r) => number(r.orders), numeric: true },
          { header: i18n._("Units"), cell: (r) => number(r.units), numeric: true },
          { header: i18n._("Sales"), cell: (r) => taka(r.sales), numeric: true },
        ]}
      />
    </div>
  );
}
