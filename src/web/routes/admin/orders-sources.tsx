import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-sources";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Orders by source") }];

export default function OrdersBySourcePage() {
  return <PageHeading title="Orders by source" />;
}
