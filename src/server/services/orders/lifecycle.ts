/**
 * An order's life after it is placed, in one place: the moves between statuses and what each one
 * runs (`MOVES`, `moveInTx`), what runs after one commits (`afterMove`), the history lines, giving
 * back what an order holds and taking back what its sale gave, and the buyer's messages about it.
 * Confirming a paid order is `confirmInTx` (orders.ts); which moves staff may make is
 * `STAFF_TRANSITIONS` (contracts/fulfilment.ts).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isLocale } from "../../../contracts/locale";
import { BOUGHT_STATUSES, type OrderStatus } from "../../../contracts/order-status";
import type { Db } from "../../db/client";
import {
  couponRedemptions,
  coupons,
  entitlements,
  orderEvents,
  orderLines,
  orders,
  outbox,
  products,
  users,
} from "../../db/schema";
import { giveStockBack, recordStockMoves } from "../catalog/stock";
import { sendStockAlerts } from "../catalog/stock-alerts";
import { sendWishlistAlerts } from "../catalog/wishlist-alerts";
import type { Ctx } from "../context";
import { closeOrderMoneyInTx } from "../money/refunds";
import { giveCreditBackInTx, rewardReferralInTx } from "../money/store-credit";
import { nudgeOutbox, outboxInsert } from "../platform/outbox";
import { publicContentChanged } from "../public-content";
import { type OrderEvent, orderMessageKey, orderMessages } from "./notifications";
import { settleShipmentsInTx } from "./shipments";

export const ORDER_NOT_FOUND = "No such order";

type OrderRow = typeof orders.$inferSelect;
type Tx = Db;

/** One line of an order's history (the tracking timeline); `actorId` is who moved it, null for the system. */
export function recordEvent(
  db: Tx,
  orderId: number,
  status: string,
  note: string | null,
  actorId: number | null,
  at: Date,
  /** The parcel a courier's news is about (decision 73). */
  shipmentId: number | null = null,
) {
  // A query builder: awaited, it runs; or sent together with others (sendTogether).
  return db.insert(orderEvents).values({ orderId, status, note, actorId, shipmentId, createdAt: at });
}

/**
 * Takes back what confirming an order gave, when staff cancel or refund it: the sale counts, and
 * the e-books and courses it granted (the buyer no longer owns what was refunded).
 */
export async function unsellInTx(tx: Tx, orderId: number): Promise<void> {
  // In the order of the products' ids, as everywhere rows of products are locked together.
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.productId, orderLines.id);
  for (const l of lines) {
    await tx
      .update(products)
      .set({ soldCount: sql`greatest(${products.soldCount} - ${l.quantity}, 0)` })
      .where(eq(products.id, l.productId));
  }
  await tx.delete(entitlements).where(eq(entitlements.orderId, orderId));
}

/**
 * Gives back what an order holds: its stock and its coupon use (an unpaid one, one staff cancel,
 * a parcel that came back). `note` is the stock ledger's line.
 */
export async function releaseInTx(tx: Tx, order: OrderRow, now: Date, note?: string): Promise<void> {
  if (order.stockHeld) {
    const moves = await giveStockBack(tx, order.reservedStock);
    await recordStockMoves(tx, moves, "returned", {
      orderId: order.id,
      note: note ?? `Order ${order.number} released`,
    });
  }
  if (order.couponId) {
    const released = await tx
      .update(couponRedemptions)
      .set({ releasedAt: now })
      .where(and(eq(couponRedemptions.orderId, order.id), isNull(couponRedemptions.releasedAt)))
      .returning({ id: couponRedemptions.id });
    if (released.length > 0) {
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(eq(coupons.id, order.couponId));
    }
  }
  await tx.update(orders).set({ stockHeld: false, updatedAt: now }).where(eq(orders.id, order.id));
}

/**
 * What a move to a status does besides writing it and its history line, in one table (as
 * Vendure's order process reads): a cancelled order gives back its stock and coupon use, and so
 * does one refunded before it left the shop; cancelling or refunding a bought order takes back its
 * sale counts and the e-books and courses it granted, and closes its money (decision 29): a credit
 * note for whatever of its invoice is still uncredited, an owed refund for whatever money the
 * shop still holds for it, and the store credit it spent given back (decision 71); a cancelled order that was paid online is also marked refund due for
 * staff. A parcel that came back (returned) does the same as a cancellation: its stock is back on
 * the shelf, its cash on delivery was never collected, and its invoice is credited in full.
 * Which moves staff may make is `STAFF_TRANSITIONS` (contracts/fulfilment.ts).
 */
type MoveHooks = {
  /** Gives back the stock and the coupon use the order holds, moving from `from`. */
  givesBack?: (from: OrderStatus) => boolean;
  /** The stock ledger's note when stock comes back. */
  stockNote?: (number: string) => string;
  /** Takes back the sale counts and the granted e-books and courses of a bought order. */
  takesBackSale?: boolean;
  /** The instant the move stamps on the order. */
  stamps?: "cancelledAt" | "deliveredAt" | "returnedAt";
  /** Closes the order's money, with this reason. */
  closesMoney?: string;
  /** A paid-online order is marked refund due for staff. */
  refundDueWhenPaidOnline?: boolean;
  /** A referred buyer's first delivered order earns the referral rewards (decision 71). */
  rewardsReferral?: boolean;
};

const MOVES: Partial<Record<OrderStatus, MoveHooks>> = {
  cancelled: {
    givesBack: () => true,
    takesBackSale: true,
    stamps: "cancelledAt",
    closesMoney: "Order cancelled",
    refundDueWhenPaidOnline: true,
  },
  refunded: {
    givesBack: (from) => from === "confirmed" || from === "processing",
    takesBackSale: true,
    closesMoney: "Order refunded",
  },
  delivered: { stamps: "deliveredAt", rewardsReferral: true },
  returned: {
    givesBack: () => true,
    stockNote: (number) => `Order ${number} came back from the courier`,
    takesBackSale: true,
    stamps: "returnedAt",
    closesMoney: "Parcel returned",
  },
};

