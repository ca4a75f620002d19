import { redirect } from "react-router";
import type { Route } from "./+types/wishlist-save";
import { wishlistAction } from "./wishlist.server";

/**
 * "Save for later" as a form (HTML first): every card's and product page's heart posts here
 * (components/catalog/save-button.tsx), signed in or not. Nothing to show: an address typed here
 * goes to the wishlist.
 */
export function loader() {
  return redirect("/wishlist");
}

export async function action({ request, context }: Route.ActionArgs) {
  return wishlistAction(context, request);
}
