import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/medical";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Medical admission") }];

export default function MedicalAdmissionPage() {
  return <PageHeading title="Medical admission" />;
}
