/**
 * The parcels of an order (decision 73). A physical order has one from the moment it is placed;
 * an order whose buyer chose to have its available books now and its pre-ordered ones later has
 * two, the second waiting until its books arrive. Each parcel is booked, followed and texted
 * about on its own (services/orders/fulfilment.ts); the order is delivered when all of them are.
 * Parcel 1's courier and consignment are also kept on the order's row, written in the same
 * transaction, so the lists, search and the couriers' cash read one parcel per order as before.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { ShipmentView } from "../../../contracts/answers/shipments";
import { courierLabel } from "../../../contracts/fulfilment";
import type { OrderStatus } from "../../../contracts/order-status";
import { describeShipmentState, type ShipmentState } from "../../../contracts/shipments";
import { describeShipmentStatus, isShipmentStatus } from "../../../contracts/shipping";
import type { Db } from "../../db/client";
import { orderLines, type orders, shipments } from "../../db/schema";
import type { Courier } from "../../integrations/couriers/provider";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

export type ShipmentRow = typeof shipments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The kinds of line that travel in a parcel (a bundle holds printed books). */
const SHIPPED_KINDS = ["book", "stationary", "bundle"] as const;

export function isShippedKind(kind: string): boolean {
  return (SHIPPED_KINDS as readonly string[]).includes(kind);
}

type PlanLine = { id: number; productId: number; kind: string; quantity: number };

/**
 * Makes an order's parcels from its lines, in the order's transaction (checkout calls it; so can
 * anything that fills an order later). The printed lines go in one parcel, ready to be booked;
 * lines whose product is in `later` (pre-ordered books not yet out) make the order wait: with
 * `split` they go in a second parcel that waits for them while the first is booked; without it,
 * the one parcel waits for all. Nothing for an order of e-books and courses alone. Run twice for
 * one order, it adds nothing (the parcels' numbers are unique per order).
 */
export async function planShipments(
  tx: Db,
  order: Pick<OrderRow, "id" | "physical">,
  lines: readonly PlanLine[],
  opts: { later?: Iterable<number>; split?: boolean; now?: Date } = {},
): Promise<ShipmentRow[]> {
  const printed = lines.filter((l) => isShippedKind(l.kind));
  if (!order.physical || printed.length === 0) return [];
  const later = new Set(opts.later ?? []);
  const waits = printed.filter((l) => later.has(l.productId));
  const now = printed.filter((l) => !later.has(l.productId));
  const asLines = (ls: PlanLine[]) => Object.fromEntries(ls.map((l) => [String(l.id), l.quantity]));
  const planned: { lines: Record<string, number>; state: ShipmentState }[] =
    waits.length === 0
      ? [{ lines: asLines(now), state: "ready" }]
      : now.length === 0 || !opts.split
        ? [{ lines: asLines(printed), state: "waiting" }]
        : [
            { lines: asLines(now), state: "ready" },
            { lines: asLines(waits), state: "waiting" },
          ];
  const at = opts.now ?? new Date();
  return tx
    .insert(shipments)
    .values(
      planned.map((p, i) => ({
        orderId: order.id,
        seq: i + 1,
        lines: p.lines,
        state: p.state,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * The order's waiting parcels become ready to be booked: their pre-ordered books have arrived and
 * are set aside for the order. Returns how many.
 */
export async function markShipmentsReady(tx: Db, orderId: number, now: Date): Promise<number> {
  const done = await tx
    .update(shipments)
    .set({ state: "ready", updatedAt: now })
    .where(and(eq(shipments.orderId, orderId), eq(shipments.state, "waiting")))
    .returning({ id: shipments.id });
  return done.length;
}

/** An order's parcels in their order. */
export function listShipments(db: Db, orderId: number, lock = false): Promise<ShipmentRow[]> {
  const query = db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.seq));
  return lock ? query.for("update") : query;
}

/**
 * The order's parcels, made now (as one parcel of its printed lines) for a physical order that has
 * none: every order placed since parcels exist has them, and the migration gave every older one
 * its first; this keeps any order made another way bookable.
 */
export async function ensureShipments(tx: Db, o: OrderRow, now: Date): Promise<ShipmentRow[]> {
  const found = await listShipments(tx, o.id, true);
  if (found.length > 0 || !o.physical) return found;
  const lines = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      kind: orderLines.kind,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id));
  await planShipments(tx, o, lines, { now });
  return listShipments(tx, o.id, true);
}

/**
 * The parcel staff act on: the one numbered `seq`; without a number, the first one still to be
 * sent (ready, else waiting), else the first.
 */
export function pickShipment(o: Pick<OrderRow, "number">, rows: ShipmentRow[], seq?: number): ShipmentRow {
  if (seq !== undefined) {
    const found = rows.find((s) => s.seq === seq);
    if (!found) {
      const message = `Order ${o.number} has no parcel ${seq}`;
      throw new DomainError("invalid", message, { shipment: message });
    }
    return found;
  }
  const first =
    rows.find((s) => s.state === "ready" && s.consignment === null) ??
    rows.find((s) => s.state === "waiting") ??
    rows[0];
  if (!first) throw new DomainError("conflict", `Order ${o.number} has no parcel to send`);
  return first;
}

/**
 * What an order's move does to its parcels, in the move's transaction: a delivered order's parcels
 * on their way are delivered; a cancelled, refunded or returned order's parcels not yet sent are
 * cancelled, and a returned order's parcels on their way are returned.
 */
export async function settleShipmentsInTx(tx: Db, orderId: number, status: OrderStatus, now: Date) {
  if (status === "delivered") {
    await tx
      .update(shipments)
      .set({ state: "delivered", deliveredAt: now, updatedAt: now })
      .where(and(eq(shipments.orderId, orderId), eq(shipments.state, "shipped")));
  } else if (status === "cancelled" || status === "refunded" || status === "returned") {
    await tx
      .update(shipments)
      .set({ state: "cancelled", updatedAt: now })
      .where(and(eq(shipments.orderId, orderId), inArray(shipments.state, ["waiting", "ready"])));
    if (status === "returned") {
      await tx
        .update(shipments)
        .set({ state: "returned", updatedAt: now })
        .where(and(eq(shipments.orderId, orderId), eq(shipments.state, "shipped")));
    }
  }
}

/** Whether every parcel of the order other than `except` is delivered (or was never sent). */
export async function othersDelivered(tx: Db, orderId: number, except: number): Promise<boolean> {
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, orderId),
        ne(shipments.id, except),
        inArray(shipments.state, ["waiting", "ready", "shipped"]),
      ),
    );
  return (open?.n ?? 0) === 0;
}

