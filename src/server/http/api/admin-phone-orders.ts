import { Hono } from "hono";
import {
  phoneCustomerQuery,
  phoneOrderQuoteSchema,
  phoneOrderSchema,
  phoneProductsQuery,
} from "../../../contracts/admin-phone-orders";
import {
  phoneCustomerSchema,
  phoneOrderPlacedSchema,
  phoneProductsSchema,
  phoneQuoteSchema,
} from "../../../contracts/answers/staff-phone-orders";
import {
  findPhoneCustomer,
  placePhoneOrder,
  quotePhoneOrder,
  searchPhoneProducts,
} from "../../services/orders/phone-orders";
import { createdAnswer, type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** Orders taken by phone (`/admin/orders/new`): the customer, products, the totals, and placing. */
export function adminPhoneOrdersApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/phone-orders/customer", async (c) =>
    ok(c, await findPhoneCustomer(c.get("ctx"), c.req.query())),
  );
  api.get("/admin/phone-orders/products", async (c) =>
    ok(c, await searchPhoneProducts(c.get("ctx"), c.req.query())),
  );
  api.post("/admin/phone-orders/quote", async (c) =>
    ok(c, await quotePhoneOrder(c.get("ctx"), await readJson(c))),
  );
  api.post("/admin/phone-orders", async (c) => {
    const placed = await placePhoneOrder(c.get("ctx"), await readJson(c));
    return send(c, 201, `Order ${placed.orderNumber} placed`, placed);
  });
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminPhoneOrdersEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/phone-orders/customer",
    tag: "Staff",
    summary: "The account a phone number belongs to, with its saved addresses (taking an order by phone)",
    access: staff("orders"),
    query: phoneCustomerQuery,
    success: [okAnswer("The customer, or null when no account has the phone", phoneCustomerSchema)],
  },
  {
    method: "get",
    path: "/api/admin/phone-orders/products",
    tag: "Staff",
    summary:
      "Published products to add to a phone order, by title, author or ISBN, with their price and stock",
    access: staff("orders"),
    query: phoneProductsQuery,
    success: [okAnswer("The products found", phoneProductsSchema)],
  },
  {
    method: "post",
    path: "/api/admin/phone-orders/quote",
    tag: "Staff",
    summary:
      "The totals of a phone order as the buyer would be charged now (the checkout's pricing); writes nothing",
    description:
      "The lines priced for the customer with `phone` (their coupon uses count) and delivery to `district` (Dhaka when none), what would refuse the order (stock, quantities), and `cartKey`, the key of these totals to place the order with.",
    access: staff("orders"),
    body: phoneOrderQuoteSchema,
    success: [okAnswer("The totals, money in poisha", phoneQuoteSchema)],
  },
  {
    method: "post",
    path: "/api/admin/phone-orders",
    tag: "Staff",
    summary: "Place an order taken by phone: cash on delivery, or a payment link sent to the buyer by SMS",
    description:
      "Placed by the checkout's own rules (prices, stock, delivery, coupon, invoice) for the account with `phone`, made without a password when there is none. The order's source is `phone` and it names the clerk; audited. Totals other than the quote's (`cartKey`) are refused with 409; the same `placeKey` again answers with the order it placed.",
    access: staff("orders"),
    body: phoneOrderSchema,
    success: [createdAnswer("The order placed", phoneOrderPlacedSchema)],
    errors: [409],
  },
];
