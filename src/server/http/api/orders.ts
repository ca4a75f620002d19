import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  checkoutResultSchema,
  invoiceViewSchema,
  orderDetailSchema,
  orderViewSchema,
  reorderResultSchema,
} from "../../../contracts/answers/orders";
import { checkoutSchema } from "../../../contracts/checkout";
import { ADDED_TO_CART, REORDER_NOTHING_ADDED, REORDER_SOME_LEFT } from "../../../contracts/flash";
import { idParams } from "../../../contracts/paging";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import { shopOrigin } from "../../config";
import { placeOrder } from "../../services/cart/checkout";
import { reorder } from "../../services/cart/reorder";
import { getInvoice } from "../../services/money/invoices";
import { payAgain } from "../../services/money/payments";
import { getMyOrderDetail } from "../../services/orders/order-detail";
import { cancelOrder, listMyOrders } from "../../services/orders/orders";
import { createdAnswer, type Endpoint, listOf, okAnswer, signedIn } from "../endpoint";
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
    return ok(c, await getMyOrderDetail(c.get("ctx"), id));
  });

  api.post("/orders/:id/cancel", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await cancelOrder(c.get("ctx"), id), "Order cancelled");
  });

  api.post("/orders/:id/pay", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return send(c, 201, "Payment started", await payAgain(c.get("ctx"), id, originOf(c)));
  });

  api.post("/orders/:id/reorder", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const result = await reorder(c.get("ctx"), id, { referralCode: getCookie(c, REFERRAL_COOKIE) });
    const message =
      result.refused.length === 0
        ? ADDED_TO_CART
        : result.added.length > 0
          ? REORDER_SOME_LEFT
          : REORDER_NOTHING_ADDED;
    return ok(c, result, message);
  });

  api.get("/invoices/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getInvoice(c.get("ctx"), id));
  });

  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const ordersEndpoints: Endpoint[] = [
  {
    method: "post",
    path: "/api/checkout",
    tag: "Orders",
    summary: "Place an order from the cart",
    description:
      "Online payment answers with the gateway's page to send the buyer to; cash on delivery is confirmed at once.",
    access: signedIn,
    body: checkoutSchema,
    success: [createdAnswer("The placed order", checkoutResultSchema)],
    errors: [409, 429, 503],
  },
  {
    method: "get",
    path: "/api/orders",
    tag: "Orders",
    summary: "The caller's orders, newest first",
    access: signedIn,
    success: [okAnswer("The orders, money in poisha", listOf(orderViewSchema))],
  },
  {
    method: "get",
    path: "/api/orders/{id}",
    tag: "Orders",
    summary: "One of the caller's orders, with its parcels, payments, credit notes and refunds",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The order, money in poisha", orderDetailSchema)],
  },
  {
    method: "post",
    path: "/api/orders/{id}/reorder",
    tag: "Orders",
    summary: "Buy again: put the order's lines in the cart",
    description:
      "Through the cart's own add: what it refuses (no longer sold, not enough stock, an e-book already owned) is left out with the reason. The same call again adds nothing more.",
    access: signedIn,
    params: idParams,
    success: [okAnswer("What went into the cart and what did not", reorderResultSchema)],
  },
  {
    method: "post",
    path: "/api/orders/{id}/cancel",
    tag: "Orders",
    summary: "Cancel an unpaid or not yet packed order",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The cancelled order", orderViewSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/orders/{id}/pay",
    tag: "Orders",
    summary: "Start another payment attempt for an unpaid order",
    access: signedIn,
    params: idParams,
    success: [createdAnswer("Where to pay", checkoutResultSchema)],
    errors: [409, 503],
  },
  {
    method: "get",
    path: "/api/invoices/{id}",
    tag: "Orders",
    summary: "An invoice: its buyer's, or any for staff with the invoices permission",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The invoice, money in poisha", invoiceViewSchema)],
  },
];