/**
 * What a parcel of a cash-on-delivery order collects: the lines it carries after their share of
 * the discount; the first parcel carries the delivery charge and whatever the others do not.
 * Nothing for an order paid online.
 */
export function parcelCod(
  o: Pick<OrderRow, "paymentMethod" | "total">,
  s: Pick<ShipmentRow, "seq">,
  all: Pick<ShipmentRow, "seq" | "lines" | "state">[],
  lines: { id: number; lineTotal: number; discount: number; quantity: number }[],
): number {
  if (o.paymentMethod !== "cod") return 0;
  const worth = (p: Pick<ShipmentRow, "lines">) =>
    Object.entries(p.lines).reduce((sum, [id, qty]) => {
      const l = lines.find((x) => x.id === Number(id));
      return l ? sum + Math.round(((l.lineTotal - l.discount) * qty) / l.quantity) : sum;
    }, 0);
  if (s.seq !== 1) return Math.min(worth(all.find((p) => p.seq === s.seq) ?? { lines: {} }), o.total);
  const others = all
    .filter((p) => p.seq !== 1 && p.state !== "cancelled")
    .reduce((sum, p) => sum + worth(p), 0);
  return Math.max(o.total - others, 0);
}

/** The parcels of one order as the pages show them. */
export function toShipmentViews(
  ctx: Pick<Ctx, "couriers">,
  rows: ShipmentRow[],
  lines: { id: number; productId: number; title: string }[],
): ShipmentView[] {
  return rows.map((s) => {
    const parcel = s.parcel === null ? null : isShipmentStatus(s.parcel) ? s.parcel : "unknown";
    const connected: Courier | null = s.consignment === null ? null : ctx.couriers.get(s.courier);
    return {
      seq: s.seq,
      of: rows.length,
      state: s.state,
      stateText: describeShipmentState(s.state),
      courier: s.courier,
      courierLabel: courierLabel(s.courier),
      byHand: s.courier === "hand",
      consignment: s.consignment,
      trackingPath: s.consignment ? `/tracking/${encodeURIComponent(s.consignment)}` : null,
      parcel,
      parcelText: parcel ? describeShipmentStatus(parcel) : null,
      followsCourier: connected !== null,
      lines: Object.entries(s.lines).flatMap(([id, quantity]) => {
        const l = lines.find((x) => x.id === Number(id));
        return l ? [{ lineId: l.id, productId: l.productId, title: l.title, quantity }] : [];
      }),
      shippedAt: s.shippedAt?.toISOString() ?? null,
      deliveredAt: s.deliveredAt?.toISOString() ?? null,
      checkedAt: s.checkedAt?.toISOString() ?? null,
    };
  });
}

/** The parcels of several orders, with the lines they name, for the pages (one read each). */
export async function shipmentViewsOf(
  ctx: Pick<Ctx, "couriers">,
  db: Db,
  orderIds: number[],
): Promise<Map<number, ShipmentView[]>> {
  const out = new Map<number, ShipmentView[]>();
  if (orderIds.length === 0) return out;
  const [rows, lines] = await Promise.all([
    db
      .select()
      .from(shipments)
      .where(inArray(shipments.orderId, orderIds))
      .orderBy(asc(shipments.orderId), asc(shipments.seq)),
    db
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        title: orderLines.title,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds)),
  ]);
  for (const id of orderIds) {
    out.set(
      id,
      toShipmentViews(
        ctx,
        rows.filter((s) => s.orderId === id),
        lines.filter((l) => l.orderId === id),
      ),
    );
  }
  return out;
}
