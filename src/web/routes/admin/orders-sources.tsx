import { describeSource } from "../../../contracts/reports";
import { SALES_MEANING } from "../../../contracts/sales";
import { OrdersNav } from "../../components/admin/orders-list";
import { ReportRangeForm, usePeriod } from "../../components/admin/report-parts";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-sources";
import { loadOrderSources } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Orders by source") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrderSources(context, request);
}

export default function OrderSourcesPage({ loaderData }: Route.ComponentProps) {
  const { report, error, asked } = loaderData;
  const { from, to, rows, totals } = report;
  const csv = `/api/admin/orders/sources.csv?${new URLSearchParams({ from, to })}`;
  const { i18n } = useLingui();
  const { taka, number } = useFormat();
  const period = usePeriod();
  return (
    <div>
      <PageHeading title={i18n._("Orders by source")}>
        <p>
          {i18n._("Orders and revenue by the page or the referral code they came from, {from} to {to}.", {
            from: period.label(from),
            to: period.label(to),
          })}
        </p>
      </PageHeading>
      <OrdersNav />
      <ReportRangeForm
        from={from}
        to={to}
        error={error}
        asked={asked}
        actions={
          <a href={csv} download className={buttonClass("secondary")}>
            {i18n._("Download CSV")}
          </a>
        }
      />
      <p className="mb-4 text-sm text-slate-600">{i18n._(SALES_MEANING)}</p>
      {rows.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-slate-600">
          {i18n._("No sales in this range.")}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{i18n._("Orders and revenue by source")}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {i18n._("Source")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {i18n._("Kind")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {i18n._("Orders")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {i18n._("Revenue")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.source}-${r.referral}`} className="border-t border-slate-100">
                  <td className="px-3 py-1.5 break-all">
                    {describeSource(r.source, (id, values) => i18n._(id, values))}
                  </td>
                  <td className="px-3 py-1.5">{r.referral ? i18n._("Referral code") : i18n._("Page")}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{number(r.orders)}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{taka(r.revenue)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-200 font-semibold">
                <th scope="row" colSpan={2} className="px-3 py-2">
                  {i18n._("Total")}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{number(totals.orders)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {taka(totals.revenue)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
