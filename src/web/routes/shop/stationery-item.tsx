import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/stationery-item";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Stationery item") }];

export default function StationeryItemPage() {
  return <PageHeading title="Stationery item" />;
}
