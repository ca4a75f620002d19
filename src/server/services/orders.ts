/**
 * Orders: placing one from the cart, paying for it, confirming it once, giving back what an unpaid
 * one held, and showing the buyer their own.
 *
 * Placing is one transaction (prices re-read, stock taken with conditional updates, the coupon's
 * use counted, the number assigned, the cart emptied). A gateway is called only after it commits,
 * and confirming a payment asks the gateway first and writes afterwards: no transaction is ever
 * open across a network call.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { ProductKind } from "../../contracts/catalog";
import {
  type CheckoutResult,
  checkoutSchema,
  type OrderView,
  PAYMENT_WINDOW_MS,
  type PaymentMethod,
} from "../../contracts/checkout";
import { BOUGHT_STATUSES } from "../../contracts/order-status";
import { productPath } from "../../contracts/paths";
import type { Db } from "../db/client";
import {
  bundleItems,
  cartLines,
  carts,
  couponRedemptions,
  coupons,
  entitlements,
  invoices,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  users,
} from "../db/schema";
import type { PaymentVerification } from "../integrations/payments/provider";
import { lockCart, priceFor } from "./cart";
import type { Ctx } from "./context";
import { findOwnedProductIds } from "./entitlements";
import { DomainError } from "./errors";
import { issueInvoice } from "./invoices";
import { notifyOrder, type OrderEvent } from "./notifications";

export const ORDER_NOT_FOUND = "No such order";
export const EMPTY_CART = "Your cart is empty";
export const COD_PHYSICAL_ONLY =
  "Cash on delivery is only for printed items; pay online for e-books and courses";

type OrderRow = typeof orders.$inferSelect;
type Tx = Db;

function requireBuyer(ctx: Ctx) {
  if (!ctx.user) throw new DomainError("unauthorized", "Please sign in to continue");
  return ctx.user;
}

const newTranx = (orderNumber: string) => `T${orderNumber}${randomBytes(5).toString("hex").toUpperCase()}`;

/** What the stock of each printed product must give for these lines (bundles give their printed items). */
async function stockNeeds(
  db: Tx,
  lines: { productId: number; kind: ProductKind; quantity: number }[],
): Promise<Map<number, number>> {
  const needs = new Map<number, number>();
  const add = (id: number, n: number) => needs.set(id, (needs.get(id) ?? 0) + n);
  for (const l of lines) if (l.kind === "book" || l.kind === "stationary") add(l.productId, l.quantity);
  const bundles = lines.filter((l) => l.kind === "bundle");
  if (bundles.length > 0) {
    const items = await db
      .select({ bundleId: bundleItems.bundleId, itemId: bundleItems.itemId, quantity: bundleItems.quantity })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.itemId))
      .where(
        and(
          inArray(
            bundleItems.bundleId,
            bundles.map((b) => b.productId),
          ),
          inArray(products.kind, ["book", "stationary"]),
        ),
      );
    for (const b of bundles) {
      for (const i of items) if (i.bundleId === b.productId) add(i.itemId, i.quantity * b.quantity);
    }
  }
  return needs;
}

/**
 * Takes the stock, each product with one conditional update, in id order (two orders never wait
 * on each other in a circle). A shortfall names the product and what is left, and the caller's
 * transaction rolls every earlier take back.
 */
async function takeStock(db: Tx, needs: Map<number, number>): Promise<void> {
  for (const [id, n] of [...needs].sort((a, b) => a[0] - b[0])) {
    const taken = await db
      .update(products)
      .set({ stock: sql`${products.stock} - ${n}` })
      .where(and(eq(products.id, id), sql`${products.stock} >= ${n}`))
      .returning({ id: products.id });
    if (taken.length === 0) {
      const [p] = await db
        .select({ title: products.title, stock: products.stock })
        .from(products)
        .where(eq(products.id, id));
      const left = Math.max(0, p?.stock ?? 0);
      throw new DomainError(
        "conflict",
        left === 0
          ? `${p?.title ?? "An item"} is out of stock`
          : `Only ${left} left of ${p?.title ?? "an item"}`,
      );
    }
  }
}

