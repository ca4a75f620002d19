/**
 * Orders written straight into the tables (no checkout) at chosen times and statuses, with an
 * invoice and credit notes when asked: the reports' tests build histories with it quickly.
 */
import type { ProductKind } from "../../src/contracts/catalog";
import type { OrderStatus } from "../../src/contracts/order-status";
import type { Db } from "../../src/server/db/client";
import { creditNotes, invoices, orderLines, orders } from "../../src/server/db/schema";

export type ReportLine = {
  productId: number;
  kind: ProductKind;
  quantity: number;
  unitPrice: number;
  discount: number;
};

export type ReportOrder = {
  userId: number;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod?: "cod" | "gateway";
  source?: string;
  district?: string;
  delivery?: number;
  lines: ReportLine[];
  /** Credit notes on the order (an invoice is made for it). */
  credits?: number[];
};

let seq = 0;

export async function insertReportOrder(db: Db, o: ReportOrder): Promise<number> {
  seq += 1;
  const subtotal = o.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const discount = o.lines.reduce((s, l) => s + l.discount, 0);
  const delivery = o.delivery ?? 6_000;
  const [row] = await db
    .insert(orders)
    .values({
      number: `RPT-${process.pid}-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      userId: o.userId,
      status: o.status,
      paymentMethod: o.paymentMethod ?? "cod",
      name: "Report Buyer",
      phone: "01700000000",
      district: o.district ?? "Dhaka",
      area: "Mirpur",
      address: "House 1",
      subtotal,
      discount,
      delivery,
      total: subtotal - discount + delivery,
      source: o.source ?? "direct",
      physical: true,
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    })
    .returning({ id: orders.id });
  const orderId = row!.id;
  await db.insert(orderLines).values(
    o.lines.map((l) => ({
      orderId,
      productId: l.productId,
      kind: l.kind,
      title: "Line",
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.unitPrice * l.quantity,
      discount: l.discount,
      source: o.source ?? "direct",
    })),
  );
  if (o.credits?.length) {
    const [invoice] = await db
      .insert(invoices)
      .values({
        number: `INV-T-${orderId}`,
        orderId,
        userId: o.userId,
        total: subtotal - discount + delivery,
        snapshot: {},
        issuedAt: o.createdAt,
      })
      .returning({ id: invoices.id });
    await db.insert(creditNotes).values(
      o.credits.map((amount, i) => ({
        number: `CN-T-${orderId}-${i}`,
        invoiceId: invoice!.id,
        orderId,
        amount,
        reason: "test",
        snapshot: {},
        issuedAt: o.createdAt,
      })),
    );
  }
  return orderId;
}

/** Removes every order and what hangs on it (between the runs of a property test). */
export async function clearOrders(db: Db): Promise<void> {
  await db.delete(creditNotes);
  await db.delete(invoices);
  await db.delete(orderLines);
  await db.delete(orders);
}
