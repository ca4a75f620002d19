import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/playground";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Pricing playground") },
];

export default function PricingPlaygroundPage() {
  return <PageHeading title="Pricing playground" />;
}
