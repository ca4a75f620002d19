import { and, desc, eq, inArray, lt, type SQLWrapper, sql } from "drizzle-orm";
import { lineWaitOf } from "../../../contracts/availability";
import { type OrderView, payByAfterRetry } from "../../../contracts/checkout";
import {
  BOUGHT_STATUSES,
  buyerMayCancel,
  CANNOT_CANCEL_DIGITAL,
  CANNOT_CANCEL_PACKED,
} from "../../../contracts/order-status";
import { productPath } from "../../../contracts/paths";
import { type Db, inTransaction, sendTogether } from "../../db/client";
import { entitlements, invoices, orderLines, orders, payments, products } from "../../db/schema";
import { requireSignedIn } from "../access";
import { reservedNeeds, takeStock } from "../catalog/stock";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { invoiceFor, issueCreditNote } from "../money/invoices";
import { orderMoney, recordOwedRefundInTx } from "../money/refunds";
import { giveCreditBackInTx } from "../money/store-credit";
import { listDigitalGrants } from "../reading/entitlements";
import {
  afterMove,
  dropHeldPlacedNotice,
  moveInTx,
  ORDER_NOT_FOUND,
  recordEvent,
  releaseInTx,
  stockMayBeBack,
} from "./lifecycle";

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type Tx = Db;

export function requireBuyer(ctx: Ctx) {
  return requireSignedIn(ctx);
}

/**
 * Marks the order confirmed, once: counts the sale, grants the digital items, issues the invoice.
 * An order that had already given its stock back takes it again (a late payment), or stays as it
 * is when the stock is gone, for staff to refund. An e-book or course the buyer already got from
 * another order is not granted twice: an order of e-books and courses alone is cancelled instead
 * of confirmed, and either way a "refund_due" entry tells staff. Returns whether it is confirmed now.
 */
