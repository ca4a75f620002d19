import { PageHeading } from "../../components/page-heading";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = () => [
  { title: "Invoice" },
  { name: "description", content: "View your order invoice" },
];

export default function InvoicePage() {
  return <PageHeading title="Invoice" />;
}
