import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoice-print";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Invoice") }];

export default function InvoicePage() {
  return <PageHeading title="Invoice" />;
}
