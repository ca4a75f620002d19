import { and, eq, sql } from "drizzle-orm";
import type { InvoiceSnapshot, InvoiceView } from "../../contracts/invoice";
import type { Db } from "../db/client";
import { invoiceCounters, invoices, type orderLines, type orders } from "../db/schema";
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
