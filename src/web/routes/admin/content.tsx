import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit content") }];

export default function EditContentPage() {
  return <PageHeading title="Edit content" />;
}
