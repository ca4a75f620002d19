import { OrdersList, OrdersNav } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders";
import { loadOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Orders") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(context, request);
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="Orders">
        <p>
          {page.total.toLocaleString("en-US")}
          {page.more ? "+" : ""} orders
        </p>
      </PageHeading>
      <OrdersNav />
      <OrdersList
        label="Orders"
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage={query?.q ? `No order matches “${query.q}”.` : "No order matches this view."}
      />
    </div>
  );
}
