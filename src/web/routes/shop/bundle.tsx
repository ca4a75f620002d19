import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundle";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Bundle") }];

export default function BundlePage() {
  return <PageHeading title="Bundle" />;
}
