import { Hono } from "hono";
import { adminSearchQuery } from "../../../contracts/admin-search";
import { adminSearchSchema, playgroundPriceSchema } from "../../../contracts/answers/staff";
import { playgroundQuery } from "../../../contracts/playground";
import { searchAdmin } from "../../services/admin-search";
import { pricePlayground } from "../../services/cart/playground";
import { anyStaff, type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** The back office's search box and the pricing playground: reads only. */
export function adminSearchApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/search", async (c) => ok(c, await searchAdmin(c.get("ctx"), c.req.query())));
  api.get("/admin/playground/price", async (c) => ok(c, await pricePlayground(c.get("ctx"), c.req.query())));
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminSearchEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/search",
    tag: "Staff",
    summary:
      "The back office's search box: orders, accounts and products, a few of each, exact matches first",
    description: [
      "Orders by number, the buyer's phone (typed any way: 01…, +880…, with spaces), invoice number",
      "(`INV-2026-000042`, or `inv-2026-42`), consignment or the buyer's name; accounts by phone, email or",
      "name; products by title, Bangla title, author or ISBN. Each group is answered only to staff holding",
      "its area (`orders`; `users`; the product areas, each its own kinds) and is null for the others.",
    ].join(" "),
    access: anyStaff,
    query: adminSearchQuery,
    success: [okAnswer("At most five of each kind, exact matches first", adminSearchSchema)],
  },
  {
    method: "get",
    path: "/api/admin/playground/price",
    tag: "Staff",
    summary: "The pricing playground: what a customer would be charged, priced as the cart prices",
    description: [
      "The same query as the page `/admin/playground`. Lines, coupon, delivery and total come from the",
      "cart's pricing; a coupon that gives nothing says why in the customer's words (`coupon.message`).",
      "With `user`, that customer's own uses of the coupon count. Nothing is saved.",
    ].join(" "),
    access: staff("orders"),
    query: playgroundQuery,
    success: [okAnswer("The priced cart (poisha)", playgroundPriceSchema)],
  },
];
