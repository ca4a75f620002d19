import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content-list";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Learning content") }];

export default function LearningContentPage() {
  return <PageHeading title="Learning content" />;
}
