import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/authors";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Authors") }];

export default function AuthorsPage() {
  return <PageHeading title="Authors" />;
}
