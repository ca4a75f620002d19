import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/shop-orders";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Shop orders") }];

export default function ShopOrdersPage() {
  return <PageHeading title="Shop orders" />;
}
