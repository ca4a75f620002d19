import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Search") }];

export default function SearchPage() {
  return <PageHeading title="Search" />;
}
