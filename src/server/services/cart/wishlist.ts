/**
 * The wishlist ("Save for later", issue 31): a signed-in customer keeps up to `WISHLIST_LIMIT`
 * products, each once, with the price it had when saved; moves them to the cart through the
 * cart's own add (its stock and quantity rules); and may opt in to an SMS when a saved item is
 * back in stock or cheaper (services/catalog/wishlist-alerts.ts). A visitor signed out is sent to
 * sign in first and the save is made after (decision 69).
 */
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { effectivePrice } from "../../../contracts/money";
import { dhakaDay } from "../../../contracts/sales";
import {
  STOCKED_KINDS,
  WISHLIST_LIMIT,
  type Wishlist,
  type WishlistMove,
  wishlistAddSchema,
  wishlistMoveInputSchema,
  wishlistSettingsSchema,
} from "../../../contracts/wishlist";
import {
  SIGN_IN_FOR_WISHLIST,
  WISHLIST_FULL,
  WISHLIST_NOT_SAVED,
  WISHLIST_SMS_NO_PHONE,
} from "../../../contracts/wishlist-messages";
import { inTransaction } from "../../db/client";
import { products, users, wishlistItems } from "../../db/schema";
import { requireSignedIn } from "../access";
import { type CardRow, cardColumns, toCard } from "../catalog/cards";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { addToCart } from "./cart";

const NO_SUCH_PRODUCT = "No such product";

export type WishlistState = { productId: number; saved: boolean; count: number };

function requireCustomer(ctx: Ctx) {
  return requireSignedIn(ctx, SIGN_IN_FOR_WISHLIST);
}

/** Only what is sold shows and counts: an item unpublished since is kept, hidden, until it is back. */
const listed = (userId: number) => and(eq(wishlistItems.userId, userId), eq(products.published, true));

async function countSaved(db: Ctx["db"], userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(listed(userId));
  return row?.n ?? 0;
}

/** The caller's wishlist, newest first, each item as its card with its price then and now. */
export async function getWishlist(ctx: Ctx): Promise<Wishlist> {
  const me = requireCustomer(ctx);
  const today = dhakaDay(ctx.now());
  const [rows, [person]] = await Promise.all([
    ctx.db
      .select({ ...cardColumns, savedPrice: wishlistItems.savedPrice, savedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(listed(me.id))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id)),
    ctx.db.select({ sms: users.wishlistSms }).from(users).where(eq(users.id, me.id)),
  ]);
  return {
    items: rows.map((r) => ({
      productId: r.id,
      // The availability rule at the request's Dhaka day (a card of the catalogue reads the server's).
      card: toCard(r as CardRow, today),
      savedPrice: r.savedPrice,
      price: effectivePrice(r),
      savedAt: r.savedAt.toISOString(),
    })),
    limit: WISHLIST_LIMIT,
    sms: person?.sms ?? false,
  };
}

/** The ids of the products the user has saved (every card's heart; none for nobody). */
export async function listSavedProductIds(ctx: Pick<Ctx, "db">, userId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Saves a published product for later, at its price now. A product saved already stays as it
 * was (its first price kept): `created` is false. Past `WISHLIST_LIMIT` it is refused with 400.
 * Saves of one customer take turns on their account's row, so adds arriving together at the
 * limit cannot pass it between them.
 */
export async function saveToWishlist(
  ctx: Ctx,
  input: unknown,
): Promise<{ state: WishlistState; created: boolean }> {
  const me = requireCustomer(ctx);
  const { productId } = wishlistAddSchema.parse(input);
  return inTransaction(ctx.db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for("no key update");
    const [p] = await tx
      .select({
        id: products.id,
        kind: products.kind,
        price: products.price,
        salePrice: products.salePrice,
        stock: products.stock,
      })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.published, true)))
      .limit(1);
    if (!p) throw new DomainError("not_found", NO_SUCH_PRODUCT);
    const [had] = await tx
      .select({ id: wishlistItems.id })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, me.id), eq(wishlistItems.productId, p.id)))
      .limit(1);
    const n = await countSaved(tx, me.id);
    if (had) return { state: { productId: p.id, saved: true, count: n }, created: false };
    if (n >= WISHLIST_LIMIT) throw new DomainError("invalid", WISHLIST_FULL, { productId: WISHLIST_FULL });
    await tx.insert(wishlistItems).values({
      userId: me.id,
      productId: p.id,
      savedPrice: effectivePrice(p),
      // Saved while out of stock: its return is news (the alerts' sweep marks the others).
      awaitingStock: (STOCKED_KINDS as readonly string[]).includes(p.kind) && (p.stock ?? 0) <= 0,
      createdAt: ctx.now(),
    });
    return { state: { productId: p.id, saved: true, count: n + 1 }, created: true };
  });
}

/** Takes a product out of the caller's wishlist (nothing to take out is fine too). */
export async function removeFromWishlist(ctx: Ctx, productId: number): Promise<WishlistState> {
  const me = requireCustomer(ctx);
  await ctx.db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, me.id), eq(wishlistItems.productId, productId)));
  return { productId, saved: false, count: await countSaved(ctx.db, me.id) };
}

/**
 * Moves one saved item (or, without `productId`, every one, oldest first) to the cart through
 * the cart's own add, one copy each: what the cart refuses (out of stock, no more than the stock
 * in the cart, an e-book already owned) stays saved, with the cart's reason. Each add carries a
 * key of its wishlist entry, so a move repeated (a double tap, a retry) adds one copy.
 */
export async function moveWishlistToCart(
  ctx: Ctx,
  input: unknown,
  opts: { referralCode?: string } = {},
): Promise<WishlistMove> {
  const me = requireCustomer(ctx);
  const { productId } = wishlistMoveInputSchema.parse(input);
  const rows = await ctx.db
    .select({ id: wishlistItems.id, productId: products.id, kind: products.kind })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(listed(me.id), productId === undefined ? undefined : eq(wishlistItems.productId, productId)))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
  if (productId !== undefined && rows.length === 0) throw new DomainError("not_found", WISHLIST_NOT_SAVED);
  const moved: number[] = [];
  const refused: WishlistMove["refused"] = [];
  for (const row of rows) {
    try {
      await addToCart(
        ctx,
        {
          bookId: row.productId,
          type: row.kind,
          quantity: 1,
          source: "wishlist",
          addKey: `wishlist-${row.id}`,
        },
        opts,
      );
      moved.push(row.productId);
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind === "unauthorized" || err.kind === "unavailable")
        throw err;
      refused.push({ productId: row.productId, message: err.message });
    }
  }
  if (moved.length > 0) {
    await ctx.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, me.id), inArray(wishlistItems.productId, moved)));
  }
  return { moved, refused };
}

/** The SMS opt-in: on needs a phone to text (409 without one). */
export async function setWishlistSettings(ctx: Ctx, input: unknown): Promise<{ sms: boolean }> {
  const me = requireCustomer(ctx);
  const { sms } = wishlistSettingsSchema.parse(input);
  if (sms && !me.phone) throw new DomainError("conflict", WISHLIST_SMS_NO_PHONE);
  await ctx.db.update(users).set({ wishlistSms: sms }).where(eq(users.id, me.id));
  return { sms };
}
