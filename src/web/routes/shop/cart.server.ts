import type { RouterContextProvider } from "react-router";
import { type CartInfo, toCartInfo } from "../../../contracts/cart";
import { getCartInfo } from "../../../server/services/cart";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The signed-in shopper's cart as GET /api/cart/info answers it (money in taka). */
export function loadCart(context: Readonly<RouterContextProvider>): Promise<CartInfo> {
  return loadFrom(async () => toCartInfo(await getCartInfo(getApp(context).ctx)));
}
