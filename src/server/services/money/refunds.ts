/**
 * The money side of one order (decision 29): its ledger figures, and the rows that close it when
 * the order is cancelled or refunded, or when money arrives for an order that cannot have it.
 *
 *   buyer balance = invoiced − credited − collected online − COD collected + refunds paid
 *
 * Every helper here runs inside the caller's transaction with the order's row already locked, so
 * two staff (or a staff member and a gateway callback) never credit or refund the same money
 * twice. The rule they keep: the owed refunds of an order equal its negative buyer balance.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RefundMethod } from "../../../contracts/admin-order";
import type { orderLedgerSchema } from "../../../contracts/answers/staff-orders";
import type { Db } from "../../db/client";
import { invoices, type orders, refunds } from "../../db/schema";
import type { Ctx } from "../context";
import { type CreditNoteRow, issueCreditNote } from "./invoices";
import { orderLedger } from "./ledger";

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type OrderMoney = z.infer<typeof orderLedgerSchema>;

/** What refunds through the gateway of an order are still waiting on the gateway (not yet in the ledger). */
export async function refundsPendingOf(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  return Number(row?.n ?? 0);
}

/**
 * One order's money as its page and the refund rules read it: the shop's ledger figures for the
 * order (`orderLedger`, ledger.ts, the one place they are computed), what of the money taken can
 * still be refunded (less refunds the gateway is still working on: `refundsPending`), and its
 * invoice (null before it is confirmed).
 */
export async function orderMoney(
  db: Db,
  o: OrderRow,
): Promise<OrderMoney & { invoice: InvoiceRow | null; refundsPending: number }> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, o.id)).limit(1);
  const { figures: f, buyerBalance, refundsOwed } = await orderLedger(db, o.id);
  const refundsPending = await refundsPendingOf(db, o.id);
  return {
    invoiced: f.invoiced,
    credited: f.credited,
    collectedOnline: f.collectedOnline,
    codCollected: f.codCollected,
    refundsPaid: f.refundsPaid,
    refundsOwed,
    buyerBalance,
    refundable: f.collectedOnline + f.codCollected - f.refundsPaid - refundsOwed - refundsPending,
    invoice: invoice ?? null,
    refundsPending,
  };
}

/** How an owed refund the shop records by itself is sent back: the way the money came. */
export function defaultRefundMethod(o: Pick<OrderRow, "paymentMethod">): RefundMethod {
  return o.paymentMethod === "gateway" ? "card" : "cash";
}

/**
 * Records as owed whatever the shop now owes the buyer and has not recorded yet (the negative
 * buyer balance beyond the refunds already owed). Null when it owes nothing. The caller's history
 * line says why (`refund_due`); the refund itself is listed on the order page.
 */
export async function recordOwedRefundInTx(
  tx: Db,
  o: OrderRow,
  r: { reason: string; actorId: number | null; now: Date; creditNoteId?: number | null },
): Promise<RefundRow | null> {
  const ledger = await orderMoney(tx, o);
  // A refund the gateway is still working on will pay part of what is owed when it settles.
  const missing = -ledger.buyerBalance - ledger.refundsOwed - ledger.refundsPending;
  if (missing <= 0) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: o.id,
      creditNoteId: r.creditNoteId ?? null,
      amount: missing,
      method: defaultRefundMethod(o),
      reason: r.reason,
      status: "owed",
      createdBy: r.actorId,
      createdAt: r.now,
    })
    .returning();
  return row!;
}

/**
 * Closes the money of an order that is cancelled or refunded: a credit note for whatever of its
 * invoice is still uncredited, then an owed refund for whatever money the shop still holds for it.
 */
export async function closeOrderMoneyInTx(
  ctx: Pick<Ctx, "config">,
  tx: Db,
  o: OrderRow,
  c: { reason: string; actorId: number | null; now: Date },
): Promise<{ creditNote: CreditNoteRow | null; refund: RefundRow | null }> {
  const ledger = await orderMoney(tx, o);
  const uncredited = ledger.invoiced - ledger.credited;
  const creditNote =
    ledger.invoice && uncredited > 0
      ? await issueCreditNote(ctx, tx, {
          invoice: ledger.invoice,
          order: o,
          creditedBefore: ledger.credited,
          amount: uncredited,
          reason: c.reason,
          actorId: c.actorId,
          now: c.now,
        })
      : null;
  const refund = await recordOwedRefundInTx(tx, o, {
    reason: c.reason,
    actorId: c.actorId,
    now: c.now,
    creditNoteId: creditNote?.id ?? null,
  });
  return { creditNote, refund };
}

/** An order's refunds, oldest first. */
export function refundsOf(db: Db, orderId: number) {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}
