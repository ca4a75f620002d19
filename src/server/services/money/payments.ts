/**
 * Paying for an order at the gateway: opening an attempt, the gateway's callbacks (believed only
 * once the gateway confirms them), failed attempts, and paying again. No transaction is ever open
 * across a network call: the gateway is asked first, and the answer written afterwards.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isDigitalKind } from "../../../contracts/catalog";
import { type CheckoutResult, payByAfterRetry } from "../../../contracts/checkout";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { inTransaction } from "../../db/client";
import { couponRedemptions, orderLines, orders, payments } from "../../db/schema";
import type { PaymentVerification } from "../../integrations/payments/provider";
import { lockCart } from "../cart/cart";
import { countCouponUse } from "../cart/coupons";
import { requireRoomToHold, reservedNeeds, takeStock } from "../catalog/stock";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { queueOrderNotice, recordEvent, releaseInTx } from "../orders/lifecycle";
import { confirmInTx, getOrderRow, lockOwnOrderRow, requireBuyer } from "../orders/orders";
import { findOrderByPayLink, payLinkPath } from "../orders/pay-links";
import { nudgeOutbox } from "../platform/outbox";
import { findDigitalConflict } from "../reading/entitlements";
import { numberInvoicesAfterCommit } from "./invoices";

type OrderRow = typeof orders.$inferSelect;

export const newTranx = (orderNumber: string) =>
  `T${orderNumber}${randomBytes(5).toString("hex").toUpperCase()}`;

/** The URLs a gateway sends the buyer and its own server back to, for one attempt. */
export function callbackUrls(origin: string, provider: string, tranx: string) {
  const base = `${origin}/api/payment/${provider}/${encodeURIComponent(tranx)}`;
  return { success: `${base}/success`, fail: `${base}/fail`, cancel: `${base}/cancel`, ipn: `${base}/ipn` };
}

/**
 * Opens the attempt at the gateway (after the order is committed). When the gateway cannot start
 * it, the order gives its stock and coupon back at once and the buyer is told to try again.
 */
