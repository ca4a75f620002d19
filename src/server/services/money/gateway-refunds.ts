/**
 * Refunds through the gateway an order was paid at (SSLCommerz, bKash, the sandbox): the money
 * goes back by the gateway's refund API instead of by hand.
 *
 * - Staff ask (`refundOrder` with `gateway`): under the order's lock the amount is checked against
 *   what may still be refunded, counting refunds the gateway is still working on, and the refund
 *   is written `pending`. So two staff, or a double tap, never ask for more than was paid.
 * - After that commit the gateway is asked (never inside a transaction). Its answer: refunded
 *   (settled now), processing (stays pending), refused (`failed`, with its reason), or none at all
 *   (a time-out: stays pending, the sweep asks again).
 * - The sweep (`settlePendingRefunds`, jobs.ts) asks the gateway about every pending refund until
 *   it settles; one never sent (the server stopped between commit and call) is sent then.
 * - Settling takes the order's lock, then the refund's: the credit note is issued then (as for a
 *   refund by hand), the refund is paid, the buyer told, and a refund of all that was left makes
 *   the order refunded. A failed refund can be sent again, or paid by hand (`markRefundPaid`).
 */
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { describeRefundMethod, type RefundMethod } from "../../../contracts/admin-order";
import { STAFF_TRANSITIONS } from "../../../contracts/fulfilment";
import { formatTaka } from "../../../contracts/money";
import { type Db, inTransaction } from "../../db/client";
import { orders, payments, refunds } from "../../db/schema";
import { PaymentGatewayError, type RefundAnswer } from "../../integrations/payments/provider";
import { type AppDeps, type Ctx, contextFor } from "../context";
import { DomainError } from "../errors";
import { afterMove, moveInTx, queueOrderNotice, recordEvent } from "../orders/lifecycle";
import { nudgeOutbox } from "../platform/outbox";
import { issueCreditNote } from "./invoices";
import { orderMoney, type RefundRow } from "./refunds";

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Gateways whose refund API the shop calls. */
export const REFUNDING_GATEWAYS = ["sslcommerz", "bkash", "sandbox"] as const;

/** How a refund through a gateway is listed: bKash's as bKash, a card gateway's as card. */
export function gatewayRefundMethod(provider: string): RefundMethod {
  return provider === "bkash" ? "bkash" : "card";
}

/** A pending refund is asked about again once this long has passed since it was last sent or asked. */
export const REFUND_RECHECK_MS = 60_000;

/**
 * The paid payment of an order that a refund through the gateway takes its money from: 409 when
 * it was not paid online, or at a gateway this shop no longer uses (then refund it by hand).
 */
export async function refundablePayment(ctx: Ctx, tx: Db, o: OrderRow): Promise<PaymentRow> {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.status, "paid")))
    .orderBy(asc(payments.id))
    .limit(1);
  if (!p) {
    throw new DomainError(
      "conflict",
      `Order ${o.number} was not paid online: refund it by hand (cash, bKash, Nagad, bank)`,
    );
  }
  if (p.provider !== ctx.payments.name || !(REFUNDING_GATEWAYS as readonly string[]).includes(p.provider)) {
    throw new DomainError(
      "conflict",
      `Order ${o.number} was paid through ${p.provider}, which this shop no longer uses: refund it by hand`,
    );
  }
  return p;
}

function systemCtx(deps: AppDeps | Ctx): Ctx {
  return "user" in deps ? deps : contextFor(deps, { user: null, ip: "127.0.0.1" });
}

/**
 * Sends a pending refund to its gateway (once per call: the attempt is counted first, and gives
 * the request its own id) and records the answer. No transaction is open across the call.
 */
export async function sendGatewayRefund(deps: AppDeps | Ctx, refundId: number): Promise<void> {
  const [r] = await deps.db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, checkedAt: deps.now() })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending"), isNotNull(refunds.paymentId)))
    .returning();
  if (!r) return;
  const [p] = await deps.db.select().from(payments).where(eq(payments.id, r.paymentId!));
  let answer: RefundAnswer;
  try {
    answer = await deps.payments.refund(refundRequest(r, p!));
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    // No answer (or one we cannot read): it may have been made. The sweep asks again.
    deps.log.warn({ err: err.message, refundId }, "refund: no answer from the gateway; asking again later");
    await deps.db
      .update(refunds)
      .set({ gatewayReason: `No answer yet: ${err.message}` })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
    return;
  }
  await applyRefundAnswer(deps, refundId, answer);
}

function refundRequest(r: RefundRow, p: PaymentRow) {
  return {
    refundRef: `R${r.id}A${r.attempts}`,
    amount: r.amount,
    reason: r.reason,
    payment: { tranx: p.tranx, gatewayRef: p.gatewayRef, gatewayTxnId: p.gatewayTxnId, amount: p.amount },
  };
}

