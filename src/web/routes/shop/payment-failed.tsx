import { PageHeading } from "../../components/page-heading";
import type { Route } from "./+types/payment-failed";

export const meta: Route.MetaFunction = () => [
  { title: "Payment Failed" },
  { name: "description", content: "Payment Failed page" },
];

export default function PaymentFailedPage() {
  return <PageHeading title="Payment Failed" />;
}
