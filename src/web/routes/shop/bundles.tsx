import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundles";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Bundles") }];

export default function BundlesPage() {
  return <PageHeading title="Bundles" />;
}
