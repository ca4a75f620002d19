import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/academic-cycle";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Academic cycle") }];

export default function AcademicCyclePage() {
  return <PageHeading title="Academic cycle" />;
}
