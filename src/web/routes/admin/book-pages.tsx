import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-pages";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Book pages") }];

export default function BookPagesPage() {
  return <PageHeading title="Book pages" />;
}
