import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundle-sales";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Bundle sales") }];

export default function BundleSalesPage() {
  return <PageHeading title="Bundle sales" />;
}
