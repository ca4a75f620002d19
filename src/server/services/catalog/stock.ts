import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { ProductKind } from "../../../contracts/catalog";
import { MAX_UNPAID_ORDERS, MAX_UNPAID_UNITS } from "../../../contracts/checkout";
import { OPENING_STOCK_NOTE, type StockReason } from "../../../contracts/stock";
import { type Db, sendTogether } from "../../db/client";
import { bundleItems, orders, products, stockMovements } from "../../db/schema";
import { DomainError } from "../errors";

type OrderRow = typeof orders.$inferSelect;
type Tx = Db;

/** What the stock of each printed product must give for these lines (bundles give their printed items). */
export async function stockNeeds(
  db: Tx,
  lines: { productId: number; kind: ProductKind; quantity: number }[],
): Promise<Map<number, number>> {
  const needs = new Map<number, number>();
  const add = (id: number, n: number) => needs.set(id, (needs.get(id) ?? 0) + n);
  for (const l of lines) if (l.kind === "book" || l.kind === "stationary") add(l.productId, l.quantity);
  const bundles = lines.filter((l) => l.kind === "bundle");
  if (bundles.length > 0) {
    const items = await db
      .select({ bundleId: bundleItems.bundleId, itemId: bundleItems.itemId, quantity: bundleItems.quantity })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.itemId))
      .where(
        and(
          inArray(
            bundleItems.bundleId,
            bundles.map((b) => b.productId),
          ),
          inArray(products.kind, ["book", "stationary"]),
        ),
      );
    for (const b of bundles) {
      for (const i of items) if (i.bundleId === b.productId) add(i.itemId, i.quantity * b.quantity);
    }
  }
  return needs;
}

/** A change of one product's stock, for the ledger: signed, with the count right after it. */
export type StockMove = { productId: number; change: number; stockAfter: number };

/**
 * Writes stock changes to the ledger (`stock_movements`) in one statement: every change of a
 * product's stock has a row there, so the stock on hand can always be explained.
 */
export async function recordStockMoves(
  db: Tx,
  moves: StockMove[],
  reason: StockReason,
  about: Omit<StockLedger, "reason"> = {},
): Promise<void> {
  if (moves.length === 0) return;
  await db.insert(stockMovements).values(
    moves.map((m) => ({
      productId: m.productId,
      change: m.change,
      stockAfter: m.stockAfter,
      reason,
      note: about.note ?? "",
      actorId: about.actorId ?? null,
      orderId: about.orderId ?? null,
    })),
  );
}

/** What a take of stock writes in the ledger with it (see `stockTakes`). */
export type StockLedger = { reason: StockReason; orderId?: number; actorId?: number | null; note?: string };

/**
 * Takes the stock, each product with one conditional update that also writes its ledger row, in
 * id order (two orders never wait on each other in a circle), the updates sent together. A
 * shortfall names the product and what is left, and the caller's transaction (or savepoint) rolls
 * every take back.
 */
export async function takeStock(
  db: Tx,
  needs: Map<number, number>,
  ledger: StockLedger,
): Promise<StockMove[]> {
  const takes = stockTakes(db, needs, ledger);
  return stockTaken(db, takes, await sendTogether(db, takes.statements));
}

/**
 * `takeStock`'s statements, for a caller that sends them together with others: each product's
 * conditional update and its ledger row (`stock_movements`) in one statement, answering the stock
 * left.
 */
export function stockTakes(db: Tx, needs: Map<number, number>, ledger: StockLedger) {
  const wanted = [...needs].sort((a, b) => a[0] - b[0]);
  return {
    wanted,
    statements: wanted.map(([id, n]) =>
      db.execute(sql`
        with taken as (
          update ${products} set stock = stock - ${n}
          where id = ${id} and stock >= ${n}
          returning id, stock
        )
        insert into ${stockMovements} (product_id, change, stock_after, reason, note, actor_id, order_id)
        select id, ${-n}, stock, ${ledger.reason}::stock_reason, ${ledger.note ?? ""}, ${ledger.actorId ?? null}::integer,
          ${ledger.orderId ?? null}::integer
        from taken
        returning stock_after as stock`),
    ),
  };
}

