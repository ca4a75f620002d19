import { Link } from "react-router";
import { ADMIN_MENU, can } from "../../../contracts/permissions";
import { PageHeading } from "../../components/page-heading";
import { getApp } from "../../lib/app-context.server";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Dashboard") }];

export function loader({ context }: Route.LoaderArgs) {
  const user = getApp(context).ctx.user!;
  // A tile for every page of the admin menu the user may open, but this one.
  const tiles = ADMIN_MENU.filter((m) => m.to !== "/admin" && can(user, m.access)).map(({ to, label }) => ({
    to,
    label,
  }));
  return { name: user.name, tiles };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeading title="Dashboard">
        <p>Signed in as {loaderData.name}. These are the pages you can open.</p>
      </PageHeading>
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
    </div>
  );
}
