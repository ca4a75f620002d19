import { Hono } from "hono";
import { payLinkParams } from "../../../contracts/admin-phone-orders";
import { checkoutResultSchema, orderViewSchema } from "../../../contracts/answers/orders";
import { payByLink } from "../../services/money/payments";
import { getPayLinkOrder } from "../../services/orders/pay-links";
import { anyone, createdAnswer, type Endpoint, okAnswer } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, send } from "../respond";
import { originOf } from "./orders";

/**
 * The payment link of an order taken by phone (`/pay/{number}/{key}`): the order, and paying it
 * online. The link's key is the buyer's word, so no sign-in is asked (services/orders/pay-links.ts).
 */
export function payLinksApi() {
  const api = new Hono<AppEnv>();
  api.get("/pay/:number/:key", async (c) => ok(c, await getPayLinkOrder(c.get("ctx"), c.req.param())));
  api.post("/pay/:number/:key", async (c) =>
    send(c, 201, "Payment started", await payByLink(c.get("ctx"), c.req.param(), originOf(c))),
  );
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const payLinksEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/pay/{number}/{key}",
    tag: "Orders",
    summary: "The order a payment link names (an order taken by phone)",
    description: "Anyone holding the link; a wrong key is 404, as is an order not taken by phone.",
    access: anyone,
    params: payLinkParams,
    success: [okAnswer("The order, money in poisha", orderViewSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/pay/{number}/{key}",
    tag: "Orders",
    summary: "Start paying the order a payment link names online, at the configured gateway",
    description:
      "As `POST /api/orders/{id}/pay` for its buyer: the same payment window, stock and coupon rules. After the gateway, the buyer comes back to the link's page.",
    access: anyone,
    params: payLinkParams,
    success: [createdAnswer("Where to pay", checkoutResultSchema)],
    errors: [404, 409, 503],
  },
];
