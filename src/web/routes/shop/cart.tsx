import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Cart") }];

export default function CartPage() {
  return <PageHeading title="Cart" />;
}
