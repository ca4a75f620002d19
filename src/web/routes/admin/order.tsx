import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Order") }];

export default function OrderPage() {
  return <PageHeading title="Order" />;
}
