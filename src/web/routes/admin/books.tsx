import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/books";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Books") }];

export default function BooksPage() {
  return <PageHeading title="Books" />;
}
