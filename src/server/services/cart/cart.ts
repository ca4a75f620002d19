/**
 * The signed-in shopper's cart: one open cart per user in PostgreSQL (any server instance serves
 * it), one line per product, priced by `priceCart` on every read.
 *
 * A coupon that qualified when applied stays attached when the cart changes. While it does not
 * qualify (the cart fell below its minimum, it expired, …) the cart shows why (`coupon.message`)
 * and takes nothing off; it applies again by itself once it qualifies, and the shopper may remove it.
 */

import { and, eq, inArray, sql } from "drizzle-orm";
import { type AvailabilityFacts, availabilityOf, isOrderable } from "../../../contracts/availability";
import {
  type CartView,
  cartAddSchema,
  cartLineSchema,
  cartQuantitySchema,
  couponCodeSchema,
  isDigitalKind,
  MAX_LINE_QUANTITY,
} from "../../../contracts/cart";
import type { ProductKind } from "../../../contracts/catalog";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { COUPON_APPLIED } from "../../../contracts/messages";
import { productPath } from "../../../contracts/paths";
import { normaliseReferralCode } from "../../../contracts/referral";
import { dhakaDay } from "../../../contracts/sales";
import {
  allAnswered,
  type BindQuery,
  type Db,
  inTransaction,
  onOneConnection,
  sendTogether,
} from "../../db/client";
import { cartLines, carts, products, users } from "../../db/schema";
import { requireSignedIn } from "../access";
import { foldSession, resolveCaller } from "../accounts/sessions";
import { type CallerToFind, type Ctx, isCallerToFind } from "../context";
import { DomainError } from "../errors";
import { consumeLimit } from "../platform/rate-limits";
import { findOwnedProductIds } from "../reading/entitlements";
import {
  COUPON_NOT_FOUND,
  type CouponRow,
  findCouponByCode,
  findCouponById,
  findCouponUsage,
  toCouponRule,
} from "./coupons";
import { type CartPrice, deliveryRatesFrom, effectivePrice, priceCart } from "./pricing";
import {
  addStatement,
  availableSql,
  bySession,
  type CartHead,
  type LineRow,
  readCart,
  readLines,
  type Shopper,
} from "./statements";

export { COUPON_APPLIED };

export const SIGN_IN_FOR_CART = "Please sign in to use your cart";
export const NO_SUCH_PRODUCT = "No such product";
export const NO_SUCH_LINE = "No such item in your cart";

/** How a digital kind is named in a refusal. */
/** The refusals of an e-book or course in a cart, whole (the page translates them as they are). */
export const DIGITAL_REFUSALS = {
  ebook: {
    owned: "You already own this e-book",
    inCart: "This e-book is already in your cart",
    once: "An e-book is bought once: quantity must be 1",
    always: "An e-book is always quantity 1",
  },
  content: {
    owned: "You already own this course",
    inCart: "This course is already in your cart",
    once: "A course is bought once: quantity must be 1",
    always: "A course is always quantity 1",
  },
} as const;
const refusalsOf = (kind: ProductKind) => DIGITAL_REFUSALS[kind === "content" ? "content" : "ebook"];

export function stockMessage(available: number): string {
  return available <= 0 ? "This item is out of stock" : fillMessage(M.onlyLeft, { count: available });
}

function requireShopper(ctx: Ctx) {
  return requireSignedIn(ctx, SIGN_IN_FOR_CART);
}

export function maxQuantityOf(available: number | null): number {
  return Math.min(available ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
}

type CartRow = typeof carts.$inferSelect;

async function findCart(db: Db, userId: number): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.userId, userId)).limit(1);
  return row;
}

/** The user's cart, made when missing; the upsert also locks the row until the transaction ends. */
export async function lockCart(db: Db, userId: number, now: Date): Promise<CartRow> {
  const [row] = await cartLock(db, userId, now);
  return row!;
}

