import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My referral sales") }];

export default function MyReferralSalesPage() {
  return <PageHeading title="My referral sales" />;
}
