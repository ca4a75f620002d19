import { useMemo } from "react";
import { Link } from "react-router";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus } from "../../../contracts/order-status";
import { ADMIN_MENU, can } from "../../../contracts/permissions";
import { adminProductPath, adminSalesPath, periodLabel, periodShortLabel } from "../../../contracts/sales";
import { Chart } from "../../components/admin/chart";
import { PageHeading } from "../../components/page-heading";
import { getApp } from "../../lib/app-context.server";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/dashboard";
import { loadDashboard } from "./dashboard.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Dashboard") }];

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
  book: "Book",
  ebook: "E-book",
  bundle: "Bundle",
  stationary: "Stationery",
  content: "Course",
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
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold text-slate-700">{label}</h3>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{formatTaka(revenue)}</p>
      <p className="text-sm text-slate-700">
        {orders} {orders === 1 ? "order" : "orders"}, {units} {units === 1 ? "unit" : "units"}
      </p>
    </div>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { sales, lowStock, salesMeaning } = loaderData.figures;
  const chart = useMemo(
    () =>
      sales
        ? {
            labels: sales.days.map((d) => periodLabel(d.period)),
            axisLabels: sales.days.map((d) => periodShortLabel(d.period)),
            series: { label: "Revenue", values: sales.days.map((d) => d.revenue), format: "money" as const },
          }
        : null,
    [sales],
  );
  return (
    <div>
      <PageHeading title="Dashboard">
        <p>Signed in as {loaderData.name}.</p>
      </PageHeading>

      {sales && chart ? (
        <section aria-labelledby="sales-heading" className="mb-8">
          <h2 id="sales-heading" className="sr-only">
            Sales
          </h2>
          <div className="grid grid-cols-2 gap-3">
            <Figure label="Today" {...sales.today} />
            <Figure label="This month" {...sales.month} />
          </div>
          <p className="mt-2 text-sm text-slate-600">{salesMeaning}</p>
          <div className="mt-4">
            <Chart title="Sales per day, last 30 days" {...chart} />
          </div>
        </section>
      ) : null}

      <div className="mb-8 grid gap-6 lg:grid-cols-3">
        {sales ? (
          <section aria-labelledby="status-heading" className="min-w-0">
            <h2 id="status-heading" className="mb-2 text-lg font-bold text-slate-900">
              Orders by status
            </h2>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {sales.ordersByStatus.map((s) => (
                <li key={s.status}>
                  <Link
                    to={`/admin/orders?${new URLSearchParams({ status: s.status })}`}
                    className="flex min-h-11 items-center justify-between gap-3 px-3 py-2 hover:bg-slate-50"
                  >
                    <span>{describeOrderStatus(s.status)}</span>
                    <span className="font-semibold tabular-nums">{s.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {sales ? (
          <section aria-labelledby="top-heading" className="min-w-0">
            <h2 id="top-heading" className="mb-2 text-lg font-bold text-slate-900">
              Top products, last 30 days
            </h2>
            {sales.top.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-3 text-slate-700">
                Nothing sold yet.
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
                        {KIND_WORD[p.kind]} · {p.units} sold · {formatTaka(p.revenue)}
                        {salesPath ? (
                          <>
                            {" · "}
                            <Link to={salesPath} className="text-brand-800 underline">
                              Sales<span className="sr-only"> of {p.title}</span>
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
              Low stock
            </h2>
            <p className="mb-2 text-sm text-slate-600">
              Published products with {lowStock.threshold} or fewer left
              {lowStock.total > lowStock.items.length
                ? `: the ${lowStock.items.length} lowest of ${lowStock.total}`
                : ""}
              .
            </p>
            {lowStock.items.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-3 text-slate-700">
                Nothing is running low.
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
                        <span className="text-sm text-slate-600">({KIND_WORD[p.kind]})</span>
                      </span>
                      <span className={p.stock === 0 ? "font-semibold text-red-800" : "font-semibold"}>
                        {p.stock === 0 ? "Out of stock" : `${p.stock} left`}
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
          Your pages
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {loaderData.tiles.map((t) => (
            <li key={t.to}>
              <Link
                to={t.to}
                className="block rounded-lg border border-slate-200 bg-white p-4 font-semibold text-brand-800 hover:border-brand-700"
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