function cartLock(db: Db, userId: number, now: Date) {
  return db
    .insert(carts)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: now } })
    .returning();
}

/**
 * Locks the buyer's cart (made if missing) and reads its lines, the two statements sent together
 * (decision 43): the read runs once the lock is held, in the same round trip. In a transaction.
 */
export async function lockCartWithLines(
  tx: Db,
  userId: number,
  now: Date,
): Promise<{ cart: CartRow; lines: LineRow[] }> {
  const [[cart], lines] = await sendTogether(tx, [cartLock(tx, userId, now), readLines(tx, { userId })]);
  return { cart: cart!, lines };
}

/** What the availability rule reads of a cart line (a bundle's stock: what its items allow). */
export function factsOf(r: LineRow): AvailabilityFacts {
  return {
    kind: r.kind,
    stock: r.kind === "bundle" ? (r.available === null ? 1 : Number(r.available)) : r.stock,
    releaseDate: r.releaseDate,
    backorderDays: r.backorderDays,
    outOfPrint: Boolean(r.outOfPrint),
  };
}

/** A line as pricing reads it: from a cart, or from the admin playground. */
export type LineToPrice = {
  productId: number;
  kind: ProductKind;
  title: string;
  price: number;
  salePrice: number | null;
  quantity: number;
};

/**
 * Prices lines with `priceCart` exactly as a cart is priced: the effective prices, the coupon
 * with its uses (the user's own counted when `userId` is given; none for a customer not named),
 * delivery to `district` (Dhaka when null). The cart and the admin playground share it.
 */
export async function priceLines(
  ctx: Ctx,
  lines: readonly LineToPrice[],
  opts: { coupon: CouponRow | null; userId: number | null; district: string | null },
): Promise<CartPrice> {
  const { coupon, userId } = opts;
  const usage = coupon
    ? userId !== null
      ? await findCouponUsage(ctx, coupon, userId)
      : { totalUsed: coupon.usedCount, usedByUser: 0 }
    : null;
  return priceCart({
    lines: lines.map((r) => ({
      productId: r.productId,
      kind: r.kind,
      title: r.title,
      unitPrice: effectivePrice(r),
      quantity: r.quantity,
    })),
    coupon: coupon && usage ? { rule: toCouponRule(coupon), usage } : null,
    district: opts.district,
    rates: deliveryRatesFrom(ctx.config),
    now: ctx.now(),
  });
}

/**
 * Prices the user's cart with `priceLines`: the one reading of a cart the cart page and checkout
 * share. `opts.coupon` prices with another coupon than the attached one (a code is checked this
 * way before it is attached); `opts.district` for another district than the last chosen.
 */
export async function priceFor(
  ctx: Ctx,
  /** Whose coupon uses count; null for a customer without an account yet (a phone order's). */
  userId: number | null,
  cart: CartHead | undefined,
  opts: { coupon?: CouponRow | null; district?: string } = {},
  /** The cart's lines when already read with it (readCart). */
  lines?: LineRow[],
): Promise<CartView> {
  const rows = lines ?? (cart ? await readLines(ctx.db, { cartId: cart.id }) : []);
  const coupon =
    opts.coupon !== undefined
      ? opts.coupon
      : cart?.couponId
        ? ((await findCouponById(ctx, cart.couponId)) ?? null)
        : null;
  const priced = await priceLines(ctx, rows, {
    coupon,
    userId,
    district: opts.district ?? cart?.district ?? null,
  });
  const outcome = priced.coupon;
  const today = dhakaDay(ctx.now());
  return {
    cartId: cart?.id ?? null,
    qty: priced.qty,
    totalPrice: priced.totalPrice,
    discountedAmount: priced.discountedAmount,
    deliveryCharges: priced.deliveryCharges,
    netPrice: priced.netPrice,
    isStationary: priced.isStationary,
    district: priced.district,
    zone: priced.zone,
    coupon: outcome
      ? {
          id: outcome.couponId,
          code: outcome.code,
          applied: outcome.status === "applied",
          message: outcome.status === "refused" ? outcome.reason : null,
        }
      : null,
    lines: rows.map((r, i) => {
      const line = priced.lines[i]!;
      const availability = availabilityOf(factsOf(r), today);
      return {
        id: r.id,
        kind: r.kind,
        productId: r.productId,
        title: r.title,
        image: r.image,
        url: productPath({ kind: r.kind, id: r.productId, slug: r.slug }),
        unitPrice: line.unitPrice,
        quantity: r.quantity,
        lineTotal: line.lineTotal,
        discount: line.discount,
        source: r.source,
        // What the rule has as not orderable today (a release day passed with none on hand) is
        // out of stock here, whatever the date-free quantity limit allowed (statements.ts).
        maxQuantity: isOrderable(availability) ? maxQuantityOf(r.available) : 0,
        availability,
      };
    }),
  };
}

