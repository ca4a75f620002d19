import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-cycle";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Academic cycle orders") },
];

export default function AcademicCycleOrdersPage() {
  return <PageHeading title="Academic cycle orders" />;
}
