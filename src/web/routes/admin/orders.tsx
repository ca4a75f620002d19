import { Link } from "react-router";
import { OrdersList, OrdersNav } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders";
import { loadOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Orders") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(context, request);
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (
    <div>
      <PageHeading title={i18n._("Orders")}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            {page.more
              ? i18n._("{count}+ orders", { count: number(page.total) })
              : i18n._("{count} orders", { count: number(page.total) })}
          </p>
          <Link to="/admin/orders/new" className={buttonClass("primary")}>
            {i18n._("Take a phone order")}
          </Link>
        </div>
      </PageHeading>
      <OrdersNav />
      <OrdersList
        label={i18n._("Orders")}
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage={
          query?.q ? i18n._("No order matches “{q}”.", { q: query.q }) : i18n._("No order matches this view.")
        }
      />
    </div>
  );
}
