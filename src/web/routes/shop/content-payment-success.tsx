import { OwnedProductSuccess } from "../../components/orders/owned-product-success";
import { translate } from "../../i18n";
import { routeMiddleware } from "../../lib/guards.server";
import { pageLocale } from "../../lib/meta";
import type { Route } from "./+types/content-payment-success";
import { loadOwnedProduct } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), /*i18n*/ "Payment Successful") },
  { name: "description", content: translate(pageLocale(matches), /*i18n*/ "Payment successful page") },
  { name: "robots", content: "noindex" },
];

export const middleware: Route.MiddlewareFunction[] = routeMiddleware("auth");

/** The course the caller owns now; one they do not own is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadOwnedProduct(context, "content", params.id);
}

export default function ContentPaymentSuccessfulPage({ loaderData }: Route.ComponentProps) {
  return <OwnedProductSuccess kind="content" product={loaderData.product} order={loaderData.order} />;
}
