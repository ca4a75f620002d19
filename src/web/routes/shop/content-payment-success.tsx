import { OwnedProductSuccess } from "../../components/orders/owned-product-success";
import { routeMiddleware } from "../../lib/guards.server";
import type { Route } from "./+types/content-payment-success";
import { loadOwnedProduct } from "./orders.server";

export const meta: Route.MetaFunction = () => [
  { title: "Payment Successful" },
  { name: "description", content: "Payment successful page" },
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
