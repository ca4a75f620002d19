import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My orders") }];

export default function MyOrdersPage() {
  return <PageHeading title="My orders" />;
}