/** What an order took from stock, as `takeStock` wants it. */
function reservedNeeds(o: Pick<OrderRow, "reservedStock">): Map<number, number> {
  return new Map(Object.entries(o.reservedStock).map(([k, n]) => [Number(k), n]));
}

/** Counts one use of a coupon against its limit; false when the limit is reached (two buyers cannot both take the last use). */
async function countCouponUse(tx: Tx, couponId: number): Promise<boolean> {
  const counted = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  return counted.length > 0;
}

async function giveStockBack(db: Tx, reserved: Record<string, number>): Promise<void> {
  for (const [id, n] of Object.entries(reserved).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    await db
      .update(products)
      .set({ stock: sql`${products.stock} + ${n}` })
      .where(eq(products.id, Number(id)));
  }
}

/** One line of an order's history (the tracking timeline); `actorId` is who moved it, null for the system. */
export async function recordEvent(
  db: Tx,
  orderId: number,
  status: string,
  note: string | null,
  actorId: number | null,
  at: Date,
) {
  await db.insert(orderEvents).values({ orderId, status, note, actorId, createdAt: at });
}

/**
 * Places the caller's cart as an order (one transaction), then, for online payment, opens the
 * payment at the gateway. Cash on delivery is confirmed at once; an order of nothing to pay too.
 */
export async function placeOrder(
  ctx: Ctx,
  input: unknown,
  opts: { origin: string },
): Promise<CheckoutResult> {
  const me = requireBuyer(ctx);
  const v = checkoutSchema.parse(input);
  const now = ctx.now();
  const placed = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The cart row's lock makes one buyer's checkouts (a double click) take turns.
    const cart = await lockCart(tx, me.id, now);
    const view = await priceFor({ ...ctx, db: tx }, me.id, cart, { district: v.district });
    if (view.lines.length === 0) throw new DomainError("invalid", EMPTY_CART);
    const physical = view.lines.some(
      (l) => l.kind === "book" || l.kind === "stationary" || l.kind === "bundle",
    );
    const digital = view.lines.some((l) => l.kind === "ebook" || l.kind === "content");
    if (v.paymentMethod === "cod" && digital)
      throw new DomainError("invalid", COD_PHYSICAL_ONLY, { paymentMethod: COD_PHYSICAL_ONLY });
    if (view.coupon && !view.coupon.applied) {
      throw new DomainError(
        "conflict",
        `${view.coupon.message ?? "Your coupon cannot be used"}. Remove the coupon to continue.`,
      );
    }
    const owned = await findOwnedProductIds(
      { db: tx },
      me.id,
      view.lines.map((l) => l.productId),
    );
    const already = view.lines.find((l) => owned.has(l.productId));
    if (already)
      throw new DomainError("conflict", `You already own ${already.title}; remove it from your cart`);

    const needs = await stockNeeds(tx, view.lines);
    await takeStock(tx, needs);
    if (view.coupon?.applied) {
      if (!(await countCouponUse(tx, view.coupon.id)))
        throw new DomainError(
          "conflict",
          "This coupon has reached its usage limit. Remove the coupon to continue.",
        );
    }

    const numberRows = (await tx.execute(sql`select nextval('order_numbers')::text as n`)) as unknown as {
      rows: { n: string }[];
    };
    const number = numberRows.rows[0]!.n;
    const sources = [...new Set(view.lines.map((l) => l.source))];
    const referrer = await findReferrer(tx, sources, me.id);
    const free = view.netPrice === 0;
    const method: PaymentMethod = v.paymentMethod;
    const immediate = method === "cod" || free;
    const [order] = await tx
      .insert(orders)
      .values({
        number,
        userId: me.id,
        status: "pending_payment",
        paymentMethod: method,
        name: v.name,
        phone: v.phone,
        email: me.email ?? null,
        district: v.district,
        area: v.area,
        address: v.address,
        note: v.note ?? null,
        subtotal: view.totalPrice,
        discount: view.discountedAmount,
        delivery: view.deliveryCharges,
        total: view.netPrice,
        couponId: view.coupon?.applied ? view.coupon.id : null,
        couponCode: view.coupon?.applied ? view.coupon.code : null,
        source: referrer?.code ?? sources[0] ?? "website",
        referrerId: referrer?.id ?? null,
        physical,
        stockHeld: true,
        reservedStock: Object.fromEntries(needs),
        reservedUntil: immediate ? null : new Date(now.getTime() + PAYMENT_WINDOW_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderLines).values(
      view.lines.map((l) => ({
        orderId: order!.id,
        productId: l.productId,
        kind: l.kind,
        title: l.title,
        image: l.image,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
        discount: l.discount,
        source: l.source,
      })),
    );
    if (order!.couponId) {
      await tx
        .insert(couponRedemptions)
        .values({ couponId: order!.couponId, userId: me.id, orderId: order!.id, createdAt: now });
    }
    const tranx = newTranx(number);
    await tx.insert(payments).values({
      orderId: order!.id,
      provider: immediate ? (method === "cod" ? "cod" : "none") : ctx.payments.name,
      tranx,
      amount: view.netPrice,
      createdAt: now,
      updatedAt: now,
    });
    await recordEvent(tx, order!.id, "pending_payment", "Order placed", me.id, now);
    await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));
    await tx
      .update(carts)
      .set({ couponId: null, district: v.district, updatedAt: now })
      .where(eq(carts.id, cart.id));
    let confirmed = false;
    if (immediate)
      confirmed = await confirmInTx(
        ctx,
        tx,
        order!,
        now,
        method === "cod" ? "Cash on delivery" : "Nothing to pay",
      );
    return { order: order!, tranx, confirmed };
  });
  void notify(ctx, { type: placed.confirmed ? "confirmed" : "placed" }, placed.order);
  const result: CheckoutResult = {
    orderId: placed.order.id,
    orderNumber: placed.order.number,
    tranx: placed.tranx,
  };
  if (placed.confirmed) return result;
  const redirectUrl = await openPayment(ctx, placed.order, placed.tranx, opts.origin);
  return { ...result, redirectUrl };
}

