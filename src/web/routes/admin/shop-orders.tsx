import { Link } from "react-router";
import { OrdersList } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/shop-orders";
import { loadShopOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Shop orders") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShopOrders(context, request);
}

export default function ShopOrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="Shop orders">
        <p>Orders holding stationery.</p>
        <p className="mt-1">
          <Link to="/admin/shop-orders/bmd" className="text-brand-800 underline">
            Mark many delivered (type or scan order numbers) →
          </Link>
        </p>
      </PageHeading>
      <OrdersList
        label="Shop orders"
        scope="shop"
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage={query?.q ? `No shop order matches “${query.q}”.` : "No shop order matches this view."}
      />
    </div>
  );
}
