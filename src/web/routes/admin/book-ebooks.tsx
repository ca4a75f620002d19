import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-ebooks";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Books with e-books") },
];

export default function BooksWithEBooksPage() {
  return <PageHeading title="Books with e-books" />;
}
