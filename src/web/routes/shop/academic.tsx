import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/academic";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Academic") }];

export default function AcademicPage() {
  return <PageHeading title="Academic" />;
}
