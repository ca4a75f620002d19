import { Hono } from "hono";
import {
  adminOrdersQuery,
  bulkCourierSchema,
  bulkOrderStatusSchema,
  bulkOrdersSchema,
  MAX_BULK_ORDERS,
  orderSourcesQuery,
  shopDeliveredSchema,
} from "../../../contracts/admin-orders";
import {
  adminOrderPageSchema,
  orderBulkResultSchema,
  orderSourcesSchema,
  packingSlipsSchema,
} from "../../../contracts/answers/staff-orders";
import {
  bulkBookCourier,
  bulkOrderStatus,
  listOrders,
  markShopOrdersDelivered,
  NAME_SEARCH_COUNT,
  ORDER_COUNT_CAP,
  orderSources,
  orderSourcesCsv,
  printSlips,
} from "../../services/orders/admin-orders";
import { type Endpoint, okAnswer, staff } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminOrdersEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/orders",
    tag: "Staff",
    summary:
      "List orders: search number, phone (typed any way), name, invoice (INV-…) or consignment; filter by status, payment, district, dates, source, coupon, phone check, slip printed",
    description: `Newest first by default. \`total\` counts up to ${ORDER_COUNT_CAP.toLocaleString("en")} (a search by name: ${NAME_SEARCH_COUNT} past the page's first row); \`more\` is set when more matched. \`holds\` keeps orders with e-books or courses (\`digital\`), stationery or academic-cycle products.`,
    access: staff("orders"),
    query: adminOrdersQuery,
    success: [okAnswer("One page of orders (money in poisha)", adminOrderPageSchema)],
  },
  {
    method: "post",
    path: "/api/admin/orders/bulk/status",
    tag: "Staff",
    summary: "Move many orders to a status, each in its own transaction, with a result per order",
    description: `At most ${MAX_BULK_ORDERS} orders. Each move is the single order's (history, audit, the buyer's SMS); an order that cannot make it is refused in its result and the others go on.`,
    access: staff("orders"),
    body: bulkOrderStatusSchema,
    success: [okAnswer("A result per order", orderBulkResultSchema)],
  },
  {
    method: "post",
    path: "/api/admin/orders/bulk/courier",
    tag: "Staff",
    summary: "Book many orders, each with its district's courier or all with one, with a result per order",
    description: `At most ${MAX_BULK_ORDERS} orders, one at a time. An order that already has a consignment is refused, so repeating the call books nothing twice. When the courier stops answering, the orders after are not tried.`,
    access: staff("orders"),
    body: bulkCourierSchema,
    success: [okAnswer("A result per order", orderBulkResultSchema)],
  },
  {
    method: "post",
    path: "/api/admin/orders/slips",
    tag: "Staff",
    summary: "The packing slips of the orders, marked printed now",
    description:
      "Slips in the order asked; an order with nothing to ship (only e-books or courses) or not bought yet gets no slip and is refused in `results`. Audited.",
    access: staff("orders"),
    body: bulkOrdersSchema,
    success: [okAnswer("The slips and a result per order", packingSlipsSchema)],
  },
  {
    method: "get",
    path: "/api/admin/orders/sources",
    tag: "Staff",
    summary: "Orders and revenue by source and referral code over a range of Dhaka days",
    description:
      "Counted as sales are: bought orders, on the Dhaka day placed, lines after discounts, without delivery. By default the last 30 days; at most two years.",
    access: staff("orders"),
    query: orderSourcesQuery,
    success: [okAnswer("Orders and revenue per source (poisha)", orderSourcesSchema)],
  },
  {
    method: "get",
    path: "/api/admin/orders/sources.csv",
    tag: "Staff",
    summary: "The same as a CSV download",
    description:
      "Columns Source, Referral code, Orders, Revenue (taka); UTF-8 with a byte-order mark. Streamed.",
    access: staff("orders"),
    query: orderSourcesQuery,
    success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
  },
  {
    method: "get",
    path: "/api/admin/shop-orders",
    tag: "Staff",
    summary: "List the orders holding stationery (the orders list's search and filters)",
    access: staff("stationery"),
    query: adminOrdersQuery,
    success: [okAnswer("One page of orders (money in poisha)", adminOrderPageSchema)],
  },
  {
    method: "post",
    path: "/api/admin/shop-orders/delivered",
    tag: "Staff",
    summary: "Mark many stationery orders delivered, chosen by id or typed/scanned by number",
    description: `At most ${MAX_BULK_ORDERS} orders, each in its own transaction with its history, audit entry and the buyer's SMS (sent after the commit). An order must hold stationery and be shipped.`,
    access: staff("stationery"),
    body: shopDeliveredSchema,
    success: [okAnswer("A result per order", orderBulkResultSchema)],
  },
];