/**
 * The caller's cart, priced. A district (already read as its official name) prices delivery for
 * it and is remembered on the cart as the last chosen; without one the last chosen, else Dhaka.
 */
/** How many items a shopper's cart holds (the header's count, before the page's scripts read the cart). */
export async function countCartItems(ctx: Ctx, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId));
  return Number(row?.n ?? 0);
}

export async function getCartInfo(
  call: Ctx | CallerToFind,
  opts: { district?: string } = {},
): Promise<CartView> {
  let ctx: Ctx;
  let read: Awaited<ReturnType<typeof readCart>> | undefined;
  if (isCallerToFind(call)) {
    // The session's lookup and the cart's read in one round trip (decision 44).
    const { db } = call.deps;
    ({ ctx, answer: read } = await foldSession(call, (on, who) => readCart(db, who, on)));
  } else {
    ctx = call;
  }
  const me = requireShopper(ctx);
  read ??= await readCart(ctx.db, { userId: me.id });
  const cart = read.cart;
  if (opts.district && opts.district !== cart?.district) {
    const now = ctx.now();
    const [row] = await ctx.db
      .insert(carts)
      .values({ userId: me.id, district: opts.district, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: carts.userId, set: { district: opts.district, updatedAt: now } })
      .returning();
    return priceFor(ctx, me.id, row);
  }
  return priceFor(ctx, me.id, cart, {}, read.lines);
}

/**
 * The source of an add: the referral code of the visitor's `ref` cookie when it is another
 * account's real code, otherwise the page name the client sent.
 */
async function sourceOf(ctx: Ctx, userId: number, pageSource: string, referral: string | undefined) {
  const code = normaliseReferralCode(referral);
  if (!code) return pageSource;
  const [owner] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  // Nobody refers themselves.
  return owner && owner.id !== userId ? code : pageSource;
}

/**
 * Adds a published product of the given kind. A printed item's quantity adds to its line, never
 * above stock; an e-book or course is quantity 1, once, and not when already owned. An add with
 * the `addKey` of the line's last add is the same tap again and changes nothing.
 *
 * One statement does the add: it finds the product, makes or touches the cart (its row lock
 * serialises the add with a checkout of the same cart) and inserts the line, or adds to the
 * line already there, under the limits. Only a refused add reads the line again to say why: the
 * same tap repeated (a double tap, a retry, which waited on the line's unique index and so sees
 * the first's line), an e-book already in the cart, or not enough stock.
 */
