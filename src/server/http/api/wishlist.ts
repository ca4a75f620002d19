import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  wishlistMoveSchema,
  wishlistSchema,
  wishlistSettingsAnswerSchema,
  wishlistStateSchema,
} from "../../../contracts/answers/wishlist";
import { idParams } from "../../../contracts/paging";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import {
  wishlistAddSchema,
  wishlistMoveInputSchema,
  wishlistSettingsSchema,
} from "../../../contracts/wishlist";
import { WISHLIST_KEPT, WISHLIST_REMOVED, WISHLIST_SAVED } from "../../../contracts/wishlist-messages";
import {
  getWishlist,
  moveWishlistToCart,
  removeFromWishlist,
  saveToWishlist,
  setWishlistSettings,
} from "../../services/cart/wishlist";
import { createdAnswer, type Endpoint, okAnswer, signedIn } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** The wishlist: save for later, move to the cart, and the SMS when a saved item is back or cheaper. */
export function wishlistApi() {
  const api = new Hono<AppEnv>();

  api.get("/wishlist", async (c) => ok(c, await getWishlist(c.get("ctx"))));

  api.post("/wishlist", async (c) => {
    const { state, created } = await saveToWishlist(c.get("ctx"), await readJson(c));
    return created ? send(c, 201, WISHLIST_SAVED, state) : ok(c, state, WISHLIST_KEPT);
  });

  api.delete("/wishlist/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await removeFromWishlist(c.get("ctx"), id), WISHLIST_REMOVED);
  });

  api.post("/wishlist/cart", async (c) => {
    const moved = await moveWishlistToCart(c.get("ctx"), await readJson(c), {
      referralCode: getCookie(c, REFERRAL_COOKIE),
    });
    return ok(c, moved);
  });

  api.put("/wishlist/settings", async (c) =>
    ok(c, await setWishlistSettings(c.get("ctx"), await readJson(c))),
  );

  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const wishlistEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/wishlist",
    tag: "Cart",
    summary: "The caller's wishlist: each saved item with its price when saved and now, and the SMS opt-in",
    access: signedIn,
    success: [okAnswer("The wishlist", wishlistSchema)],
  },
  {
    method: "post",
    path: "/api/wishlist",
    tag: "Cart",
    summary: "Save a product for later",
    description:
      "One entry per product: saving it again answers 200 and keeps the first (and its price). At most 200 items per customer: past that, 400 and nothing saved.",
    access: signedIn,
    body: wishlistAddSchema,
    success: [createdAnswer("Saved", wishlistStateSchema), okAnswer("Already saved", wishlistStateSchema)],
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/wishlist/{id}",
    tag: "Cart",
    summary: "Take a product out of the wishlist",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The product's state", wishlistStateSchema)],
  },
  {
    method: "post",
    path: "/api/wishlist/cart",
    tag: "Cart",
    summary: "Move one saved product (or, without productId, every one) to the cart",
    description:
      "Each is added as one copy through the cart's own rules; what the cart refuses (out of stock, more than the stock, an e-book owned) stays saved and is listed with the reason. A move repeated adds one copy.",
    access: signedIn,
    body: wishlistMoveInputSchema,
    success: [okAnswer("What moved and what stayed", wishlistMoveSchema)],
    errors: [404],
  },
  {
    method: "put",
    path: "/api/wishlist/settings",
    tag: "Cart",
    summary: "Opt in or out of an SMS when a saved item is back in stock or cheaper",
    description: "Off by default. 409 when turning it on for an account without a phone.",
    access: signedIn,
    body: wishlistSettingsSchema,
    success: [okAnswer("The settings", wishlistSettingsAnswerSchema)],
    errors: [409],
  },
];
