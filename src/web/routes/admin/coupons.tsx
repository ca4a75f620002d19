import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/coupons";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Coupons") }];

export default function CouponsPage() {
  return <PageHeading title="Coupons" />;
}
