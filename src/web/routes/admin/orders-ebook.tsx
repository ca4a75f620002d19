import { OrdersList, OrdersNav } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-ebook";
import { loadOrders } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "E-book orders") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadOrders(context, request, "digital");
}

export default function EBookOrdersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  const { i18n } = useLingui();
  return (
    <div>
      <PageHeading title={i18n._("E-book orders")}>
        <p>
          {i18n._("Orders holding e-books or courses: nothing to pack, the buyer reads them in the library.")}
        </p>
      </PageHeading>
      <OrdersNav />
      <OrdersList
        label={i18n._("E-book orders")}
        page={page}
        sort={query?.sort ?? "-createdAt"}
        error={error}
        emptyMessage={i18n._("No e-book or course order matches this view.")}
      />
    </div>
  );
}
