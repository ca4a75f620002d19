import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/engineering";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Engineering admission") },
];

export default function EngineeringAdmissionPage() {
  return <PageHeading title="Engineering admission" />;
}
