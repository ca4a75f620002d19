import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/ebook-read";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Reader") }];

export default function ReaderPage() {
  return <PageHeading title="Reader" />;
}