/**
 * Moves a locked order to `status`: runs the move's hooks (`MOVES`), writes the status and the
 * history line, and queues the buyer's message.
 */
export async function moveInTx(
  ctx: Ctx,
  tx: Db,
  o: OrderRow,
  status: OrderStatus,
  note: string | null,
  actorId: number | null,
  now: Date,
): Promise<OrderRow> {
  const hooks = MOVES[status] ?? {};
  if (hooks.givesBack?.(o.status)) await releaseInTx(tx, o, now, hooks.stockNote?.(o.number));
  if (hooks.takesBackSale && BOUGHT_STATUSES.includes(o.status)) await unsellInTx(tx, o.id);
  const [row] = await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(hooks.stamps ? { [hooks.stamps]: now } : {}) })
    .where(eq(orders.id, o.id))
    .returning();
  await settleShipmentsInTx(tx, o.id, status, now);
  await recordEvent(tx, o.id, status, note, actorId, now);
  if (hooks.refundDueWhenPaidOnline && o.paymentMethod === "gateway" && o.total > 0) {
    await recordEvent(tx, o.id, "refund_due", "Paid online and cancelled: refund due", null, now);
  }
  if (hooks.closesMoney) {
    const why = hooks.closesMoney;
    await closeOrderMoneyInTx(ctx, tx, o, { reason: note ? `${why}: ${note}` : why, actorId, now });
    // The store credit it spent goes back to the buyer's credit, once (decision 71).
    await giveCreditBackInTx(tx, o, { actorId, now, note: `Order ${o.number}: ${why.toLowerCase()}` });
  }
  if (hooks.rewardsReferral) await rewardReferralInTx(ctx, tx, row!, now);
  await queueOrderNotice(ctx, tx, { type: "status_changed", status }, row!, now);
  return row!;
}

/**
 * After a committed move: public pages (stock, tracking) are renewed, the buyer's message sent,
 * and, when stock came back, the alerts of those waiting for it.
 */
export function afterMove(ctx: Ctx, status: OrderStatus | null) {
  void publicContentChanged(ctx);
  if (status) void nudgeOutbox(ctx);
  if (status === "cancelled" || status === "refunded" || status === "returned") stockMayBeBack(ctx);
}

/** After a committed change that can raise stock: "Notify me" and wishlist alerts of what is back are sent. */
export function stockMayBeBack(ctx: Ctx) {
  sendStockAlerts(ctx)
    .then(() => sendWishlistAlerts(ctx))
    .catch((err) => ctx.log.error({ err }, "sending back-in-stock alerts failed"));
}

/**
 * How long an online order's "received" message waits for the payment's news: a payment that
 * confirms (or fails) meanwhile drops it, so an order paid at once gets its confirmation only.
 */
export const PLACED_NOTICE_HOLD_MS = 10 * 60 * 1000;

/**
 * Drops an online order's "received" message while it still waits (never one being sent): the
 * payment's own news came first and says more.
 */
export function dropHeldPlacedNotice(tx: Tx, orderId: number) {
  const placed: OrderEvent = { type: "placed" };
  return tx
    .delete(outbox)
    .where(
      and(
        inArray(outbox.key, [
          orderMessageKey(orderId, placed, "sms"),
          orderMessageKey(orderId, placed, "email"),
        ]),
        eq(outbox.status, "pending"),
        eq(outbox.attempts, 0),
      ),
    );
}

/**
 * Writes the buyer's messages about an order event into the transaction's outbox, so they are
 * sent if and only if the change commits; call `nudgeOutbox` after the commit to send them at once.
 */
export async function queueOrderNotice(
  ctx: Ctx,
  tx: Tx,
  event: OrderEvent,
  order: OrderRow,
  now: Date,
): Promise<void> {
  if (order.paymentMethod === "gateway" && (event.type === "confirmed" || event.type === "payment_failed")) {
    await dropHeldPlacedNotice(tx, order.id);
  }
  // The SMS goes in the buyer's language as their profile keeps it now.
  const [buyer] = await tx
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  const insert = orderNotice(ctx, tx, event, order, now, buyer?.locale);
  if (insert) await insert;
}

/**
 * `queueOrderNotice`'s statement, for a buyer whose language is known: a query builder to send
 * with others (false: no message).
 */
export function orderNotice(
  ctx: Ctx,
  tx: Tx,
  event: OrderEvent,
  order: OrderRow,
  now: Date,
  locale: string | null | undefined,
) {
  const status =
    event.type === "status_changed"
      ? event.status
      : event.type === "confirmed"
        ? "confirmed"
        : event.type === "consignment"
          ? "shipped"
          : order.status;
  const messages = orderMessages(
    event,
    {
      locale: isLocale(locale) ? locale : undefined,
      id: order.id,
      number: order.number,
      name: order.name,
      phone: order.phone,
      email: order.email,
      total: order.total,
      status,
      trackingCode:
        event.type === "consignment"
          ? event.consignment
          : event.type === "status_changed"
            ? order.consignment
            : null,
      shopName: ctx.config.SHOP_NAME,
      publicUrl: ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`,
    },
    { emailProvider: ctx.email.name },
  );
  // An online order's "received" waits for its payment, which usually confirms it at once.
  const held = event.type === "placed" && order.paymentMethod === "gateway";
  return outboxInsert(
    tx,
    held ? messages.map((m) => ({ ...m, dueAt: new Date(now.getTime() + PLACED_NOTICE_HOLD_MS) })) : messages,
    now,
  );
}