/** Records a gateway's word on a pending refund: settled, still pending, or failed. */
async function applyRefundAnswer(deps: AppDeps | Ctx, refundId: number, a: RefundAnswer): Promise<void> {
  const now = deps.now();
  if (a.status === "pending") {
    await deps.db
      .update(refunds)
      .set({ gatewayRefundId: a.gatewayRefundId, gatewayReason: a.reason, checkedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
    return;
  }
  const ctx = systemCtx(deps);
  let moved = false;
  await inTransaction(deps.db, async (tx) => {
    const [head] = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    if (!head) return;
    // The order's lock first, as every refund takes it: settling and a new refund take turns.
    const [o] = await tx.select().from(orders).where(eq(orders.id, head.orderId)).for("update");
    const [r] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
      .for("update");
    if (!o || !r) return;
    if (a.status === "failed") {
      await tx
        .update(refunds)
        .set({
          status: "failed",
          gatewayRefundId: a.gatewayRefundId ?? r.gatewayRefundId,
          gatewayReason: a.reason,
          checkedAt: now,
          version: sql`${refunds.version} + 1`,
        })
        .where(eq(refunds.id, r.id));
      await recordEvent(
        tx,
        o.id,
        "refund_failed",
        `Refund of ${formatTaka(r.amount)} failed: ${a.reason}`,
        null,
        now,
      );
      return;
    }
    moved = await settleInTx(ctx, tx, o, r, {
      gatewayRefundId: a.gatewayRefundId ?? r.gatewayRefundId,
      reference: a.gatewayRefundId ?? r.gatewayRefundId,
      note: a.reason,
      actorId: null,
      now,
    });
  });
  if (moved) afterMove(ctx, "refunded");
  else void nudgeOutbox(ctx);
}

/**
 * A pending or failed refund becomes paid (the gateway refunded it, or staff sent it by hand):
 * its credit note for min(amount, what is uncredited) is issued, the buyer told, and when nothing
 * more may be refunded and nothing else is pending the order becomes refunded. True when it moved.
 */
export async function settleInTx(
  ctx: Ctx,
  tx: Db,
  o: OrderRow,
  r: RefundRow,
  s: {
    gatewayRefundId?: string | null;
    reference: string | null;
    method?: RefundMethod;
    note: string;
    actorId: number | null;
    now: Date;
  },
): Promise<boolean> {
  const ledger = await orderMoney(tx, o);
  const uncredited = ledger.invoiced - ledger.credited;
  const creditNote =
    ledger.invoice && uncredited > 0
      ? await issueCreditNote(ctx, tx, {
          invoice: ledger.invoice,
          order: o,
          creditedBefore: ledger.credited,
          amount: Math.min(r.amount, uncredited),
          reason: `Refund: ${r.reason}`,
          actorId: s.actorId,
          now: s.now,
        })
      : null;
  const method = s.method ?? (r.method as RefundMethod);
  const [row] = await tx
    .update(refunds)
    .set({
      status: "paid",
      paidAt: s.now,
      paidBy: s.actorId,
      method,
      reference: s.reference ?? r.reference,
      creditNoteId: creditNote?.id ?? r.creditNoteId,
      gatewayRefundId: s.gatewayRefundId ?? r.gatewayRefundId,
      gatewayReason: r.paymentId === null ? r.gatewayReason : s.note,
      checkedAt: s.now,
      version: sql`${refunds.version} + 1`,
    })
    .where(eq(refunds.id, r.id))
    .returning();
  const how = [
    describeRefundMethod(method),
    row!.reference ? `reference ${row!.reference}` : null,
    creditNote ? `credit note ${creditNote.number}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  await recordEvent(
    tx,
    o.id,
    "refund_paid",
    `Refund of ${formatTaka(r.amount)} paid (${how}): ${r.reason}`,
    s.actorId,
    s.now,
  );
  await queueOrderNotice(
    ctx,
    tx,
    { type: "refund_paid", refundId: r.id, amount: r.amount, method: describeRefundMethod(method) },
    o,
    s.now,
  );
  const after = await orderMoney(tx, o);
  if (
    after.refundable === 0 &&
    after.refundsPending === 0 &&
    STAFF_TRANSITIONS[o.status].includes("refunded")
  ) {
    await moveInTx(ctx, tx, o, "refunded", `Refunded in full: ${r.reason}`, s.actorId, s.now);
    return true;
  }
  return false;
}

/**
 * The sweep's part: every refund still pending at its gateway and not asked about for
 * `recheckMs` is asked about (or, never sent, sent) until it settles. Returns how many it looked at.
 */
export async function settlePendingRefunds(deps: AppDeps, recheckMs = REFUND_RECHECK_MS): Promise<number> {
  const before = new Date(deps.now().getTime() - recheckMs);
  const due = await deps.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "pending"),
        isNotNull(refunds.paymentId),
        or(isNull(refunds.checkedAt), lt(refunds.checkedAt, before), recheckMs <= 0 ? sql`true` : sql`false`),
      ),
    )
    .orderBy(asc(refunds.checkedAt), asc(refunds.id))
    .limit(50);
  for (const r of due) {
    try {
      if (r.attempts === 0) {
        await sendGatewayRefund(deps, r.id);
        continue;
      }
      const [p] = await deps.db.select().from(payments).where(eq(payments.id, r.paymentId!));
      if (p!.provider !== deps.payments.name) continue;
      let answer: RefundAnswer;
      try {
        answer = await deps.payments.refundStatus({
          ...refundRequest(r, p!),
          gatewayRefundId: r.gatewayRefundId,
        });
      } catch (err) {
        if (!(err instanceof PaymentGatewayError)) throw err;
        deps.log.warn({ err: err.message, refundId: r.id }, "refund: the gateway could not be asked; later");
        await deps.db
          .update(refunds)
          .set({ checkedAt: deps.now(), gatewayReason: `No answer yet: ${err.message}` })
          .where(and(eq(refunds.id, r.id), eq(refunds.status, "pending")));
        continue;
      }
      await applyRefundAnswer(deps, r.id, answer);
    } catch (err) {
      deps.log.error({ err, refundId: r.id }, "refund: settling a pending refund failed");
    }
  }
  return due.length;
}
