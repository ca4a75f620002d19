/**
 * Pre-orders and back-orders: order lines sold without stock (`order_lines.waits`) take their
 * stock later, a product at a time, in the order their orders were placed (oldest first). A line
 * is filled once its product is released (a pre-order's release day has come) and its stock covers
 * it; the first line that stock does not cover stops the product's fill, so a younger order never
 * overtakes an older one. Only bought orders (paid, or confirmed for cash on delivery) are filled;
 * an order waiting for its payment is filled once paid, at the next fill.
 *
 * Fills run when staff receive stock (in the same transaction, so no checkout takes the new stock
 * first), and in every minute's sweep, which fills what a release day or stock given back made
 * possible. Each fill takes stock as a sale does: the product's stock falls, the ledger gets a
 * "sold" row per line naming its order, and the order holds the units (`reservedStock`), so a
 * later cancellation gives back exactly what it took.
 *
 * Locks are taken in the order every other writer takes them: the waiting orders' rows first (in
 * id order), then the product's row, as a cancellation (order, then stock) and a checkout (its new
 * order, then stock) do. Two fills of one product, or a fill and a checkout, then take turns.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { BOUGHT_STATUSES } from "../../../contracts/order-status";
import { dhakaDay } from "../../../contracts/sales";
import { type Db, inTransaction } from "../../db/client";
import { orderLines, orders, products, stockMovements } from "../../db/schema";
import type { AppDeps } from "../context";
import { markShipmentsReady } from "../orders/shipments";

type Tx = Db;

const waitingLine = and(isNotNull(orderLines.waits), isNull(orderLines.filledAt));
const bought = inArray(orders.status, [...BOUGHT_STATUSES]);
/** An order whose waiting lines still count: bought, or waiting for its payment. */
const liveOrder = inArray(orders.status, [...BOUGHT_STATUSES, "pending_payment"]);

/**
 * The units waiting for the product of the outer query's row (the admin books list's column and
 * filter), read through the waiting lines' partial index.
 */
export const waitingUnitsSql = sql<number>`coalesce((
  select sum(ol.quantity) from ${orderLines} ol join ${orders} o on o.id = ol.order_id
  where ol.product_id = ${sql.raw(`"products"."id"`)} and ol.waits is not null and ol.filled_at is null
    and o.status in ('confirmed', 'processing', 'shipped', 'delivered', 'pending_payment')
), 0)::int`;

/** What waits for a product's stock on live orders: how many orders and units (the admin's demand). */
export async function waitingFor(db: Db, productId: number): Promise<{ orders: number; units: number }> {
  const [row] = await db
    .select({
      orders: sql<number>`count(distinct ${orderLines.orderId})`.mapWith(Number),
      units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, productId), waitingLine, liveOrder));
  return { orders: row?.orders ?? 0, units: row?.units ?? 0 };
}

/** The waiting orders of a product, locked in id order (the first lock of a fill; see the top). */
async function lockWaitingOrders(tx: Tx, productId: number): Promise<void> {
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        bought,
        inArray(
          orders.id,
          tx
            .select({ id: orderLines.orderId })
            .from(orderLines)
            .where(and(eq(orderLines.productId, productId), waitingLine)),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .for("update", { of: orders });
}

/**
 * Fills a product's waiting lines from its stock, oldest order first, in the caller's
 * transaction. `change`, when given, is a stock change made under the same locks before the fill
 * (staff receiving stock). Answers the lines filled.
 */
export async function fillProduct(
  tx: Tx,
  productId: number,
  now: Date,
  change?: () => Promise<void>,
): Promise<number> {
  await lockWaitingOrders(tx, productId);
  if (change) await change();
  const [p] = await tx
    .select({
      stock: products.stock,
      releaseDate: products.releaseDate,
    })
    .from(products)
    .where(eq(products.id, productId))
    // No key update, as the stock's own update takes: a FOR UPDATE would also wait on the key-share
    // lock a checkout's order line holds on the product (its foreign key) while that checkout
    // waits on this update, a deadlock.
    .for("no key update");
  if (!p || p.stock === null) return 0;
  if (p.releaseDate !== null && p.releaseDate > dhakaDay(now)) return 0;
  const lines = await tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      quantity: orderLines.quantity,
      number: orders.number,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, productId), waitingLine, bought))
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.id));
  let stock = p.stock;
  const filled: (typeof lines)[number][] = [];
  for (const l of lines) {
    if (l.quantity > stock) break;
    stock -= l.quantity;
    filled.push(l);
  }
  if (filled.length === 0) return 0;
  const taken = p.stock - stock;
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${taken}` })
    .where(eq(products.id, productId));
  let after = p.stock;
  await tx.insert(stockMovements).values(
    filled.map((l) => {
      after -= l.quantity;
      return {
        productId,
        change: -l.quantity,
        stockAfter: after,
        reason: "sold" as const,
        note: `Order ${l.number}, waiting line filled`,
        orderId: l.orderId,
      };
    }),
  );
  await tx
    .update(orderLines)
    .set({ filledAt: now })
    .where(
      inArray(
        orderLines.id,
        filled.map((l) => l.id),
      ),
    );
  // The order holds what was taken for it, so that a cancellation gives back exactly that.
  for (const l of filled) {
    await tx
      .update(orders)
      .set({
        reservedStock: sql`jsonb_set(${orders.reservedStock}, array[${String(productId)}],
          to_jsonb(coalesce((${orders.reservedStock} ->> ${String(productId)})::int, 0) + ${l.quantity}))`,
        updatedAt: now,
      })
      .where(eq(orders.id, l.orderId));
  }
  // An order none of whose lines still waits: its waiting parcel can now be booked.
  const orderIds = [...new Set(filled.map((l) => l.orderId))];
  const stillWaiting = new Set(
    (
      await tx
        .selectDistinct({ orderId: orderLines.orderId })
        .from(orderLines)
        .where(and(inArray(orderLines.orderId, orderIds), waitingLine))
    ).map((r) => r.orderId),
  );
  for (const orderId of orderIds) if (!stillWaiting.has(orderId)) await markShipmentsReady(tx, orderId, now);
  return filled.length;
}

/**
 * The sweep's fill: every product with lines waiting on bought orders, each in a transaction of
 * its own. Answers the lines filled.
 */
export async function fillWaitingLines(deps: Pick<AppDeps, "db" | "now">): Promise<number> {
  const now = deps.now();
  const waiting = await deps.db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(waitingLine, bought));
  let filled = 0;
  for (const { productId } of waiting) {
    filled += await inTransaction(deps.db, (tx) => fillProduct(tx, productId, now));
  }
  return filled;
}
