import type { RouterContextProvider } from "react-router";
import type { SavedAddress } from "../../../contracts/addresses";
import type { CartInfo } from "../../../contracts/cart";
import { addressToPrefill } from "../../../server/services/addresses";
import { getApp } from "../../lib/app-context.server";
import { loadAddresses } from "./addresses.server";
import { loadCart } from "./cart.server";

/**
 * The cart to check out and the form's first values: the buyer's name and phone, the cart's
 * district; the address book, and the address to fill in (the last used, else the default).
 */
export async function loadCheckout(context: Readonly<RouterContextProvider>): Promise<{
  cart: CartInfo;
  buyer: { name: string; phone: string };
  addresses: SavedAddress[];
  prefill: SavedAddress | null;
}> {
  const user = getApp(context).ctx.user;
  const [cart, addresses] = await Promise.all([loadCart(context), loadAddresses(context)]);
  return {
    cart,
    buyer: { name: user?.name ?? "", phone: user?.phone ?? "" },
    addresses,
    prefill: addressToPrefill(addresses),
  };
}
