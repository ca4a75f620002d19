import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/shop-orders-bmd";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Mark shop orders delivered") },
];

export default function MarkShopOrdersDeliveredPage() {
  return <PageHeading title="Mark shop orders delivered" />;
}
