import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-sales";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Book sales") }];

export default function BookSalesPage() {
  return <PageHeading title="Book sales" />;
}
