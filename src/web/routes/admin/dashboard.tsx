import { useMemo } from "react";
import { Link } from "react-router";
import { describeOrderStatus } from "../../../contracts/order-status";
import { ADMIN_MENU, can } from "../../../contracts/permissions";
import { adminProductPath, adminSalesPath, SALES_MEANING } from "../../../contracts/sales";
import { Chart } from "../../components/admin/chart";
import { usePeriodLabels } from "../../components/admin/period-labels";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { getApp } from "../../lib/app-context.server";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/dashboard";
import { loadDashboard } from "./dashboard.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Dashboard") },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = getApp(context).ctx.user!;
  // A tile for every page of the admin menu the user may open, but this one.
  const tiles = ADMIN_MENU.filter((m) => m.to !== "/admin" && can(user, m.access)).map(({ to, label }) => ({
    to,
    label,
  }));
  return { name: user.name, tiles, figures: await loadDashboard(context) };
}

const KIND_WORD = {
  book: /*i18n*/ "Book",
  ebook: /*i18n*/ "E-book",
  bundle: /*i18n*/ "Bundle",
  stationary: /*i18n*/ "Stationery",
  content: /*i18n*/ "Course",
};

function Figure({
  label,
  revenue,
  orders,
  units,
}: {
  label: string;
  revenue: number;
  orders: number;
  units: number;
}) {
  const { i18n } = useLingui();
  const { taka, number } = useFormat();
  return (
    // A month's takings (৳1,23,456.50) do not fit half a 360 px screen: the figures stack there.
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold text-slate-700">{label}</h3>
      <p className="mt-1 text-2xl font-bold wrap-anywhere text-slate-900 tabular-nums">{taka(revenue)}</p>
      <p className="text-sm text-slate-700">
        {orders === 1
          ? units === 1
            ? i18n._("1 order, 1 unit")
            : i18n._("1 order, {units} units", { units: number(units) })
          : units === 1
            ? i18n._("{orders} orders, 1 unit", { orders: number(orders) })
            : i18n._("{orders} orders, {units} units", { orders: number(orders), units: number(units) })}
      </p>
    </div>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { locale, taka, number } = useFormat();
  const period = usePeriodLabels();
  const { sales, lowStock, salesMeaning } = loaderData.figures;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the period labels change only with the locale
  const chart = useMemo(() => {
    if (!sales) return null;
    return {
      labels: sales.days.map((d) => period.label(d.period)),
      axisLabels: sales.days.map((d) => period.short(d.period)),
      series: {
        label: i18n._("Revenue"),
        values: sales.days.map((d) => d.revenue),
        format: "money" as const,
      },
    };
  }, [sales, locale, i18n]);
  return (
    <div>
      <PageHeading title={i18n._("Dashboard")}>
        <p>{i18n._("Signed in as {name}.", { name: loaderData.name })}</p>
      </PageHeading>

      {sales && chart ? (
        <section aria-labelledby="sales-heading" className="mb-8">
          <h2 id="sales-heading" className="sr-only">
            {i18n._("Sales")}
          </h2>
          <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
            <Figure label={i18n._("Today")} {...sales.today} />
            <Figure label={i18n._("This month")} {...sales.month} />
          </div>
          <p className="mt-2 text-sm text-slate-600">
            {salesMeaning === SALES_MEANING ? i18n._(SALES_MEANING) : salesMeaning}
          </p>
          <div className="mt-4">
            <Chart title={i18n._("Sales per day, last 30 days")} {...chart} />
          </div>
        </section>
      ) : null}

      <div className="mb-8 grid gap-6 lg:grid-cols-3">
        {sales ? (
          <section aria-labelledby="status-heading" className="min-w-0">
            <h2 id="status-heading" className="mb-2 text-lg font-bold text-slate-900">
              {i18n._("Orders by status")}
            </h2>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {sales.ordersByStatus.map((s) => (
                <li key={s.status}>
                  <Link
                    to={`/admin/orders?${new URLSearchParams({ status: s.status })}`}
                    className="flex min-h-11 items-center justify-between gap-3 px-3 py-2 hover:bg-slate-50"
                  >
                    <span>{i18n._(describeOrderStatus(s.status))}</span>
                    <span className="font-semibold tabular-nums">{number(s.count)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {sales ? (
          <section aria-labelledby="top-heading" className="min-w-0">
            <h2 id="top-heading" className="mb-2 text-lg font-bold text-slate-900">
              {i18n._("Top products, last 30 days")}
            </h2>
            {sales.top.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-3 text-slate-700">
                {i18n._("Nothing sold yet.")}
              </p>
            ) : (
              <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
                {sales.top.map((p) => {
                  const salesPath = adminSalesPath(p);
                  return (
                    <li key={p.id} className="px-3 py-2">
                      <Link to={adminProductPath(p)} className="font-medium text-brand-800 hover:underline">
                        {p.title}
                      </Link>
                      <p className="text-sm text-slate-700">
                        {i18n._(KIND_WORD[p.kind])} · {i18n._("{count} sold", { count: number(p.units) })} ·{" "}
                        {taka(p.revenue)}
                        {salesPath ? (
                          <>
                            {" · "}
                            <Link to={salesPath} className="text-brand-800 underline">
                              <span aria-hidden="true">{i18n._("Sales")}</span>
                              <span className="sr-only">
                                {i18n._("Sales of {title}", { title: p.title })}
                              </span>
                            </Link>
                          </>
                        ) : null}
                      </p>
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        ) : null}

        {lowStock ? (
          <section aria-labelledby="stock-heading" className="min-w-0">
            <h2 id="stock-heading" className="mb-2 text-lg font-bold text-slate-900">
              {i18n._("Low stock")}
            </h2>
            <p className="mb-2 text-sm text-slate-600">
              {lowStock.total > lowStock.items.length
                ? i18n._(
                    "Published products with {threshold} or fewer left: the {shown} lowest of {total}.",
                    {
                      threshold: number(lowStock.threshold),
                      shown: number(lowStock.items.length),
                      total: number(lowStock.total),
                    },
                  )
                : i18n._("Published products with {threshold} or fewer left.", {
                    threshold: number(lowStock.threshold),
                  })}
            </p>
            {lowStock.items.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-3 text-slate-700">
                {i18n._("Nothing is running low.")}
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
                {lowStock.items.map((p) => (
                  <li key={p.id}>
                    <Link
                      to={adminProductPath(p)}
                      className="flex min-h-11 items-center justify-between gap-3 px-3 py-2 hover:bg-slate-50"
                    >
                      <span className="min-w-0">
                        <span className="font-medium text-brand-800">{p.title}</span>{" "}
                        <span className="text-sm text-slate-600">({i18n._(KIND_WORD[p.kind])})</span>
                      </span>
                      <span className={p.stock === 0 ? "font-semibold text-red-800" : "font-semibold"}>
                        {p.stock === 0
                          ? i18n._("Out of stock")
                          : i18n._("{count} left", { count: number(p.stock) })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>

      <section aria-labelledby="pages-heading">
        <h2 id="pages-heading" className="mb-2 text-lg font-bold text-slate-900">
          {i18n._("Your pages")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {loaderData.tiles.map((t) => (
            <li key={t.to}>
              <Link
                to={t.to}
                className="block rounded-lg border border-slate-200 bg-white p-4 font-semibold text-brand-800 hover:border-brand-700"
              >
                {i18n._(t.label)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
