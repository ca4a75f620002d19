import { and, asc, eq, sql } from "drizzle-orm";
import type { CreditNoteLine } from "../../../contracts/admin-invoices";
import type { CreditNoteSnapshot } from "../../../contracts/admin-order";
import { dhakaParts } from "../../../contracts/dhaka-time";
import type { InvoiceSnapshot, InvoiceView } from "../../../contracts/invoice";
import { invoiceVat } from "../../../contracts/vat";
import type { Db } from "../../db/client";
import { creditNoteCounters, creditNotes, invoices, type orderLines, type orders } from "../../db/schema";
import { hasPermission, requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

export type { InvoiceSnapshot, InvoiceView };

export const INVOICE_NOT_FOUND = "No such invoice";

/** The shop as an invoice, a credit note and a packing slip name it: the configured fields only. */
export function shopOnInvoice(config: Ctx["config"]): InvoiceSnapshot["shop"] {
  return {
    name: config.SHOP_NAME,
    url: config.PUBLIC_URL ?? null,
    ...(config.SHOP_LEGAL_NAME ? { legalName: config.SHOP_LEGAL_NAME } : {}),
    ...(config.SHOP_ADDRESS ? { address: config.SHOP_ADDRESS } : {}),
    ...(config.SHOP_PHONE ? { phone: config.SHOP_PHONE } : {}),
    ...(config.SHOP_TRADE_LICENCE ? { tradeLicence: config.SHOP_TRADE_LICENCE } : {}),
    ...(config.SHOP_BIN ? { bin: config.SHOP_BIN } : {}),
  };
}

/** The year of a moment in Bangladesh, which numbers the invoice. */
function dhakaYear(at: Date): number {
  return dhakaParts(at).year;
}

/** INV-2026-000042 */
export function formatInvoiceNumber(year: number, n: number): string {
  return `INV-${year}-${String(n).padStart(6, "0")}`;
}

/**
 * The statement that issues the order's invoice inside the confirming transaction, without its
 * number: the year's counter is not touched here, so confirmations do not wait on one another
 * for it. The caller numbers it with `numberInvoices` as soon as the transaction commits
 * (decision 40). A query builder: awaited, or sent with others (sendTogether), it runs.
 */
export function invoiceFor(
  ctx: Pick<Ctx, "config">,
  tx: Db,
  order: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
  now: Date,
) {
  const vat = ctx.config.VAT_REGISTERED
    ? invoiceVat(lines, { rateBp: ctx.config.VAT_RATE, exemptKinds: ctx.config.VAT_EXEMPT_KINDS })
    : null;
  const snapshot: StoredInvoiceSnapshot = {
    number: null,
    issuedAt: now.toISOString(),
    shop: shopOnInvoice(ctx.config),
    order: {
      id: order.id,
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      paymentMethod: order.paymentMethod,
      couponCode: order.couponCode,
    },
    buyer: { name: order.name, phone: order.phone, email: order.email },
    deliverTo: { district: order.district, area: order.area, address: order.address },
    lines: lines.map((l, i) => ({
      productId: l.productId,
      kind: l.kind,
      title: l.title,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      discount: l.discount,
      ...(vat ? vat.lines[i] : {}),
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    delivery: order.delivery,
    // What store credit paid (decision 71): the invoice's total is what is left, paid in money.
    ...(order.storeCredit > 0 ? { storeCredit: order.storeCredit } : {}),
    total: order.total,
    ...(vat ? { vat: { total: vat.total } } : {}),
  };
  return tx.insert(invoices).values({
    number: null,
    year: dhakaYear(now),
    orderId: order.id,
    userId: order.userId,
    total: order.total,
    snapshot,
    issuedAt: now,
  });
}

/** An invoice's snapshot as stored: its number is null until `numberInvoices` has numbered it. */
type StoredInvoiceSnapshot = Omit<InvoiceSnapshot, "number"> & { number: string | null };

/**
 * Numbers every committed invoice still without a number, gap-free per Dhaka year and in
 * confirmation order (`number_invoices()`, migration 0017): one short statement, one numbering at
 * a time across every server. Called right after a confirming transaction commits, before the
 * request answers, and by the periodic sweep for any a crash left. Returns how many it numbered.
 */
export async function numberInvoices(db: Db): Promise<number> {
  const res = (await db.execute(sql`select number_invoices() as n`)) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Numbers what a confirmation just committed; a failure is logged, not thrown (the order is
 * placed and the sweep numbers it), and the request goes on.
 */
export async function numberInvoicesAfterCommit(ctx: Pick<Ctx, "db" | "log">): Promise<void> {
  try {
    await numberInvoices(ctx.db);
  } catch (err) {
    ctx.log.error({ err }, "invoices: numbering after the confirmation failed; the sweep will number them");
  }
}

/**
 * Reads something that shows invoice numbers; when it met an invoice confirmed an instant ago and
 * not numbered yet, numbers the waiting ones and reads again, so no one is shown a missing number.
 */
export async function readNumbered<T>(
  db: Db,
  read: () => Promise<T>,
  unnumbered: (t: T) => boolean,
): Promise<T> {
  const first = await read();
  if (!unnumbered(first)) return first;
  await numberInvoices(db);
  return read();
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
  let invoice = c.invoice;
  if (invoice.number === null) {
    // Confirmed an instant ago, or left by a crash: numbered first, as the credit note quotes it.
    await numberInvoices(tx);
    const [numbered] = await tx.select().from(invoices).where(eq(invoices.id, c.invoice.id));
    if (!numbered?.number) throw new Error(`invoice ${c.invoice.id} could not be numbered`);
    invoice = numbered;
  }
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
    invoice: { id: invoice.id, number: invoice.number ?? "", total: invoice.total },
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
      invoiceId: invoice.id,
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

/** The credit notes of an invoice, or of an order, oldest first, as the pages list them. */
export async function listCreditNotes(
  db: Db,
  of: { invoiceId: number } | { orderId: number },
): Promise<CreditNoteLine[]> {
  const rows = await db
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      amount: creditNotes.amount,
      reason: creditNotes.reason,
    })
    .from(creditNotes)
    .where("invoiceId" in of ? eq(creditNotes.invoiceId, of.invoiceId) : eq(creditNotes.orderId, of.orderId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id));
  return rows.map((n) => ({ ...n, issuedAt: n.issuedAt.toISOString() }));
}

/** An invoice for its buyer or for staff who may see invoices; for anyone else it does not exist. */
export async function getInvoice(ctx: Ctx, id: number): Promise<InvoiceView> {
  const me = requireSignedIn(ctx);
  const staff = hasPermission(me, "invoices") || hasPermission(me, "orders");
  const row = await readNumbered(
    ctx.db,
    async () => {
      const [r] = await ctx.db
        .select({ id: invoices.id, orderId: invoices.orderId, snapshot: invoices.snapshot })
        .from(invoices)
        .where(staff ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, me.id)))
        .limit(1);
      return r;
    },
    (r) => r !== undefined && (r.snapshot as StoredInvoiceSnapshot).number === null,
  );
  if (!row) throw new DomainError("not_found", INVOICE_NOT_FOUND);
  return {
    id: row.id,
    orderId: row.orderId,
    snapshot: row.snapshot as InvoiceSnapshot,
    creditNotes: await listCreditNotes(ctx.db, { invoiceId: row.id }),
  };
}
