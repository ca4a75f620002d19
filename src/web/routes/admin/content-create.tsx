import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content-create";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "New content") }];

export default function NewContentPage() {
  return <PageHeading title="New content" />;
}
