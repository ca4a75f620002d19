import { OrdersList, OrdersNav } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-cycle";
import { loadOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Academic cycle orders") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(context, request, "cycle");
}

export default function AcademicCycleOrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  const { i18n } = useLingui();
  return (
    <div>
      <PageHeading title={i18n._("Academic cycle orders")}>
        <p>{i18n._("Orders holding a product of the academic cycle.")}</p>
      </PageHeading>
      <OrdersNav />
      <OrdersList
        label={i18n._("Academic cycle orders")}
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage={i18n._("No academic cycle order matches this view.")}
      />
    </div>
  );
}