/** The URLs a gateway sends the buyer and its own server back to, for one attempt. */
export function callbackUrls(origin: string, provider: string, tranx: string) {
  const base = `${origin}/api/payment/${provider}/${encodeURIComponent(tranx)}`;
  return { success: `${base}/success`, fail: `${base}/fail`, cancel: `${base}/cancel`, ipn: `${base}/ipn` };
}

/**
 * Opens the attempt at the gateway (after the order is committed). When the gateway cannot start
 * it, the order gives its stock and coupon back at once and the buyer is told to try again.
 */
async function openPayment(ctx: Ctx, order: OrderRow, tranx: string, origin: string): Promise<string> {
  const lines = await ctx.db
    .select({ kind: orderLines.kind, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const items = lines.reduce((n, l) => n + l.quantity, 0);
  const digital = lines.some((l) => l.kind === "ebook" || l.kind === "content");
  try {
    const started = await ctx.payments.start({
      tranx,
      amount: order.total,
      currency: "BDT",
      orderNumber: order.number,
      customer: {
        name: order.name,
        phone: order.phone,
        email: order.email,
        address: order.address,
        area: order.area,
        district: order.district,
      },
      productName: `${items} item${items === 1 ? "" : "s"}`,
      productCategory: order.physical && digital ? "mixed" : order.physical ? "physical" : "digital",
      itemCount: items,
      urls: callbackUrls(origin, ctx.payments.name, tranx),
    });
    await ctx.db
      .update(payments)
      .set({ gatewayRef: started.gatewayRef, updatedAt: ctx.now() })
      .where(eq(payments.tranx, tranx));
    return started.redirectUrl;
  } catch (err) {
    ctx.log.error({ err, order: order.number, tranx }, "payment: the gateway did not open the payment");
    await failAttempt(ctx, tranx, "The payment gateway did not answer");
    throw new DomainError(
      "unavailable",
      "The payment gateway did not answer. Nothing was charged; please try again from your orders.",
    );
  }
}

/** Finds the account a referral code among the lines' sources belongs to (never the buyer's own). */
async function findReferrer(db: Tx, sources: string[], buyerId: number) {
  const codes = sources.filter((s) => /^[A-Z0-9]{4,16}$/.test(s));
  if (codes.length === 0) return null;
  const [row] = await db
    .select({ id: users.id, code: users.referralCode })
    .from(users)
    .where(and(inArray(users.referralCode, codes), sql`${users.id} <> ${buyerId}`))
    .limit(1);
  return row?.code ? { id: row.id, code: row.code } : null;
}

/**
 * Marks the order confirmed, once: counts the sale, grants the digital items, issues the invoice.
 * An order that had already given its stock back takes it again (a late payment), or stays as it
 * is when the stock is gone, for staff to refund. Returns whether it is confirmed now.
 */
async function confirmInTx(ctx: Ctx, tx: Tx, order: OrderRow, now: Date, note: string): Promise<boolean> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
  if (!current) return false;
  if (BOUGHT_STATUSES.includes(current.status) || current.status === "refunded") return false;
  if (!current.stockHeld) {
    try {
      await tx.transaction(async (inner) => {
        await takeStock(inner as unknown as Db, reservedNeeds(current));
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      await recordEvent(
        tx,
        order.id,
        "refund_due",
        `Paid after the order had lapsed, and ${err.message}: refund due`,
        null,
        now,
      );
      return false;
    }
  }
  await tx
    .update(orders)
    .set({
      status: "confirmed",
      confirmedAt: now,
      reservedUntil: null,
      stockHeld: true,
      updatedAt: now,
      cancelledAt: null,
    })
    .where(eq(orders.id, order.id));
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  for (const l of lines) {
    await tx
      .update(products)
      .set({ soldCount: sql`${products.soldCount} + ${l.quantity}` })
      .where(eq(products.id, l.productId));
  }
  const digital = await digitalItemsOf(tx, lines);
  if (digital.length > 0) {
    await tx
      .insert(entitlements)
      .values(
        digital.map((productId) => ({
          userId: current.userId,
          productId,
          orderId: order.id,
          grantedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  await issueInvoice(ctx, tx, { ...current, status: "confirmed", confirmedAt: now }, lines, now);
  await recordEvent(tx, order.id, "confirmed", note, null, now);
  return true;
}

/**
 * Takes back what confirming an order gave, when staff cancel or refund it: the sale counts, and
 * the e-books and courses it granted (the buyer no longer owns what was refunded).
 */
export async function unsellInTx(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  for (const l of lines) {
    await tx
      .update(products)
      .set({ soldCount: sql`greatest(${products.soldCount} - ${l.quantity}, 0)` })
      .where(eq(products.id, l.productId));
  }
  await tx.delete(entitlements).where(eq(entitlements.orderId, orderId));
}

/** The e-books and courses an order's lines give: bought directly or inside a bundle. */
async function digitalItemsOf(tx: Tx, lines: { productId: number; kind: ProductKind }[]): Promise<number[]> {
  const ids = new Set(
    lines.filter((l) => l.kind === "ebook" || l.kind === "content").map((l) => l.productId),
  );
  const bundles = lines.filter((l) => l.kind === "bundle").map((l) => l.productId);
  if (bundles.length > 0) {
    const inside = await tx
      .select({ id: bundleItems.itemId })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.itemId))
      .where(and(inArray(bundleItems.bundleId, bundles), inArray(products.kind, ["ebook", "content"])));
    for (const i of inside) ids.add(i.id);
  }
  return [...ids];
}

/** Gives back what an order holds: its stock and its coupon use (an unpaid one, or one staff cancel). */
export async function releaseInTx(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.stockHeld) await giveStockBack(tx, order.reservedStock);
  if (order.couponId) {
    const released = await tx
      .update(couponRedemptions)
      .set({ releasedAt: now })
      .where(and(eq(couponRedemptions.orderId, order.id), isNull(couponRedemptions.releasedAt)))
      .returning({ id: couponRedemptions.id });
    if (released.length > 0) {
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(eq(coupons.id, order.couponId));
    }
  }
  await tx.update(orders).set({ stockHeld: false, updatedAt: now }).where(eq(orders.id, order.id));
}

/** Cancels an unpaid order: it gives back what it held, and its open payment attempts close. */
async function cancelUnpaidInTx(tx: Tx, o: OrderRow, now: Date, reason: string, actorId: number | null) {
  await releaseInTx(tx, o, now);
  await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, o.id));
  await tx
    .update(payments)
    .set({ status: "cancelled", reason, updatedAt: now })
    .where(and(eq(payments.orderId, o.id), eq(payments.status, "initiated")));
  await recordEvent(tx, o.id, "cancelled", reason, actorId, now);
}

/** A failed or abandoned attempt: the order, still unpaid, gives back what it held. */
async function failAttempt(
  ctx: Ctx,
  tranx: string,
  reason: string,
  status: "failed" | "cancelled" = "failed",
) {
  const now = ctx.now();
  const order = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [p] = await tx
      .update(payments)
      .set({ status, reason, updatedAt: now })
      .where(and(eq(payments.tranx, tranx), eq(payments.status, "initiated")))
      .returning();
    if (!p) return null;
    const [o] = await tx.select().from(orders).where(eq(orders.id, p.orderId)).for("update");
    if (o?.status !== "pending_payment") return null;
    await releaseInTx(tx, o, now);
    await tx
      .update(orders)
      .set({ status: "payment_failed", reservedUntil: null, updatedAt: now })
      .where(eq(orders.id, o.id));
    await recordEvent(tx, o.id, "payment_failed", reason, null, now);
    return o;
  });
  if (order) {
    void notify(ctx, { type: "payment_failed" }, order);
  }
}

export type PaymentOutcome = {
  orderId: number;
  tranx: string;
  status: "paid" | "failed" | "cancelled" | "pending";
  /** Where the buyer's browser goes next. */
  next: string;
};

/**
 * A gateway's callback (the buyer's return or its server's notice): the payment is asked of the
 * gateway, checked against our attempt (transaction id, amount, currency) and recorded once. The
 * callback's own words change nothing; an unknown or mismatched one is refused and logged.
 */
export async function settlePayment(
  ctx: Ctx,
  input: { provider: string; tranx: string; params: Record<string, string> },
): Promise<PaymentOutcome> {
  const [attempt] = await ctx.db.select().from(payments).where(eq(payments.tranx, input.tranx)).limit(1);
  if (!attempt || attempt.provider !== input.provider || input.provider !== ctx.payments.name) {
    throw new DomainError("not_found", "No such payment");
  }
  const order = await getOrderRow(ctx.db, attempt.orderId);
  if (attempt.status === "paid") return outcomeOf(ctx.db, order, attempt.tranx, "paid");
  let verified: PaymentVerification;
  try {
    verified = await ctx.payments.verify({ params: input.params, gatewayRef: attempt.gatewayRef });
  } catch (err) {
    ctx.log.error({ err, tranx: input.tranx }, "payment: the gateway could not be asked");
    return outcomeOf(ctx.db, order, attempt.tranx, "pending");
  }
  if (verified.status === "paid") {
    const matches =
      verified.tranx === attempt.tranx &&
      verified.amount === attempt.amount &&
      verified.currency === attempt.currency;
    if (!matches) {
      ctx.log.warn(
        {
          tranx: attempt.tranx,
          claimed: { tranx: verified.tranx, amount: verified.amount, currency: verified.currency },
        },
        "payment: the gateway's payment does not match the attempt; nothing recorded",
      );
      throw new DomainError("invalid", "The payment does not match the order");
    }
    const confirmedNow = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // Recorded once: the conditional update and the unique (provider, gateway id) both hold.
      const [recorded] = await tx
        .update(payments)
        .set({
          status: "paid",
          gatewayTxnId: verified.gatewayTxnId,
          raw: verified.raw as object,
          reason: verified.risk ? `Risk: ${verified.risk.title}` : null,
          updatedAt: ctx.now(),
        })
        .where(and(eq(payments.id, attempt.id), sql`${payments.status} <> 'paid'`))
        .returning({ id: payments.id });
      if (!recorded) return false;
      return confirmInTx(ctx, tx, order, ctx.now(), `Paid by ${attempt.provider} (${verified.gatewayTxnId})`);
    });
    if (confirmedNow) {
      void notify(ctx, { type: "confirmed" }, order);
    }
    return outcomeOf(ctx.db, order, attempt.tranx, "paid");
  }
  if (verified.status === "pending") return outcomeOf(ctx.db, order, attempt.tranx, "pending");
  // Only the gateway's own word releases the order now; a callback's claim alone waits for the lapse.
  if (verified.confirmedByGateway) await failAttempt(ctx, attempt.tranx, verified.reason, verified.status);
  return outcomeOf(ctx.db, order, attempt.tranx, verified.status);
}

