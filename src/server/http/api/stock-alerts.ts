import { Hono } from "hono";
import { stockAlertStateSchema } from "../../../contracts/answers/catalog";
import { idParams } from "../../../contracts/paging";
import { stockAlertSchema } from "../../../contracts/stock-alerts";
import {
  getStockAlert,
  subscribeStockAlert,
  unsubscribeStockAlert,
} from "../../services/catalog/stock-alerts";
import { createdAnswer, type Endpoint, okAnswer, signedIn } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** "Notify me": an SMS when an out-of-stock book or stationery item is back. */
export function stockAlertsApi() {
  const api = new Hono<AppEnv>();

  api.get("/stock-alerts/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getStockAlert(c.get("ctx"), id));
  });

  api.post("/stock-alerts", async (c) => {
    const { state, created } = await subscribeStockAlert(c.get("ctx"), await readJson(c));
    return created
      ? send(c, 201, "We will text you when it is back", state)
      : ok(c, state, "You will be told already");
  });

  api.delete("/stock-alerts/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await unsubscribeStockAlert(c.get("ctx"), id), "You will not be told");
  });

  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const stockAlertsEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/stock-alerts/{id}",
    tag: "Cart",
    summary: "Whether the caller is told by SMS when this out-of-stock product is back",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The alert's state", stockAlertStateSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/stock-alerts",
    tag: "Cart",
    summary: "Notify me: one SMS when this out-of-stock book or stationery item is back in stock",
    description:
      "One alert per user and product: a second ask answers 200 and keeps the first. 409 when the product is in stock or the account has no phone; 400 for e-books, courses and bundles.",
    access: signedIn,
    body: stockAlertSchema,
    success: [
      createdAnswer("Subscribed", stockAlertStateSchema),
      okAnswer("Already subscribed", stockAlertStateSchema),
    ],
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/stock-alerts/{id}",
    tag: "Cart",
    summary: "Stop being told when this product is back",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The alert's state", stockAlertStateSchema)],
  },
];
