import { Hono } from "hono";
import { searchAdmin } from "../../services/admin-search";
import { pricePlayground } from "../../services/cart/playground";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** The back office's search box and the pricing playground: reads only. */
export function adminSearchApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/search", async (c) => ok(c, await searchAdmin(c.get("ctx"), c.req.query())));
  api.get("/admin/playground/price", async (c) => ok(c, await pricePlayground(c.get("ctx"), c.req.query())));
  return api;
}
