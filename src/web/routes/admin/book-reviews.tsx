import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-reviews";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Book reviews") }];

export default function BookReviewsPage() {
  return <PageHeading title="Book reviews" />;
}
