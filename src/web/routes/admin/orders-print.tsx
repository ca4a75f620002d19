import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-print";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Packing slips") }];

export default function PackingSlipsPage() {
  return <PageHeading title="Packing slips" />;
}
