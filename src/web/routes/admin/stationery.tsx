import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/stationery";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Stationery") }];

export default function StationeryPage() {
  return <PageHeading title="Stationery" />;
}