async function outcomeOf(
  db: Db,
  order: OrderRow,
  tranx: string,
  status: PaymentOutcome["status"],
): Promise<PaymentOutcome> {
  if (status !== "paid") {
    return { orderId: order.id, tranx, status, next: `/payment/failed?order=${order.id}` };
  }
  // One e-book or one course: its own success page, with the way to read or start it.
  const lines = await db
    .select({ kind: orderLines.kind, productId: orderLines.productId })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const only = lines.length === 1 ? lines[0] : undefined;
  const next =
    only?.kind === "ebook"
      ? `/ebook/payment/${only.productId}/success`
      : only?.kind === "content"
        ? `/content/payment/${only.productId}/success`
        : `/payment/${encodeURIComponent(tranx)}/success`;
  return { orderId: order.id, tranx, status, next };
}

async function getOrderRow(db: Db, id: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return o;
}

/** The caller's own order; anyone else's is not found (ids tell nothing). */
async function getOwnOrderRow(ctx: Ctx, id: number): Promise<OrderRow> {
  const me = requireBuyer(ctx);
  const [o] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, me.id)))
    .limit(1);
  if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return o;
}

/** The buyer cancels an order not yet paid; it gives back its stock and coupon use. */
export async function cancelOrder(ctx: Ctx, id: number): Promise<OrderView> {
  const me = requireBuyer(ctx);
  const now = ctx.now();
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, me.id)))
      .for("update");
    if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
    if (o.status !== "pending_payment" && o.status !== "payment_failed") {
      throw new DomainError("conflict", "Only an order that is not paid yet can be cancelled here");
    }
    await cancelUnpaidInTx(tx, o, now, "Cancelled by the buyer", me.id);
  });
  return getMyOrder(ctx, id);
}

