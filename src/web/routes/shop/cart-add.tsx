import { redirect } from "react-router";
import type { Route } from "./+types/cart-add";
import { addAction } from "./cart.server";

/**
 * "Add to cart" as a form (HTML first): every card's and product page's button posts here when
 * the page's scripts have not run (components/catalog/add-to-cart-button.tsx). Nothing to show:
 * an address typed here goes to the cart.
 */
export function loader() {
  return redirect("/cart");
}

export async function action({ request, context }: Route.ActionArgs) {
  return addAction(context, request);
}
