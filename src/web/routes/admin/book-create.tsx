import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-create";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "New book") }];

export default function NewBookPage() {
  return <PageHeading title="New book" />;
}