/**
 * A new attempt to pay an unpaid order (after a failure or a closed page): the order takes its
 * stock and coupon use again if it had given them back, and gets another 30 minutes.
 */
export async function payAgain(ctx: Ctx, id: number, origin: string): Promise<CheckoutResult> {
  const me = requireBuyer(ctx);
  const now = ctx.now();
  const { order, tranx } = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, me.id)))
      .for("update");
    if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
    if (o.paymentMethod !== "gateway" || (o.status !== "pending_payment" && o.status !== "payment_failed")) {
      throw new DomainError("conflict", "This order is not waiting for an online payment");
    }
    if (!o.stockHeld) {
      await takeStock(tx, reservedNeeds(o));
      if (o.couponId) {
        if (!(await countCouponUse(tx, o.couponId)))
          throw new DomainError("conflict", "The coupon of this order has no uses left; please order again");
        await tx
          .update(couponRedemptions)
          .set({ releasedAt: null })
          .where(eq(couponRedemptions.orderId, o.id));
      }
    }
    // Any earlier attempt still open is closed: only the newest can confirm... unless it was paid.
    await tx
      .update(payments)
      .set({ status: "cancelled", reason: "Replaced by a new attempt", updatedAt: now })
      .where(and(eq(payments.orderId, o.id), eq(payments.status, "initiated")));
    const next = newTranx(o.number);
    await tx.insert(payments).values({
      orderId: o.id,
      provider: ctx.payments.name,
      tranx: next,
      amount: o.total,
      createdAt: now,
      updatedAt: now,
    });
    const [updated] = await tx
      .update(orders)
      .set({
        status: "pending_payment",
        stockHeld: true,
        reservedUntil: new Date(now.getTime() + PAYMENT_WINDOW_MS),
        updatedAt: now,
      })
      .where(eq(orders.id, o.id))
      .returning();
    await recordEvent(tx, o.id, "pending_payment", "New payment attempt", me.id, now);
    return { order: updated!, tranx: next };
  });
  const redirectUrl = await openPayment(ctx, order, tranx, origin);
  return { orderId: order.id, orderNumber: order.number, tranx, redirectUrl };
}

