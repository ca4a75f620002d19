/**
 * One of the buyer's orders whole, for its page `/orders/{id}` and `GET /api/orders/{id}`: the
 * order as the list shows it, with its parcels and their tracking (decision 73), its payments, the
 * credit notes that corrected its invoice and the refunds made. Another buyer's order is not found.
 */
import { asc, eq } from "drizzle-orm";
import type { OrderDetail } from "../../../contracts/checkout";
import { orderLines, payments, refunds } from "../../db/schema";
import type { Ctx } from "../context";
import { listCreditNotes } from "../money/invoices";
import { getOwnOrderRow, toViews } from "./orders";
import { listShipments, parcelCod, toShipmentViews } from "./shipments";

type PaymentLine = OrderDetail["payments"][number];

export async function getMyOrderDetail(ctx: Ctx, id: number): Promise<OrderDetail> {
  const o = await getOwnOrderRow(ctx, id);
  const [[view], rows, lines, attempts, notes, given] = await Promise.all([
    toViews(ctx.db, [o], ctx.now()),
    listShipments(ctx.db, o.id),
    ctx.db
      .select({
        id: orderLines.id,
        productId: orderLines.productId,
        title: orderLines.title,
        lineTotal: orderLines.lineTotal,
        discount: orderLines.discount,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id)),
    ctx.db.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(asc(payments.id)),
    listCreditNotes(ctx.db, { orderId: o.id }),
    ctx.db
      .select({
        id: refunds.id,
        amount: refunds.amount,
        method: refunds.method,
        status: refunds.status,
        createdAt: refunds.createdAt,
        paidAt: refunds.paidAt,
      })
      .from(refunds)
      .where(eq(refunds.orderId, o.id))
      .orderBy(asc(refunds.id)),
  ]);
  const placed = o.createdAt.toISOString();
  const paid: PaymentLine[] = [];
  if (o.storeCredit > 0) {
    paid.push({
      kind: "store_credit",
      provider: null,
      reference: null,
      amount: o.storeCredit,
      state: "paid",
      at: placed,
    });
  }
  // The rows an order confirmed at once keeps for its result page (provider `cod`, or `none` when
  // store credit covered it all) are not payments of their own.
  for (const p of attempts.filter((a) => a.provider !== "cod" && a.provider !== "none")) {
    paid.push({
      kind: "online",
      provider: p.provider,
      reference: p.tranx,
      amount: p.amount,
      state: p.status === "initiated" ? "started" : p.status,
      at: (p.paidAt ?? p.createdAt).toISOString(),
    });
  }
  // Cash on delivery: due until the courier (or staff) hands the order over, then paid; nothing
  // for an order cancelled, or come back undelivered. An order in several parcels is paid parcel
  // by parcel, each collecting its own lines' share (what its courier is told to collect).
  if (o.paymentMethod === "cod" && o.total > 0 && o.status !== "cancelled" && o.status !== "returned") {
    const sent = rows.filter((r) => r.state !== "cancelled" && r.state !== "returned");
    const parts =
      sent.length > 1
        ? sent.map((r) => ({ amount: parcelCod(o, r, rows, lines), deliveredAt: r.deliveredAt }))
        : [{ amount: o.total, deliveredAt: o.deliveredAt }];
    for (const part of parts.filter((x) => x.amount > 0)) {
      paid.push({
        kind: "cash",
        provider: null,
        reference: null,
        amount: part.amount,
        state: part.deliveredAt ? "paid" : "due",
        at: (part.deliveredAt ?? o.createdAt).toISOString(),
      });
    }
  }
  return {
    ...view!,
    shipments: toShipmentViews(ctx, rows, lines),
    payments: paid,
    creditNotes: notes,
    refunds: given.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
    })),
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
  };
}
