import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report-shop";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Stationery report") }];

export default function StationeryReportPage() {
  return <PageHeading title="Stationery report" />;
}