/**
 * Unpaid gateway orders past their 30 minutes give back their stock and coupon use and are
 * cancelled. Safe on many servers at once (rows are claimed with SKIP LOCKED). Returns how many.
 */
export async function expireUnpaidOrders(ctx: Pick<Ctx, "db" | "now" | "log">, batch = 50): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "pending_payment"), lt(orders.reservedUntil, now)))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const o of due) {
      await cancelUnpaidInTx(tx, o, now, "Not paid within 30 minutes", null);
    }
    if (due.length > 0) ctx.log.info({ orders: due.map((o) => o.number) }, "unpaid orders lapsed");
    return due.length;
  });
}

/** The caller's orders, newest first. */
export async function listMyOrders(ctx: Ctx): Promise<OrderView[]> {
  const me = requireBuyer(ctx);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.userId, me.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return toViews(ctx.db, rows);
}

/** One of the caller's orders. */
export async function getMyOrder(ctx: Ctx, id: number): Promise<OrderView> {
  const o = await getOwnOrderRow(ctx, id);
  const [view] = await toViews(ctx.db, [o]);
  return view!;
}

/** The caller's order by one of its payment attempts (the success page's address). */
export async function getMyOrderByTranx(ctx: Ctx, tranx: string): Promise<OrderView> {
  const me = requireBuyer(ctx);
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.tranx, tranx), eq(orders.userId, me.id)))
    .limit(1);
  if (!row) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return getMyOrder(ctx, row.id);
}

