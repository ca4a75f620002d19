import type { Context } from "hono";
import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import { shopOrigin } from "../../config";
import { placeOrder } from "../../services/cart/checkout";
import { getInvoice } from "../../services/money/invoices";
import { payAgain } from "../../services/money/payments";
import { cancelOrder, getMyOrder, listMyOrders } from "../../services/orders/orders";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** Our own origin, for the gateway's return addresses: PUBLIC_URL's, or an allowed host's. */
export function originOf(c: Context<AppEnv>): string {
  return shopOrigin(c.get("ctx").config, c.req.url);
}

/** Checkout, the buyer's orders and invoices. */
export function ordersApi() {
  const api = new Hono<AppEnv>();

  api.post("/checkout", async (c) => {
    // The referral, if any, is already on the cart lines' sources (taken from the cookie on add).
    const placed = await placeOrder(c.get("ctx"), await readJson(c), { origin: originOf(c) });
    return send(c, 201, `Order ${placed.orderNumber} placed`, placed);
  });

  api.get("/orders", async (c) => ok(c, await listMyOrders(c.get("ctx"))));

  api.get("/orders/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getMyOrder(c.get("ctx"), id));
  });

  api.post("/orders/:id/cancel", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await cancelOrder(c.get("ctx"), id), "Order cancelled");
  });

  api.post("/orders/:id/pay", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return send(c, 201, "Payment started", await payAgain(c.get("ctx"), id, originOf(c)));
  });

  api.get("/invoices/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getInvoice(c.get("ctx"), id));
  });

  return api;
}
