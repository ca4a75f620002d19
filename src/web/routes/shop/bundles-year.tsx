import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundles-year";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Bundles by year") }];

export default function BundlesByYearPage() {
  return <PageHeading title="Bundles by year" />;
}
