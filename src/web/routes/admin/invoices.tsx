import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoices";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Invoices") }];

export default function InvoicesPage() {
  return <PageHeading title="Invoices" />;
}
