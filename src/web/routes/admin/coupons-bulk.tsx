import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/coupons-bulk";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Bulk coupons") }];

export default function BulkCouponsPage() {
  return <PageHeading title="Bulk coupons" />;
}
