import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/ebook";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "E-book") }];

export default function EBookPage() {
  return <PageHeading title="E-book" />;
}
