import { OrdersList, OrdersNav } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-ebook";
import { loadOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "E-book orders") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(context, request, "digital");
}

export default function EBookOrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="E-book orders">
        <p>Orders holding e-books or courses: nothing to pack, the buyer reads them in the library.</p>
      </PageHeading>
      <OrdersNav />
      <OrdersList
        label="E-book orders"
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage="No e-book or course order matches this view."
      />
    </div>
  );
}
