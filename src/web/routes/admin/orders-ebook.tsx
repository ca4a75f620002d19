import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-ebook";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "E-book orders") }];

export default function EBookOrdersPage() {
  return <PageHeading title="E-book orders" />;
}