async function toViews(db: Db, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [lines, invs, pays] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        kind: orderLines.kind,
        title: orderLines.title,
        image: orderLines.image,
        unitPrice: orderLines.unitPrice,
        quantity: orderLines.quantity,
        lineTotal: orderLines.lineTotal,
        slug: products.slug,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(orderLines.id),
    db
      .select({ id: invoices.id, orderId: invoices.orderId })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
    db
      .select({ orderId: payments.orderId, tranx: payments.tranx, id: payments.id })
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(desc(payments.id)),
  ]);
  return rows.map((o) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    paymentMethod: o.paymentMethod,
    createdAt: o.createdAt.toISOString(),
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
    name: o.name,
    phone: o.phone,
    district: o.district,
    area: o.area,
    address: o.address,
    note: o.note,
    subtotal: o.subtotal,
    discount: o.discount,
    delivery: o.delivery,
    total: o.total,
    couponCode: o.couponCode,
    payBy: o.status === "pending_payment" ? (o.reservedUntil?.toISOString() ?? null) : null,
    consignment: o.consignment,
    invoiceId: invs.find((i) => i.orderId === o.id)?.id ?? null,
    tranx: pays.find((p) => p.orderId === o.id)?.tranx ?? null,
    canCancel: o.status === "pending_payment" || o.status === "payment_failed",
    canPay:
      o.paymentMethod === "gateway" && (o.status === "pending_payment" || o.status === "payment_failed"),
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        productId: l.productId,
        kind: l.kind,
        title: l.title,
        image: l.image,
        url: productPath({ kind: l.kind, id: l.productId, slug: l.slug }),
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
      })),
  }));
}

/** Tells the buyer; never fails the caller (an SMS gateway being down must not lose an order). */
async function notify(ctx: Ctx, event: OrderEvent, order: OrderRow): Promise<void> {
  try {
    await notifyOrder(ctx, event, {
      number: order.number,
      name: order.name,
      phone: order.phone,
      email: order.email,
      total: order.total,
      status: event.type === "confirmed" ? "confirmed" : order.status,
      shopName: ctx.config.SHOP_NAME,
      publicUrl: ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`,
    });
  } catch (err) {
    ctx.log.error({ err, order: order.number }, "notification failed");
  }
}
