import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Reports") }];

export default function ReportsPage() {
  return <PageHeading title="Reports" />;
}
