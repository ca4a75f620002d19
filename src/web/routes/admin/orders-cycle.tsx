import { OrdersList, OrdersNav } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-cycle";
import { loadOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Academic cycle orders") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(context, request, "cycle");
}

export default function AcademicCycleOrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="Academic cycle orders">
        <p>Orders holding a product of the academic cycle.</p>
      </PageHeading>
      <OrdersNav />
      <OrdersList
        label="Academic cycle orders"
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage="No academic cycle order matches this view."
      />
    </div>
  );
}
