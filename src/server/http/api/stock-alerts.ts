import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import {
  getStockAlert,
  subscribeStockAlert,
  unsubscribeStockAlert,
} from "../../services/catalog/stock-alerts";
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