export async function addToCart(
  call: Ctx | CallerToFind,
  input: unknown,
  opts: { referralCode?: string } = {},
): Promise<CartView> {
  const parsed = cartAddSchema.safeParse(input);
  // The common add, of a printed item without a referral, sends the session's lookup with its
  // own statements, in one round trip (decision 44); any other knows its caller first.
  if (
    isCallerToFind(call) &&
    parsed.success &&
    !isDigitalKind(parsed.data.type) &&
    !normaliseReferralCode(opts.referralCode)
  ) {
    const v = parsed.data;
    const folded = await foldSession(call, (on, who) => sendAddAndRead(call.deps, who, v, v.source, on));
    const me = requireShopper(folded.ctx);
    return settleAdd(folded.ctx, me.id, v, v.source, folded.answer);
  }
  const ctx = await resolveCaller(call);
  const me = requireShopper(ctx);
  const v = cartAddSchema.parse(input);
  if (isDigitalKind(v.type)) {
    const refusals = refusalsOf(v.type);
    if (v.quantity !== 1) {
      const message = refusals.once;
      throw new DomainError("invalid", message, { quantity: message });
    }
    const owned = await findOwnedProductIds(ctx, me.id, [v.bookId]);
    if (owned.has(v.bookId)) throw new DomainError("conflict", refusals.owned);
  }
  const source = await sourceOf(ctx, me.id, v.source, opts.referralCode);
  return settleAdd(ctx, me.id, v, source);
}

type AddInput = { bookId: number; type: ProductKind; quantity: number; addKey?: string | undefined };
type AddAndRead = Awaited<ReturnType<typeof sendAddAndRead>>;

/**
 * The add's outcome: the cart as read right after it, when it added or was the same tap again
 * (which changes nothing); otherwise why not. `first` is the first attempt's answer when already
 * sent. A refusal that no longer holds when explained (the line changed in between) is tried again.
 */
async function settleAdd(
  ctx: Ctx,
  userId: number,
  v: AddInput,
  source: string,
  first?: AddAndRead,
): Promise<CartView> {
  for (let attempt = 1; ; attempt++) {
    const { row, cart } =
      attempt === 1 && first
        ? first
        : await onOneConnection(ctx.db, (on) => sendAddAndRead(ctx, { userId }, v, source, on));
    if (!row) throw new DomainError("not_found", NO_SUCH_PRODUCT);
    if (row.written > 0 || (await explainRefusedAdd(ctx.db, userId, v, row.available)) === "same tap")
      return priceFor(ctx, userId, cart.cart, {}, cart.lines);
    if (attempt === 2) throw new DomainError("conflict", stockMessage(row.available ?? 0));
  }
}

/**
 * The add's statement and the cart's read after it, sent together on `on`'s connection (decision
 * 43): the read runs once the add has committed, in the same round trip. Both answer before the
 * connection goes back to the pool, even when one fails. A refused add's read goes unused, unless
 * it was the same tap again.
 */
async function sendAddAndRead(
  ctx: Pick<Ctx, "db" | "now">,
  who: Shopper,
  v: AddInput,
  source: string,
  on: BindQuery,
) {
  const [added, cart] = await allAnswered([
    on(addStatement(ctx.db, bySession(who) ? "by session" : "statement")).execute({
      userId: bySession(who) ? undefined : who.userId,
      tokenHash: bySession(who) ? who.tokenHash : undefined,
      productId: v.bookId,
      kind: v.type,
      now: bySession(who) ? who.now : ctx.now(),
      quantity: v.quantity,
      source,
      addKey: v.addKey ?? null,
    }),
    readCart(ctx.db, who, on),
  ]);
  return { row: added.rows[0], cart };
}

/** Why an add wrote nothing (see addToCart): nothing when it was the same tap again. */
async function explainRefusedAdd(
  db: Db,
  userId: number,
  v: { bookId: number; type: ProductKind; quantity: number; addKey?: string | undefined },
  available: number | null,
): Promise<"same tap" | "allowed now"> {
  const [existing] = await db
    .select({ quantity: cartLines.quantity, addKey: cartLines.addKey })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(and(eq(carts.userId, userId), eq(cartLines.productId, v.bookId)))
    .limit(1);
  if (v.addKey && existing?.addKey === v.addKey) return "same tap";
  if (existing && isDigitalKind(v.type)) throw new DomainError("conflict", refusalsOf(v.type).inCart);
  assertQuantityAllowed((existing?.quantity ?? 0) + v.quantity, available);
  return "allowed now";
}

