import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/ebook-library";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My e-books") }];

export default function MyEBooksPage() {
  return <PageHeading title="My e-books" />;
}
