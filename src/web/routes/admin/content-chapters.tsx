import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content-chapters";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Chapters") }];

export default function ChaptersPage() {
  return <PageHeading title="Chapters" />;
}
