import { ProductSalesPage } from "../../components/admin/product-sales";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundle-sales";
import { loadProductSales } from "./product-sales.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Bundle sales") },
];

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadProductSales(context, params, new URL(request.url), ["bundle"]);
}

export default function BundleSalesPage({ loaderData }: Route.ComponentProps) {
  return <ProductSalesPage heading={/*i18n*/ "Bundle sales"} data={loaderData} />;
}