/** What `stockTakes`' statements answered, as moves; a shortfall is refused (see takeStock). */
export async function stockTaken(
  db: Tx,
  takes: { wanted: [number, number][] },
  /** The driver's result of each statement. */
  answers: readonly unknown[],
): Promise<StockMove[]> {
  const moves: StockMove[] = [];
  for (const [i, [id, n]] of takes.wanted.entries()) {
    const row = (answers[i] as { rows: { stock: number | null }[] } | undefined)?.rows[0];
    if (!row) {
      const [p] = await db
        .select({ title: products.title, stock: products.stock })
        .from(products)
        .where(eq(products.id, id));
      const left = Math.max(0, p?.stock ?? 0);
      throw new DomainError(
        "conflict",
        left === 0
          ? `${p?.title ?? "An item"} is out of stock`
          : `Only ${left} left of ${p?.title ?? "an item"}`,
      );
    }
    moves.push({ productId: id, change: -n, stockAfter: row.stock ?? 0 });
  }
  return moves;
}

/**
 * Refuses to let one account's orders waiting for an online payment hold more than
 * MAX_UNPAID_ORDERS orders or MAX_UNPAID_UNITS printed items at once, counting the order about to
 * hold `needs` (placed, or paid again; `exceptOrderId` is that order when it already exists).
 * Callers hold the buyer's cart row lock, so one buyer's checkouts and retries count in turn.
 */
export async function requireRoomToHold(
  db: Tx,
  userId: number,
  needs: Map<number, number>,
  exceptOrderId?: number,
): Promise<void> {
  const waiting = await db
    .select({ reservedStock: orders.reservedStock })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "pending_payment"),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
  if (waiting.length >= MAX_UNPAID_ORDERS) {
    throw new DomainError(
      "conflict",
      `You already have ${waiting.length} orders waiting for payment. Pay for one of them or cancel one in My orders before placing another.`,
    );
  }
  const sum = (units: Iterable<number>) => [...units].reduce((n, u) => n + u, 0);
  const held = sum(waiting.map((o) => sum(Object.values(o.reservedStock))));
  const wanted = sum(needs.values());
  if (held + wanted <= MAX_UNPAID_UNITS) return;
  throw new DomainError(
    "conflict",
    held === 0
      ? `An order paid online can hold at most ${MAX_UNPAID_UNITS} printed items while it waits for payment; order fewer, or choose cash on delivery.`
      : `Your orders waiting for payment already hold ${held} printed items, and at most ${MAX_UNPAID_UNITS} can wait at once. Pay for one of them or cancel one in My orders, or order fewer.`,
  );
}

/** What an order took from stock, as `takeStock` wants it. */
export function reservedNeeds(o: Pick<OrderRow, "reservedStock">): Map<number, number> {
  return new Map(Object.entries(o.reservedStock).map(([k, n]) => [Number(k), n]));
}

export async function giveStockBack(db: Tx, reserved: Record<string, number>): Promise<StockMove[]> {
  const moves: StockMove[] = [];
  for (const [id, n] of Object.entries(reserved).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const [back] = await db
      .update(products)
      .set({ stock: sql`${products.stock} + ${n}` })
      .where(eq(products.id, Number(id)))
      .returning({ stock: products.stock });
    if (back) moves.push({ productId: Number(id), change: n, stockAfter: back.stock ?? 0 });
  }
  return moves;
}

/**
 * Opens the ledger of every product that has stock but no ledger row yet (products written
 * straight to the database: the demo seed, bulk loads) with one "Opening stock" row.
 */
export async function recordOpeningStock(db: Tx): Promise<void> {
  await db.execute(sql`
    insert into ${stockMovements} (product_id, change, stock_after, reason, note)
    select p.id, p.stock, p.stock, 'correction', ${OPENING_STOCK_NOTE} from ${products} p
    where p.stock is not null
      and not exists (select 1 from ${stockMovements} m where m.product_id = p.id)`);
}
