import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Content") }];

export default function ContentPage() {
  return <PageHeading title="Content" />;
}
