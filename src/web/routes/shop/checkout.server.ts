import type { RouterContextProvider } from "react-router";
import type { CartInfo } from "../../../contracts/cart";
import { getApp } from "../../lib/app-context.server";
import { loadCart } from "./cart.server";

/** The cart to check out and the form's first values: the buyer's name and phone, the cart's district. */
export async function loadCheckout(
  context: Readonly<RouterContextProvider>,
): Promise<{ cart: CartInfo; buyer: { name: string; phone: string } }> {
  const user = getApp(context).ctx.user;
  const cart = await loadCart(context);
  return { cart, buyer: { name: user?.name ?? "", phone: user?.phone ?? "" } };
}
