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
import type { RefundMethod } from "../../contracts/admin-order";
import type { orderLedgerSchema } from "../../contracts/answers";
import type { Db } from "../db/client";
import { creditNotes, invoices, type orders, payments, refunds } from "../db/schema";
import type { Ctx } from "./context";
import { type CreditNoteRow, issueCreditNote } from "./invoices";

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type OrderLedger = z.infer<typeof orderLedgerSchema>;

/** The cash a courier took at the door: a cash-on-delivery order's total once it was delivered. */
export function codCollectedOf(o: Pick<OrderRow, "paymentMethod" | "deliveredAt" | "total">): number {
  return o.paymentMethod === "cod" && o.deliveredAt !== null ? o.total : 0;
}

/** The order's ledger figures now, and its invoice (null before it is confirmed). */
export async function orderLedger(
  db: Db,
  o: OrderRow,
): Promise<OrderLedger & { invoice: InvoiceRow | null }> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, o.id)).limit(1);
  const [credited] = await db
    .select({ n: sql<number>`coalesce(sum(${creditNotes.amount}), 0)::int` })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, o.id));
  const [online] = await db
    .select({ n: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.status, "paid")));
  const [refunded] = await db
    .select({
      paid: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'paid'), 0)::int`,
      owed: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'owed'), 0)::int`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, o.id));
  const invoiced = invoice?.total ?? 0;
  const figures = {
    invoiced,
    credited: Number(credited?.n ?? 0),
    collectedOnline: Number(online?.n ?? 0),
    codCollected: codCollectedOf(o),
    refundsPaid: Number(refunded?.paid ?? 0),
    refundsOwed: Number(refunded?.owed ?? 0),
  };
  return {
    ...figures,
    buyerBalance:
      figures.invoiced -
      figures.credited -
      figures.collectedOnline -
      figures.codCollected +
      figures.refundsPaid,
    refundable: figures.collectedOnline + figures.codCollected - figures.refundsPaid - figures.refundsOwed,
    invoice: invoice ?? null,
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
  const ledger = await orderLedger(tx, o);
  const missing = -ledger.buyerBalance - ledger.refundsOwed;
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
  const ledger = await orderLedger(tx, o);
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
