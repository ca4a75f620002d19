import { Link } from "react-router";
import { ADMIN_AREA_LABELS, ADMIN_AREAS, can } from "../../../contracts/permissions";
import { PageHeading } from "../../components/page-heading";
import { getApp } from "../../lib/app-context.server";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Dashboard") }];

const AREA_PATHS: Record<(typeof ADMIN_AREAS)[number], string> = {
  books: "/admin/books",
  authors: "/admin/books/authors",
  bundles: "/admin/bundles",
  content: "/admin/content",
  stationery: "/admin/stationary",
  coupons: "/admin/coupon",
  orders: "/admin/orders",
  invoices: "/admin/invoice",
  reports: "/admin/report",
  users: "/admin/users",
};

export function loader({ context }: Route.LoaderArgs) {
  const user = getApp(context).ctx.user!;
  return { name: user.name, areas: ADMIN_AREAS.filter((a) => can(user, a)) };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeading title="Dashboard">
        <p>Signed in as {loaderData.name}. These are the areas you can manage.</p>
      </PageHeading>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {loaderData.areas.map((a) => (
          <li key={a}>
            <Link
              to={AREA_PATHS[a]}
              className="block rounded-lg border border-slate-200 bg-white p-4 font-semibold text-brand-800 hover:border-brand-700"
            >
              {ADMIN_AREA_LABELS[a]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
