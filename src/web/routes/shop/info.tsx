import { useLocation } from "react-router";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/info";

const TITLES: Record<string, string> = {
  "/info/about": "About us",
  "/info/cancelation": "Cancellation policy",
  "/info/contact": "Contact us",
  "/info/privacy-policy": "Privacy policy",
  "/info/refund": "Refund policy",
  "/info/termsandconditions": "Terms and conditions",
};

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: pageTitle(matches, TITLES[location.pathname]) },
];

export default function InfoPage() {
  const { pathname } = useLocation();
  return <PageHeading title={TITLES[pathname] ?? "Information"} />;
}
