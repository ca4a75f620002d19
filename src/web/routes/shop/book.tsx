import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Book") }];

export default function BookPage() {
  return <PageHeading title="Book" />;
}
