import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/varsity";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Varsity admission") }];

export default function VarsityAdmissionPage() {
  return <PageHeading title="Varsity admission" />;
}
