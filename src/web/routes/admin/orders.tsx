import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Orders") }];

export default function OrdersPage() {
  return <PageHeading title="Orders" />;
}
