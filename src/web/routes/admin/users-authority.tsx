import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/users-authority";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Authority") }];

export default function AuthorityPage() {
  return <PageHeading title="Authority" />;
}
