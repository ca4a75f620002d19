import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { cartInfoSchema } from "../../../contracts/answers/cart";
import {
  cartAddSchema,
  cartInfoQuerySchema,
  cartLineSchema,
  cartQuantitySchema,
  couponCodeSchema,
  toCartInfo,
} from "../../../contracts/cart";
import {
  CART_REMINDERS_OFF,
  CART_REMINDERS_ON,
  cartReminderAnswerSchema,
  cartReminderSchema,
} from "../../../contracts/cart-reminders";
import { COUPON_APPLIED } from "../../../contracts/messages";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import {
  addToCart,
  applyCoupon,
  getCartInfo,
  removeCoupon,
  removeLine,
  updateQuantity,
} from "../../services/cart/cart";
import { setCartReminders } from "../../services/cart/cart-reminders";
import type { AppDeps } from "../../services/context";
import { createdAnswer, type Endpoint, okAnswer, signedIn } from "../endpoint";
import type { AppEnv } from "../env";
import { callerOf } from "../middleware/session";
import { ok, readJson, send } from "../respond";

/**
 * The cart's read and add, the calls a shopper makes most: their service looks the caller's
 * session up itself, with its own first statements, in one round trip (decision 44), so they are
 * mounted before `loadSession` and hand the service the caller still to be found (`callerOf`).
 */
export function cartReadAndAddApi(deps: AppDeps) {
  const api = new Hono<AppEnv>();

  api.get("/cart/info", async (c) => {
    const { district } = cartInfoQuerySchema.parse(c.req.query());
    return ok(c, toCartInfo(await getCartInfo(callerOf(deps, c), { district })));
  });

  api.post("/cart", async (c) => {
    // The referral code comes from the visitor's own cookie, never from the request body.
    const cart = await addToCart(callerOf(deps, c), await readJson(c), {
      referralCode: getCookie(c, REFERRAL_COOKIE),
    });
    return send(c, 201, "Added to cart", toCartInfo(cart));
  });

  return api;
}

/** The cart's other calls and the coupon's (docs/features.md, Cart API); every answer carries the priced cart, money in poisha. */
export function cartApi() {
  const api = new Hono<AppEnv>();

  api.put("/cart/quantity", async (c) => {
    return ok(c, toCartInfo(await updateQuantity(c.get("ctx"), await readJson(c))), "Quantity updated");
  });

  api.delete("/cart", async (c) => {
    return ok(c, toCartInfo(await removeLine(c.get("ctx"), await readJson(c))), "Removed from cart");
  });

  api.post("/coupon/apply", async (c) => {
    return ok(c, toCartInfo(await applyCoupon(c.get("ctx"), await readJson(c))), COUPON_APPLIED);
  });

  api.delete("/coupon", async (c) => {
    return ok(c, toCartInfo(await removeCoupon(c.get("ctx"))), "Coupon removed");
  });

  api.put("/cart/reminder", async (c) => {
    const set = await setCartReminders(c.get("ctx"), await readJson(c));
    return ok(c, set, set.on ? CART_REMINDERS_ON : CART_REMINDERS_OFF);
  });

  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const cartEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/cart/info",
    tag: "Cart",
    summary: "The caller's cart, priced for a district",
    access: signedIn,
    query: cartInfoQuerySchema,
    success: [okAnswer("The priced cart, money in poisha", cartInfoSchema)],
  },
  {
    method: "post",
    path: "/api/cart",
    tag: "Cart",
    summary: "Add a product to the cart",
    description: `The referral, if any, comes from the visitor's \`ref\` cookie, never from the body.`,
    access: signedIn,
    body: cartAddSchema,
    success: [createdAnswer("The priced cart", cartInfoSchema)],
    errors: [404, 409],
  },
  {
    method: "put",
    path: "/api/cart/quantity",
    tag: "Cart",
    summary: "Change a line's quantity",
    access: signedIn,
    body: cartQuantitySchema,
    success: [okAnswer("The priced cart", cartInfoSchema)],
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/cart",
    tag: "Cart",
    summary: "Remove a line",
    access: signedIn,
    body: cartLineSchema,
    success: [okAnswer("The priced cart", cartInfoSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/coupon/apply",
    tag: "Cart",
    summary: "Attach a coupon to the cart",
    access: signedIn,
    body: couponCodeSchema,
    success: [okAnswer("Coupon applied successfully; the priced cart", cartInfoSchema)],
    errors: [404, 409, 429],
  },
  {
    method: "delete",
    path: "/api/coupon",
    tag: "Cart",
    summary: "Take the coupon off the cart",
    access: signedIn,
    success: [okAnswer("The priced cart", cartInfoSchema)],
  },
  {
    method: "put",
    path: "/api/cart/reminder",
    tag: "Cart",
    summary: "Turn the forgotten-cart SMS on or off",
    description:
      "Off by default. When on, a cart left with items for 24 hours brings one SMS to the account's " +
      "phone, in its language: once per cart (again only after an order), never from 22:00 to 08:00 " +
      "Dhaka time (held until 08:00), and none once an order is placed after the cart was last changed.",
    access: signedIn,
    body: cartReminderSchema,
    success: [okAnswer("The setting now", cartReminderAnswerSchema)],
  },
];
