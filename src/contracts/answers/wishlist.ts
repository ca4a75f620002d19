/** The wishlist's answers (contracts/wishlist.ts). */
import { z } from "../zod";
import { productCardSchema } from "./catalog";
import { isoTime, poisha } from "./shared";

export const wishlistItemSchema = z
  .object({
    productId: z.int(),
    card: productCardSchema,
    savedPrice: poisha("What it cost when saved (the sale price when lower)"),
    price: poisha("What it costs now (the sale price when lower)"),
    savedAt: isoTime(),
  })
  .meta({ id: "WishlistItem" });

export const wishlistSchema = z
  .object({
    items: z.array(wishlistItemSchema).meta({ description: "The newest saved first" }),
    limit: z.int().meta({ description: "How many items one customer may keep" }),
    sms: z
      .boolean()
      .meta({ description: "Whether the customer is texted when a saved item is back or cheaper" }),
  })
  .meta({ id: "Wishlist" });

export const wishlistStateSchema = z
  .object({ productId: z.int(), saved: z.boolean(), count: z.int() })
  .meta({ id: "WishlistState" });

export const wishlistMoveSchema = z
  .object({
    moved: z.array(z.int()).meta({ description: "The products moved to the cart (and out of the wishlist)" }),
    refused: z
      .array(z.object({ productId: z.int(), message: z.string() }))
      .meta({ description: "The products left in the wishlist, with the cart's reason" }),
  })
  .meta({ id: "WishlistMove" });

export const wishlistSettingsAnswerSchema = z.object({ sms: z.boolean() }).meta({ id: "WishlistSettings" });
