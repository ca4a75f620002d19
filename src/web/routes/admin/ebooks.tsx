import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/ebooks";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "E-books") }];

export default function EBooksPage() {
  return <PageHeading title="E-books" />;
}
