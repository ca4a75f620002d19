import { ProductSalesPage } from "../../components/admin/product-sales";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-sales";
import { loadProductSales } from "./product-sales.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Book sales") },
];

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadProductSales(context, params, new URL(request.url), ["book", "ebook"]);
}

export default function BookSalesPage({ loaderData }: Route.ComponentProps) {
  return <ProductSalesPage heading={/*i18n*/ "Book sales"} data={loaderData} />;
}
