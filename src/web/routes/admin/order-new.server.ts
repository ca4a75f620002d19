import { randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { requirePermission } from "../../../server/services/access";
import { TAKE_ORDERS } from "../../../server/services/orders/phone-orders";
import { getApp, loadFrom } from "../../lib/app-context.server";

/**
 * The phone order page: staff holding `orders`, and the key that places its order once, however
 * often the clerk taps (`placeKey` of `POST /api/admin/phone-orders`).
 */
export async function loadNewOrder(context: Readonly<RouterContextProvider>) {
  const { ctx } = getApp(context);
  await loadFrom(async () => requirePermission(ctx, "orders", TAKE_ORDERS));
  return { placeKey: randomUUID() };
}