function assertQuantityAllowed(quantity: number, available: number | null) {
  if (quantity > MAX_LINE_QUANTITY) {
    throw new DomainError("conflict", fillMessage(M.atMostOfOne, { max: MAX_LINE_QUANTITY }));
  }
  if (available !== null && quantity > available) throw new DomainError("conflict", stockMessage(available));
}

/** The caller's own line with its product's availability; anyone else's is not found. */
async function getOwnLine(db: Db, userId: number, lineId: number, lock: boolean) {
  const query = db
    .select({ id: cartLines.id, cartId: cartLines.cartId, kind: cartLines.kind, available: availableSql })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.id, lineId), eq(carts.userId, userId)))
    .limit(1);
  const [line] = lock ? await query.for("update", { of: cartLines }) : await query;
  if (!line) throw new DomainError("not_found", NO_SUCH_LINE);
  return line;
}

/** Sets a printed item's quantity (1 to stock); an e-book or course stays at 1. */
export async function updateQuantity(ctx: Ctx, input: unknown): Promise<CartView> {
  const me = requireShopper(ctx);
  const v = cartQuantitySchema.parse(input);
  await inTransaction(ctx.db, async (db) => {
    const line = await getOwnLine(db, me.id, v.id, true);
    if (isDigitalKind(line.kind)) {
      const message = refusalsOf(line.kind).always;
      throw new DomainError("invalid", message, { quantity: message });
    }
    assertQuantityAllowed(v.quantity, line.available);
    await db.update(cartLines).set({ quantity: v.quantity }).where(eq(cartLines.id, line.id));
    await db.update(carts).set({ updatedAt: ctx.now() }).where(eq(carts.id, line.cartId));
  });
  return getCartInfo(ctx);
}

/** Takes a line out of the caller's cart. */
export async function removeLine(ctx: Ctx, input: unknown): Promise<CartView> {
  const me = requireShopper(ctx);
  const v = cartLineSchema.parse(input);
  const deleted = await ctx.db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.id, v.id),
        inArray(cartLines.cartId, ctx.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, me.id))),
      ),
    )
    .returning({ id: cartLines.id });
  if (deleted.length === 0) throw new DomainError("not_found", NO_SUCH_LINE);
  return getCartInfo(ctx);
}

/**
 * Attaches a coupon to the caller's cart when it qualifies now; otherwise refuses with the reason
 * in plain words. Tries are limited per user (RATE_LIMITS). One coupon per cart: a new one replaces the old.
 */
export async function applyCoupon(ctx: Ctx, input: unknown): Promise<CartView> {
  const me = requireShopper(ctx);
  const v = couponCodeSchema.parse(input);
  // Enough for typos, too few to guess codes.
  await consumeLimit(ctx, "couponTriesPerAccount", me.id);
  const coupon = await findCouponByCode(ctx, v.code);
  if (!coupon) throw new DomainError("not_found", COUPON_NOT_FOUND);
  const cart = await findCart(ctx.db, me.id);
  const trial = await priceFor(ctx, me.id, cart, { coupon });
  if (!trial.coupon?.applied) {
    throw new DomainError("invalid", trial.coupon?.message ?? COUPON_NOT_FOUND);
  }
  // A cart with lines exists, or the coupon would have been refused as for an empty cart.
  await ctx.db
    .update(carts)
    .set({ couponId: coupon.id, updatedAt: ctx.now() })
    .where(eq(carts.userId, me.id));
  return getCartInfo(ctx);
}

/** Detaches the caller's coupon, if any. */
export async function removeCoupon(ctx: Ctx): Promise<CartView> {
  const me = requireShopper(ctx);
  await ctx.db.update(carts).set({ couponId: null, updatedAt: ctx.now() }).where(eq(carts.userId, me.id));
  return getCartInfo(ctx);
}
