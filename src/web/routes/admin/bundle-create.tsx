import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundle-create";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "New bundle") }];

export default function NewBundlePage() {
  return <PageHeading title="New bundle" />;
}
