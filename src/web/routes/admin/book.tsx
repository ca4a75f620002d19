import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit book") }];

export default function EditBookPage() {
  return <PageHeading title="Edit book" />;
}