export async function confirmInTx(
  ctx: Ctx,
  tx: Tx,
  order: OrderRow,
  now: Date,
  note: string,
  /**
   * The order was placed in this very transaction: it and its lines are as written, unseen by
   * anyone else. `alsoSend`: statements sent with a confirmation's last writes (the buyer's notice).
   */
  placed?: { lines: OrderLineRow[]; alsoSend?: ((PromiseLike<unknown> & SQLWrapper) | false)[] },
): Promise<boolean> {
  const [current] = placed
    ? [order]
    : await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
  if (!current) return false;
  if (BOUGHT_STATUSES.includes(current.status) || current.status === "refunded") {
    // Money for an order already paid (a second attempt paid too): owed back at once.
    const owed = await recordOwedRefundInTx(tx, current, {
      reason: "Paid again for an order already paid",
      actorId: null,
      now,
    });
    if (owed)
      await recordEvent(
        tx,
        order.id,
        "refund_due",
        "Paid again for an order already paid: refund due",
        null,
        now,
      );
    return false;
  }
  if (!current.stockHeld) {
    try {
      await inTransaction(tx, async (inner) => {
        await takeStock(inner, reservedNeeds(current), {
          reason: "sold",
          orderId: current.id,
          note: `Order ${current.number}, paid after it lapsed`,
        });
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const why = `Paid after the order had lapsed, and ${err.message}`;
      await recordEvent(tx, order.id, "refund_due", `${why}: refund due`, null, now);
      await recordOwedRefundInTx(tx, current, { reason: why, actorId: null, now });
      return false;
    }
  }
  const lines = placed?.lines ?? (await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)));
  // Granted first: the (user, product) key lets one of two orders paid at once for the same
  // e-book have it; the other learns here that it was a second purchase.
  const digital = [...new Set([...(await listDigitalGrants(tx, lines)).values()].flat())].sort(
    (a, b) => a - b,
  );
  const granted =
    digital.length === 0
      ? []
      : await tx
          .insert(entitlements)
          .values(
            digital.map((productId) => ({
              userId: current.userId,
              productId,
              orderId: order.id,
              grantedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ productId: entitlements.productId });
  const alreadyOwned = digital.filter((id) => !granted.some((g) => g.productId === id));
  let refundNote: string | null = null;
  if (alreadyOwned.length > 0) {
    const others = await tx
      .select({ title: products.title, number: orders.number })
      .from(entitlements)
      .innerJoin(products, eq(products.id, entitlements.productId))
      .innerJoin(orders, eq(orders.id, entitlements.orderId))
      .where(and(eq(entitlements.userId, current.userId), inArray(entitlements.productId, alreadyOwned)));
    const bought = others.map((o) => `${o.title} (order ${o.number})`).join(", ");
    if (!current.physical && granted.length === 0) {
      if (current.status === "pending_payment" || current.status === "payment_failed") {
        await cancelUnpaidInTx(tx, current, now, `Already bought: ${bought}`, null);
      }
      await recordEvent(
        tx,
        order.id,
        "refund_due",
        `Paid for what the buyer already had: ${bought}; refund due`,
        null,
        now,
      );
      await recordOwedRefundInTx(tx, current, {
        reason: `Paid for what the buyer already had: ${bought}`,
        actorId: null,
        now,
      });
      return false;
    }
    refundNote = `Already bought: ${bought}; refund due for it`;
  }
  // Last: a popular product's row is shared by all its buyers (its stock was taken just before).
  // In the order of the products' ids, as stock is taken: two confirmations sharing products
  // then wait for one another instead of deadlocking.
  const sold = new Map<number, number>();
  for (const l of lines) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.quantity);
  const countSales = [...sold]
    .sort((a, b) => a[0] - b[0])
    .map(([productId, quantity]) =>
      tx
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${quantity}` })
        .where(eq(products.id, productId)),
    );
  const confirm = [
    tx
      .update(orders)
      .set({
        status: "confirmed",
        confirmedAt: now,
        reservedUntil: null,
        stockHeld: true,
        updatedAt: now,
        cancelledAt: null,
      })
      .where(eq(orders.id, order.id)),
    invoiceFor(ctx, tx, { ...current, status: "confirmed", confirmedAt: now }, lines, now),
    recordEvent(tx, order.id, "confirmed", note, null, now),
  ];
  if (!refundNote) {
    // The usual confirmation: its writes sent together, in this order, with the caller's.
    await sendTogether(tx, [...confirm, ...countSales, ...(placed?.alsoSend ?? [])]);
    return true;
  }
  await sendTogether(tx, confirm);
  await recordEvent(tx, order.id, "refund_due", refundNote, null, now);
  await creditAlreadyOwnedInTx(ctx, tx, current, lines, alreadyOwned, now);
  await sendTogether(tx, [...countSales, ...(placed?.alsoSend ?? [])]);
  return true;
}

/**
 * An order paid online that was confirmed with lines the buyer already owned (bought at the same
 * moment in another order): those lines' price is credited on the invoice and owed back. An item
 * inside a bundle has no price of its own: staff refund it from the order page.
 */
async function creditAlreadyOwnedInTx(
  ctx: Ctx,
  tx: Tx,
  o: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
  alreadyOwned: number[],
  now: Date,
): Promise<void> {
  const amount = lines
    .filter((l) => alreadyOwned.includes(l.productId))
    .reduce((sum, l) => sum + l.lineTotal - l.discount, 0);
  if (amount <= 0) return;
  const ledger = await orderMoney(tx, o);
  const credit = Math.min(amount, ledger.invoiced - ledger.credited, ledger.refundable);
  if (!ledger.invoice || credit <= 0) return;
  const reason = "Paid for what the buyer already had";
  const note = await issueCreditNote(ctx, tx, {
    invoice: ledger.invoice,
    order: o,
    creditedBefore: ledger.credited,
    amount: credit,
    reason,
    actorId: null,
    now,
  });
  await recordOwedRefundInTx(tx, o, { reason, actorId: null, now, creditNoteId: note.id });
}

/** Cancels an unpaid order: it gives back what it held, and its open payment attempts close. */
async function cancelUnpaidInTx(tx: Tx, o: OrderRow, now: Date, reason: string, actorId: number | null) {
  await releaseInTx(tx, o, now);
  await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, o.id));
  await tx
    .update(payments)
    .set({ status: "cancelled", reason, updatedAt: now })
    .where(and(eq(payments.orderId, o.id), eq(payments.status, "initiated")));
  await recordEvent(tx, o.id, "cancelled", reason, actorId, now);
  await giveCreditBackInTx(tx, o, { actorId, now, note: `Order ${o.number}: ${reason}` });
  await dropHeldPlacedNotice(tx, o.id);
}

export async function getOrderRow(db: Db, id: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return o;
}

/** The caller's own order; anyone else's is not found (ids tell nothing). */
export async function getOwnOrderRow(ctx: Ctx, id: number): Promise<OrderRow> {
  const me = requireBuyer(ctx);
  const [o] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, me.id)))
    .limit(1);
  if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return o;
}

/** The buyer's own order, locked for the rest of the transaction; anyone else's is not found. */
export async function lockOwnOrderRow(tx: Tx, userId: number, id: number): Promise<OrderRow> {
  const [o] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .for("update");
  if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return o;
}

/** The ids among `orderIds` of orders that hold e-books or courses (alone or in a bundle). */
async function ordersWithDigital(db: Db, orderIds: number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const [lines, granted] = await Promise.all([
    db
      .selectDistinct({ orderId: orderLines.orderId })
      .from(orderLines)
      .where(and(inArray(orderLines.orderId, orderIds), inArray(orderLines.kind, ["ebook", "content"]))),
    db
      .selectDistinct({ orderId: entitlements.orderId })
      .from(entitlements)
      .where(inArray(entitlements.orderId, orderIds)),
  ]);
  return new Set([...lines, ...granted].map((r) => r.orderId).filter((x): x is number => x !== null));
}

/**
 * The buyer cancels their order while `buyerMayCancel` allows (the cancellation policy page). An
 * unpaid one gives back its stock and coupon use and closes its payment attempts; a confirmed one
 * not yet being packed is cancelled as staff would cancel it (`moveInTx`): stock and coupon back,
 * sale counts taken back, a credit note for its invoice and, when it was paid online, a refund
 * owed that staff see on the order's page. The order row's lock makes a staff move at the same
 * moment wait: whichever comes second sees the other's status and is refused.
 */
export async function cancelOrder(ctx: Ctx, id: number): Promise<OrderView> {
  const me = requireBuyer(ctx);
  const now = ctx.now();
  const cancelledConfirmed = await inTransaction(ctx.db, async (tx) => {
    const o = await lockOwnOrderRow(tx, me.id, id);
    if (o.status === "pending_payment" || o.status === "payment_failed") {
      await cancelUnpaidInTx(tx, o, now, "Cancelled by the buyer", me.id);
      return false;
    }
    if (o.status !== "confirmed") throw new DomainError("conflict", CANNOT_CANCEL_PACKED);
    if ((await ordersWithDigital(tx, [o.id])).has(o.id)) {
      throw new DomainError("conflict", CANNOT_CANCEL_DIGITAL);
    }
    await moveInTx(ctx, tx, o, "cancelled", "Cancelled by the buyer", me.id, now);
    return true;
  });
  if (cancelledConfirmed) afterMove(ctx, "cancelled");
  else stockMayBeBack(ctx);
  return getMyOrder(ctx, id);
}

/**
 * Unpaid gateway orders past their 30 minutes give back their stock and coupon use and are
 * cancelled. Safe on many servers at once (rows are claimed with SKIP LOCKED). Returns how many.
 */
export async function expireUnpaidOrders(ctx: Pick<Ctx, "db" | "now" | "log">, batch = 50): Promise<number> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "pending_payment"), lt(orders.reservedUntil, now)))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const o of due) {
      await cancelUnpaidInTx(tx, o, now, "Not paid within 30 minutes", null);
    }
    if (due.length > 0) ctx.log.info({ orders: due.map((o) => o.number) }, "unpaid orders lapsed");
    return due.length;
  });
}

/** The caller's orders, newest first. */
export async function listMyOrders(ctx: Ctx): Promise<OrderView[]> {
  const me = requireBuyer(ctx);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.userId, me.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return toViews(ctx.db, rows, ctx.now());
}

/** One of the caller's orders. */
export async function getMyOrder(ctx: Ctx, id: number): Promise<OrderView> {
  const o = await getOwnOrderRow(ctx, id);
  const [view] = await toViews(ctx.db, [o], ctx.now());
  return view!;
}

/** The caller's order by one of its payment attempts (the success page's address). */
export async function getMyOrderByTranx(ctx: Ctx, tranx: string): Promise<OrderView> {
  const me = requireBuyer(ctx);
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.tranx, tranx), eq(orders.userId, me.id)))
    .limit(1);
  if (!row) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return getMyOrder(ctx, row.id);
}

export async function toViews(db: Db, rows: OrderRow[], now: Date): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [lines, invs, pays, digital] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        kind: orderLines.kind,
        title: orderLines.title,
        image: orderLines.image,
        unitPrice: orderLines.unitPrice,
        quantity: orderLines.quantity,
        lineTotal: orderLines.lineTotal,
        waits: orderLines.waits,
        expectedOn: orderLines.expectedOn,
        filledAt: orderLines.filledAt,
        slug: products.slug,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(orderLines.id),
    db
      .select({ id: invoices.id, orderId: invoices.orderId })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
    db
      .select({ orderId: payments.orderId, tranx: payments.tranx, id: payments.id })
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(desc(payments.id)),
    ordersWithDigital(db, ids),
  ]);
  return rows.map((o) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    paymentMethod: o.paymentMethod,
    createdAt: o.createdAt.toISOString(),
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
    name: o.name,
    phone: o.phone,
    district: o.district,
    area: o.area,
    address: o.address,
    note: o.note,
    subtotal: o.subtotal,
    discount: o.discount,
    delivery: o.delivery,
    storeCredit: o.storeCredit,
    total: o.total,
    couponCode: o.couponCode,
    payBy: o.status === "pending_payment" ? (o.reservedUntil?.toISOString() ?? null) : null,
    consignment: o.consignment,
    invoiceId: invs.find((i) => i.orderId === o.id)?.id ?? null,
    tranx: pays.find((p) => p.orderId === o.id)?.tranx ?? null,
    canCancel: buyerMayCancel(o.status, digital.has(o.id)),
    canPay:
      o.paymentMethod === "gateway" &&
      (o.status === "pending_payment" || o.status === "payment_failed") &&
      payByAfterRetry(o, now) !== null,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        productId: l.productId,
        kind: l.kind,
        title: l.title,
        image: l.image,
        url: productPath({ kind: l.kind, id: l.productId, slug: l.slug }),
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
        wait: lineWaitOf(l),
      })),
    waitShipping: o.waitShipping,
  }));
}
