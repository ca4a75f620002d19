/**
 * One of the buyer's orders whole, for its page `/orders/{id}` and `GET /api/orders/{id}`: the
 * order as the list shows it, with its parcels and their tracking (decision 73), its payments, the
 * credit notes that corrected its invoice and the refunds made. Another buyer's order is not found.
 */
import { asc, eq } from "drizzle-orm";
import type { OrderDetail } from "../../../contracts/checkout";
import { payments, refunds } from "../../db/schema";
import type { Ctx } from "../context";
import { listCreditNotes } from "../money/invoices";
import { getOwnOrderRow, toViews } from "./orders";
import { shipmentViewsOf } from "./shipments";

type PaymentLine = OrderDetail["payments"][number];

export async function getMyOrderDetail(ctx: Ctx, id: number): Promise<OrderDetail> {
  const o = await getOwnOrderRow(ctx, id);
  const [[view], parcels, attempts, notes, given] = await Promise.all([
    toViews(ctx.db, [o], ctx.now()),
    shipmentViewsOf(ctx, ctx.db, [o.id]),
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
  // for an order cancelled, or come back undelivered.
  if (o.paymentMethod === "cod" && o.total > 0 && o.status !== "cancelled" && o.status !== "returned") {
    paid.push({
      kind: "cash",
      provider: null,
      reference: null,
      amount: o.total,
      state: o.deliveredAt ? "paid" : "due",
      at: (o.deliveredAt ?? o.createdAt).toISOString(),
    });
  }
  return {
    ...view!,
    shipments: parcels.get(o.id) ?? [],
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