export async function openPayment(ctx: Ctx, order: OrderRow, tranx: string, origin: string): Promise<string> {
  const lines = await ctx.db
    .select({ kind: orderLines.kind, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const items = lines.reduce((n, l) => n + l.quantity, 0);
  const digital = lines.some((l) => isDigitalKind(l.kind));
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

/** A failed or abandoned attempt: the order, still unpaid, gives back what it held. */
async function failAttempt(
  ctx: Ctx,
  tranx: string,
  reason: string,
  status: "failed" | "cancelled" = "failed",
) {
  const now = ctx.now();
  const order = await inTransaction(ctx.db, async (tx) => {
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
      // The pay-by time stays: paying again later counts from it (see `payAgain`).
      .set({ status: "payment_failed", updatedAt: now })
      .where(eq(orders.id, o.id));
    await recordEvent(tx, o.id, "payment_failed", reason, null, now);
    await queueOrderNotice(ctx, tx, { type: "payment_failed", tranx }, o, now);
    return o;
  });
  if (order) void nudgeOutbox(ctx);
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
  if (attempt.status === "paid") return outcomeOf(ctx, order, attempt.tranx, "paid");
  let verified: PaymentVerification;
  try {
    verified = await ctx.payments.verify({ params: input.params, gatewayRef: attempt.gatewayRef });
  } catch (err) {
    ctx.log.error({ err, tranx: input.tranx }, "payment: the gateway could not be asked");
    return outcomeOf(ctx, order, attempt.tranx, "pending");
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
    const confirmedNow = await inTransaction(ctx.db, async (tx) => {
      // Recorded once: the conditional update and the unique (provider, gateway id) both hold.
      const [recorded] = await tx
        .update(payments)
        .set({
          status: "paid",
          gatewayTxnId: verified.gatewayTxnId,
          raw: verified.raw as object,
          reason: verified.risk ? `Risk: ${verified.risk.title}` : null,
          paidAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .where(and(eq(payments.id, attempt.id), sql`${payments.status} <> 'paid'`))
        .returning({ id: payments.id });
      if (!recorded) return false;
      const now = ctx.now();
      const confirmed = await confirmInTx(
        ctx,
        tx,
        order,
        now,
        `Paid by ${attempt.provider} (${verified.gatewayTxnId})`,
      );
      if (confirmed) await queueOrderNotice(ctx, tx, { type: "confirmed" }, order, now);
      return confirmed;
    });
    if (confirmedNow) {
      await numberInvoicesAfterCommit(ctx);
      void nudgeOutbox(ctx);
    }
    return outcomeOf(ctx, order, attempt.tranx, "paid");
  }
  if (verified.status === "pending") return outcomeOf(ctx, order, attempt.tranx, "pending");
  // Only the gateway's own word releases the order now; a callback's claim alone waits for the lapse.
  if (verified.confirmedByGateway) await failAttempt(ctx, attempt.tranx, verified.reason, verified.status);
  return outcomeOf(ctx, order, attempt.tranx, verified.status);
}

async function outcomeOf(
  ctx: Ctx,
  order: OrderRow,
  tranx: string,
  status: PaymentOutcome["status"],
): Promise<PaymentOutcome> {
  // An order taken by phone was paid through its link, maybe by someone not signed in: back to
  // the link's page, which shows how the payment went and offers another try.
  if (order.takenBy !== null) {
    return { orderId: order.id, tranx, status, next: `${payLinkPath(ctx.config, order)}?payment=${status}` };
  }
  if (status !== "paid") {
    return { orderId: order.id, tranx, status, next: `/payment/failed?order=${order.id}` };
  }
  // One e-book or one course: its own success page, with the way to read or start it.
  const lines = await ctx.db
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

/**
 * A new attempt to pay an unpaid order (after a failure or a closed page). It does not move the
 * order's pay-by time, except that a retry near or after its end starts the order's one further
 * window (`payByAfterRetry`); after that the order can no longer be paid. The order takes its
 * stock (only if it is still there) and coupon use again if it had given them back, within the
 * account's limits on orders waiting for payment; one whose e-books or courses the buyer now owns,
 * or another unpaid order of theirs holds, is refused.
 */
export async function payAgain(ctx: Ctx, id: number, origin: string): Promise<CheckoutResult> {
  const me = requireBuyer(ctx);
  return retryPayment(ctx, { buyerId: me.id, orderId: id }, origin);
}

/**
 * `payAgain` for an order whose buyer is known: the signed-in buyer's own, or the order a payment
 * link names (services/orders/pay-links.ts), paid by whoever holds the link.
 */
export async function retryPayment(
  ctx: Ctx,
  which: { buyerId: number; orderId: number },
  origin: string,
): Promise<CheckoutResult> {
  const { buyerId, orderId: id } = which;
  const now = ctx.now();
  const { order, tranx } = await inTransaction(ctx.db, async (tx) => {
    // The buyer's cart row first (as a checkout takes it): one buyer's checkouts and retries take
    // turns, so the limits on what their unpaid orders hold are counted one at a time.
    await lockCart(tx, buyerId, now);
    const o = await lockOwnOrderRow(tx, buyerId, id);
    if (o.paymentMethod !== "gateway" || (o.status !== "pending_payment" && o.status !== "payment_failed")) {
      throw new DomainError("conflict", "This order is not waiting for an online payment");
    }
    const payBy = payByAfterRetry(o, now);
    if (!payBy) {
      throw new DomainError(
        "conflict",
        "The time to pay for this order has run out; please cancel it and order again",
      );
    }
    const lines = await tx
      .select({ productId: orderLines.productId, kind: orderLines.kind, title: orderLines.title })
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id));
    const twice = await findDigitalConflict(tx, buyerId, lines, o.id);
    if (twice?.reason === "owned") {
      throw new DomainError(
        "conflict",
        fillMessage(M.payOwned, { item: twice.item, orderNumber: twice.orderNumber ?? "" }),
      );
    }
    if (twice?.reason === "unpaid") {
      throw new DomainError(
        "conflict",
        fillMessage(M.payUnpaid, { item: twice.item, orderNumber: twice.orderNumber ?? "" }),
      );
    }
    if (o.status !== "pending_payment") await requireRoomToHold(tx, buyerId, reservedNeeds(o), o.id);
    if (!o.stockHeld) {
      await takeStock(tx, reservedNeeds(o), {
        reason: "sold",
        orderId: o.id,
        note: `Order ${o.number}, paid again`,
      });
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
        reservedUntil: payBy,
        updatedAt: now,
      })
      .where(eq(orders.id, o.id))
      .returning();
    await recordEvent(tx, o.id, "pending_payment", "New payment attempt", buyerId, now);
    return { order: updated!, tranx: next };
  });
  const redirectUrl = await openPayment(ctx, order, tranx, origin);
  return { orderId: order.id, orderNumber: order.number, tranx, redirectUrl };
}

/**
 * Pays an order taken by phone through the link sent to the buyer (`/pay/{number}/{key}`): the
 * link is the buyer's word, so no sign-in is asked; otherwise exactly `payAgain`.
 */
export async function payByLink(ctx: Ctx, params: unknown, origin: string): Promise<CheckoutResult> {
  const order = await findOrderByPayLink(ctx, params);
  return retryPayment(ctx, { buyerId: order.userId, orderId: order.id }, origin);
}
