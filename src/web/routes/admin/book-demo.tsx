import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-demo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Demo pages") }];

export default function DemoPagesPage() {
  return <PageHeading title="Demo pages" />;
}
