import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoice-apar-monthly";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Monthly payables and receivables") },
];

export default function MonthlyPayablesAndReceivablesPage() {
  return <PageHeading title="Monthly payables and receivables" />;
}
