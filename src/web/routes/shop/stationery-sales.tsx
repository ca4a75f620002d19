import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/stationery-sales";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Stationery offers") }];

export default function StationeryOffersPage() {
  return <PageHeading title="Stationery offers" />;
}
