import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/author";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Author") }];

export default function AuthorPage() {
  return <PageHeading title="Author" />;
}
