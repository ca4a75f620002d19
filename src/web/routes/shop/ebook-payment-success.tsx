import { PageHeading } from "../../components/page-heading";
import type { Route } from "./+types/ebook-payment-success";

export const meta: Route.MetaFunction = () => [
  { title: "Payment Successful" },
  { name: "description", content: "Payment successful page" },
];

export default function PaymentSuccessfulPage() {
  return <PageHeading title="Payment Successful" />;
}
