import { Hono } from "hono";
import { adminOrdersQuery } from "../../../contracts/admin-orders";
import {
  bulkBookCourier,
  bulkOrderStatus,
  listOrders,
  markShopOrdersDelivered,
  orderSources,
  orderSourcesCsv,
  printSlips,
} from "../../services/orders/admin-orders";
import type { AppEnv } from "../env";
import { ok, readJson, streamOf } from "../respond";

/** How many of a bulk action's orders were done, in words. */
function doneOf(results: { ok: boolean }[]): string {
  const done = results.filter((r) => r.ok).length;
  return `${done} of ${results.length} done`;
}

/**
 * The orders list, its bulk actions, packing slips, orders by source (orders permission) and the
 * shop's stationery orders (stationery permission). Mounted before fulfilment's `/{id}` routes.
 */
export function adminOrdersApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/orders", async (c) => {
    const ctx = c.get("ctx");
    return ok(c, await listOrders(ctx, adminOrdersQuery.parse(c.req.query())));
  });
  api.post("/admin/orders/bulk/status", async (c) => {
    const answer = await bulkOrderStatus(c.get("ctx"), await readJson(c));
    return ok(c, answer, doneOf(answer.results));
  });
  api.post("/admin/orders/bulk/courier", async (c) => {
    const answer = await bulkBookCourier(c.get("ctx"), await readJson(c));
    return ok(c, answer, doneOf(answer.results));
  });
  api.post("/admin/orders/slips", async (c) => {
    const answer = await printSlips(c.get("ctx"), await readJson(c));
    return ok(c, answer, `${answer.slips.length} of ${answer.results.length} slips ready`);
  });
  api.get("/admin/orders/sources", async (c) => {
    return ok(c, await orderSources(c.get("ctx"), c.req.query()));
  });
  api.get("/admin/orders/sources.csv", async (c) => {
    const { filename, pieces } = await orderSourcesCsv(c.get("ctx"), c.req.query());
    return c.body(streamOf(pieces), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=${filename}`,
      "Cache-Control": "no-store",
    });
  });
  api.get("/admin/shop-orders", async (c) => {
    const ctx = c.get("ctx");
    return ok(c, await listOrders(ctx, adminOrdersQuery.parse(c.req.query()), "shop"));
  });
  api.post("/admin/shop-orders/delivered", async (c) => {
    const answer = await markShopOrdersDelivered(c.get("ctx"), await readJson(c));
    return ok(c, answer, doneOf(answer.results));
  });
  return api;
}
