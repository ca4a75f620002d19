import { Link } from "react-router";
import { OrdersList } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/shop-orders";
import { loadShopOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Shop orders") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShopOrders(context, request);
}

export default function ShopOrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  const { i18n } = useLingui();
  return (
    <div>
      <PageHeading title={i18n._("Shop orders")}>
        <p>{i18n._("Orders holding stationery.")}</p>
        <p className="mt-1">
          <Link to="/admin/shop-orders/bmd" className="text-brand-800 underline">
            {i18n._("Mark many delivered (type or scan order numbers) →")}
          </Link>
        </p>
      </PageHeading>
      <OrdersList
        label={i18n._("Shop orders")}
        scope="shop"
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage={
          query?.q
            ? i18n._("No shop order matches “{q}”.", { q: query.q })
            : i18n._("No shop order matches this view.")
        }
      />
    </div>
  );
}
