/**
 * The wishlist ("Save for later", issue 31): what the API and the page forms take, its limit and
 * the messages a customer is shown. The rules are in services/cart/wishlist.ts.
 */
import type { z as zod } from "zod";
import type {
  wishlistMoveSchema as moveAnswer,
  wishlistItemSchema,
  wishlistSchema,
} from "./answers/wishlist";
import { idField } from "./paging";
import { z } from "./zod";

/** How many items one customer may keep: a long reading list, not a copy of the catalogue. */
export const WISHLIST_LIMIT = 200;

/** The kinds with stock of their own, which can be out and come back (a bundle follows its items). */
export const STOCKED_KINDS = ["book", "stationary"] as const;

/**
 * "Cheaper" for the price-drop SMS: the price now is at least this share below the price when
 * saved (or the price last texted), and at least `WISHLIST_DROP_MIN` poisha below it. A drop of a
 * few taka on a cheap book is not news worth an SMS.
 */
export const WISHLIST_DROP_PERCENT = 5;
export const WISHLIST_DROP_MIN = 500;

/** Whether `now` is cheaper than `before` by the wishlist's threshold (both in poisha). */
export function isWishlistDrop(before: number, now: number): boolean {
  return now * 100 <= before * (100 - WISHLIST_DROP_PERCENT) && before - now >= WISHLIST_DROP_MIN;
}

/** `POST /api/wishlist`: save a product for later. */
export const wishlistAddSchema = z.object({ productId: idField });

/** `POST /api/wishlist/cart`: move one saved item to the cart, or every one when `productId` is absent. */
export const wishlistMoveInputSchema = z.object({ productId: idField.optional() });

/** `PUT /api/wishlist/settings`: the SMS opt-in. */
export const wishlistSettingsSchema = z.object({
  sms: z.boolean({ error: "sms must be true or false" }),
});

export type WishlistItem = zod.infer<typeof wishlistItemSchema>;
export type Wishlist = zod.infer<typeof wishlistSchema>;
export type WishlistMove = zod.infer<typeof moveAnswer>;
