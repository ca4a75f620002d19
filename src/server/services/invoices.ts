import { and, eq, sql } from "drizzle-orm";
import type { CreditNoteSnapshot } from "../../contracts/admin-order";
import type { InvoiceSnapshot, InvoiceView } from "../../contracts/invoice";
import type { Db } from "../db/client";
import {
  creditNoteCounters,
  creditNotes,
  invoiceCounters,
  invoices,
  type orderLines,
  type orders,
} from "../db/schema";
import { hasPermission, requireSignedIn } from "./access";
import type { Ctx } from "./context";
import { DomainError } from "./errors";

export type { InvoiceSnapshot, InvoiceView };

export const INVOICE_NOT_FOUND = "No such invoice";

/** The year of a moment in Bangladesh, which numbers the invoice. */
function dhakaYear(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", year: "numeric" }).format(at));
}

/** INV-2026-000042 */
export function formatInvoiceNumber(year: number, n: number): string {
  return `INV-${year}-${String(n).padStart(6, "0")}`;
}

/**
 * Issues the order's invoice inside the confirming transaction. The year's counter row is taken
 * with its lock and rolls back with the transaction, so the numbers have no gaps.
 */
export async function issueInvoice(
  ctx: Pick<Ctx, "config">,
  tx: Db,
  order: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
  now: Date,
): Promise<void> {
  const year = dhakaYear(now);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  const number = formatInvoiceNumber(year, counter!.last);
  const snapshot: InvoiceSnapshot = {
    number,
    issuedAt: now.toISOString(),
    shop: { name: ctx.config.SHOP_NAME, url: ctx.config.PUBLIC_URL ?? null },
    order: {
      id: order.id,
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      paymentMethod: order.paymentMethod,
      couponCode: order.couponCode,
    },
    buyer: { name: order.name, phone: order.phone, email: order.email },
    deliverTo: { district: order.district, area: order.area, address: order.address },
    lines: lines.map((l) => ({
      productId: l.productId,
      kind: l.kind,
      title: l.title,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      discount: l.discount,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    delivery: order.delivery,
    total: order.total,
  };
  await tx
    .insert(invoices)
    .values({ number, orderId: order.id, userId: order.userId, total: order.total, snapshot, issuedAt: now });
}

/** CN-2026-000042 */
export function formatCreditNoteNumber(year: number, n: number): string {
  return `CN-${year}-${String(n).padStart(6, "0")}`;
}

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * Issues a credit note against an invoice inside the caller's transaction (a cancellation, a
 * refund): the invoice itself is never changed. Numbered like invoices: the Dhaka year's counter
 * row is taken under its lock and rolls back with the transaction, so the numbers have no gaps.
 * `amount` must be positive and at most what is still uncredited on the invoice (the caller
 * works it out under the order's lock).
 */
export async function issueCreditNote(
  ctx: Pick<Ctx, "config">,
  tx: Db,
  c: {
    invoice: typeof invoices.$inferSelect;
    order: typeof orders.$inferSelect;
    amount: number;
    creditedBefore: number;
    reason: string;
    actorId: number | null;
    now: Date;
  },
): Promise<CreditNoteRow> {
  const year = dhakaYear(c.now);
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.year,
      set: { last: sql`${creditNoteCounters.last} + 1` },
    })
    .returning({ last: creditNoteCounters.last });
  const number = formatCreditNoteNumber(year, counter!.last);
  const snapshot: CreditNoteSnapshot = {
    number,
    issuedAt: c.now.toISOString(),
    shop: { name: ctx.config.SHOP_NAME, url: ctx.config.PUBLIC_URL ?? null },
    invoice: { id: c.invoice.id, number: c.invoice.number, total: c.invoice.total },
    order: { id: c.order.id, number: c.order.number },
    buyer: { name: c.order.name, phone: c.order.phone, email: c.order.email },
    amount: c.amount,
    creditedBefore: c.creditedBefore,
    reason: c.reason,
  };
  const [row] = await tx
    .insert(creditNotes)
    .values({
      number,
      invoiceId: c.invoice.id,
      orderId: c.order.id,
      amount: c.amount,
      reason: c.reason,
      snapshot,
      createdBy: c.actorId,
      issuedAt: c.now,
    })
    .returning();
  return row!;
}

/** An invoice for its buyer or for staff who may see invoices; for anyone else it does not exist. */
export async function getInvoice(ctx: Ctx, id: number): Promise<InvoiceView> {
  const me = requireSignedIn(ctx);
  const staff = hasPermission(me, "invoices") || hasPermission(me, "orders");
  const [row] = await ctx.db
    .select({ id: invoices.id, orderId: invoices.orderId, snapshot: invoices.snapshot })
    .from(invoices)
    .where(staff ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, me.id)))
    .limit(1);
  if (!row) throw new DomainError("not_found", INVOICE_NOT_FOUND);
  return { id: row.id, orderId: row.orderId, snapshot: row.snapshot as InvoiceSnapshot };
}
