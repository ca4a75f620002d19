/**
 * Staff order handling after payment: status changes along the allowed paths, the parcel's
 * consignment (typed by staff, or booked with one of the connected couriers) and the courier's news.
 *
 * Every change is one short transaction that writes the order, its history (order_events, the
 * tracking timeline), the customer's messages (the outbox) and, for staff changes, the audit log.
 * The courier is asked before or after that transaction, never inside it; the messages go out
 * once it has committed.
 */
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { courierSyncSchema } from "../../../contracts/answers/staff-orders";
import { COD_RISK_HELD } from "../../../contracts/cod-risk";
import { COURIER_PRICE_WAIT_MS, type CourierPrices } from "../../../contracts/couriers";
import {
  BY_HAND_COURIER,
  bookCourierSchema,
  CONSIGNABLE_STATUSES,
  consignmentSchema,
  courierLabel,
  courierRefreshSchema,
  isDemoCourier,
  type OrderFulfilment,
  orderStatusChangeSchema,
  SHIPPED_NEEDS_CONSIGNMENT,
  SHIPPING_STATUSES,
  STAFF_TRANSITIONS,
  shipmentSplitSchema,
  transitionRefusal,
} from "../../../contracts/fulfilment";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus, type OrderStatus } from "../../../contracts/order-status";
import { describeReturnReason, parcelReturnSchema } from "../../../contracts/returns";
import { CONSIGNABLE_SHIPMENT_STATES, parcelInvoice, parcelLabel } from "../../../contracts/shipments";
import { shipmentEvent } from "../../../contracts/tracking";
import type { PublicUser } from "../../../contracts/user";
import type { z } from "../../../contracts/zod";
import { type Db, inTransaction } from "../../db/client";
import { orderLines, orders, shipments } from "../../db/schema";
import {
  type ConsignmentRequest,
  type Courier,
  CourierError,
  type ShipmentStatus,
} from "../../integrations/couriers/provider";
import { requirePermission } from "../access";
import { isUniqueViolation } from "../accounts/users";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { recordAudit } from "../platform/audit";
import { bookableCourier, districtCourier } from "./courier-districts";
import { afterMove, moveInTx, ORDER_NOT_FOUND, queueOrderNotice, recordEvent } from "./lifecycle";
import {
  ensureShipments,
  listShipments,
  othersDelivered,
  parcelCod,
  pickShipment,
  type ShipmentRow,
  shipmentViewsOf,
} from "./shipments";

type OrderRow = typeof orders.$inferSelect;

/** Why PATCH …/status does not take `returned`: a return is recorded with its reason and charge. */
const RETURN_NEEDS_REASON =
  "A parcel that came back is recorded with why and the courier's return charge: POST /api/admin/orders/{id}/return";

/** Statuses in which a parcel may still be on its way: the courier's news can move them on. */
const OPEN_STATUSES: readonly OrderStatus[] = ["confirmed", "processing", "shipped"];

/** Steadfast's limit on a recipient address. */
const COURIER_ADDRESS_MAX = 250;

function requireOrdersStaff(ctx: Ctx): PublicUser {
  return requirePermission(ctx, "orders", "Only staff with the orders permission can handle orders");
}

async function findOrderRow(db: Db, id: number, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [o] = lock ? await query.for("update") : await query.limit(1);
  if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return o;
}

/** The staff calls' answer: the order, its parcels, and the parcel the call acted on (`parcel`). */
export async function toFulfilment(
  ctx: Ctx,
  o: OrderRow,
  parcel: number | null = null,
): Promise<OrderFulfilment> {
  const views = await shipmentViewsOf(ctx, ctx.db, [o.id]);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    paymentMethod: o.paymentMethod,
    total: o.total,
    courier: o.courier,
    consignment: o.consignment,
    trackingPath: o.consignment ? `/tracking/${encodeURIComponent(o.consignment)}` : null,
    next: [...STAFF_TRANSITIONS[o.status]],
    updatedAt: o.updatedAt.toISOString(),
    shipments: views.get(o.id) ?? [],
    parcel,
  };
}

/**
 * The connected courier the order's parcel was booked with, whose system can be asked about it;
 * null for a number staff typed, a parcel delivered by hand, or a courier no longer connected.
 */
export function courierOfOrder(
  ctx: Pick<Ctx, "couriers">,
  o: Pick<OrderRow, "courier" | "consignment">,
): Courier | null {
  return o.consignment === null ? null : ctx.couriers.get(o.courier);
}

/** Whether the order's parcel is with a connected courier, whose system can be asked about it. */
export function followsCourier(ctx: Pick<Ctx, "couriers">, o: Pick<OrderRow, "courier" | "consignment">) {
  return courierOfOrder(ctx, o) !== null;
}

export { courierLabel };

/**
 * A cash-on-delivery order whose phone was risky when placed, under a rule that holds such orders
 * for a phone call: not packed until staff record that the buyer confirmed (decision 68).
 */
export function heldForCall(o: Pick<OrderRow, "codRiskLevel" | "codRisk" | "codCheck" | "status">): boolean {
  return (
    o.status === "confirmed" &&
    o.codRiskLevel === "risky" &&
    o.codRisk?.action === "call" &&
    o.codCheck !== "confirmed"
  );
}

/**
 * Staff with the orders permission move an order along STAFF_TRANSITIONS; anything else is a 409
 * that says what the order can become. Written with its history line and an audit entry. The shop's
 * stationery orders are marked delivered with the `stationery` permission instead (`area`).
 *
 * Shipped needs the parcel's consignment number (`consignment`, saved as by `assignConsignment`,
 * which sends the buyer the tracking link) or `byHand: true` (staff hand the parcel over: courier
 * "hand", no number, no link); else 400. An order that already has its number ships as it is.
 */
export async function setOrderStatus(
  ctx: Ctx,
  orderId: number,
  input: unknown,
  area: "orders" | "stationery" = "orders",
): Promise<OrderFulfilment> {
  const me =
    area === "orders"
      ? requireOrdersStaff(ctx)
      : requirePermission(ctx, area, "Only staff with the stationery permission can handle shop orders");
  const v = orderStatusChangeSchema.parse(input);
  const now = ctx.now();
  let moved: OrderRow;
  let parcel: number | null = null;
  try {
    moved = await inTransaction(ctx.db, async (tx) => {
      const o = await findOrderRow(tx, orderId, true);
      const refusal = transitionRefusal(o.number, o.status, v.status);
      if (refusal) throw new DomainError("conflict", refusal);
      if (v.status === "returned") {
        throw new DomainError("invalid", RETURN_NEEDS_REASON, { status: RETURN_NEEDS_REASON });
      }
      if (v.status === "processing" && heldForCall(o)) {
        throw new DomainError("conflict", `Order ${o.number} ${COD_RISK_HELD}`);
      }
      if (!o.physical && SHIPPING_STATUSES.includes(v.status)) {
        throw new DomainError(
          "conflict",
          fillMessage(M.orderNothingToShipDigital, { orderNumber: o.number }),
        );
      }
      const parcels = o.physical ? await ensureShipments(tx, o, now) : [];
      if (v.status === "shipped" && v.consignment !== undefined) {
        const s = pickShipment(o, parcels);
        const saved = await saveConsignmentInTx(ctx, tx, o, s, parcels, {
          consignment: v.consignment,
          courier: v.courier,
          actorId: me.id,
          now,
          checkedAt: null,
          note: v.note ?? null,
        });
        parcel = s.seq;
        return saved.row;
      }
      const byHand = v.status === "shipped" && v.byHand === true;
      if (v.status === "shipped" && !byHand && !o.consignment) {
        throw new DomainError("invalid", SHIPPED_NEEDS_CONSIGNMENT, {
          consignment: SHIPPED_NEEDS_CONSIGNMENT,
        });
      }
      // An order is delivered when all its parcels are: one not yet sent is not delivered.
      const unsent = parcels.find((s) => s.state === "waiting" || s.state === "ready");
      if (v.status === "delivered" && unsent && parcels.length > 1) {
        throw new DomainError(
          "conflict",
          `Order ${o.number} is not all delivered: parcel ${unsent.seq} of ${parcels.length} has not been sent yet`,
        );
      }
      if (byHand) {
        // Every parcel not yet sent is handed over: the order leaves the shop as one.
        const handed = parcels.filter((s) => s.state === "ready" || s.state === "waiting");
        for (const s of handed) {
          await tx
            .update(shipments)
            .set({
              courier: BY_HAND_COURIER,
              consignment: null,
              checkedAt: null,
              state: "shipped",
              shippedAt: now,
              updatedAt: now,
            })
            .where(eq(shipments.id, s.id));
        }
        // The order's row keeps parcel 1's courier: it changes when parcel 1 is handed over.
        if (parcels.length === 0 || handed.some((s) => s.seq === 1)) {
          await tx
            .update(orders)
            .set({ courier: BY_HAND_COURIER, consignment: null })
            .where(eq(orders.id, o.id));
        }
      }
      const note = byHand
        ? v.note
          ? `Delivered by hand: ${v.note}`
          : "Delivered by hand"
        : (v.note ?? null);
      const row = await moveInTx(ctx, tx, o, v.status, note, me.id, now);
      await recordAudit(ctx, tx, {
        action: "order.status",
        entity: "order",
        entityId: o.id,
        before: { status: o.status },
        after: { status: row.status, note: v.note ?? null, ...(byHand ? { byHand: true } : {}) },
      });
      return row;
    });
  } catch (e) {
    if (v.consignment !== undefined && isUniqueViolation(e)) throw consignmentTaken(v.consignment);
    throw e;
  }
  afterMove(ctx, moved.status);
  return toFulfilment(ctx, moved, parcel);
}

function assertConsignable(o: OrderRow) {
  if (heldForCall(o)) throw new DomainError("conflict", `Order ${o.number} ${COD_RISK_HELD}`);
  if (!o.physical)
    throw new DomainError("conflict", fillMessage(M.orderNothingToShip, { orderNumber: o.number }));
  if (!CONSIGNABLE_STATUSES.includes(o.status)) {
    throw new DomainError(
      "conflict",
      `Order ${o.number} is ${describeOrderStatus(o.status).toLowerCase()}: only a confirmed, packed or shipped order gets a consignment`,
    );
  }
}

function consignmentTaken(cn: string, number?: string) {
  return new DomainError(
    "conflict",
    number
      ? `Consignment ${cn} is already on order ${number}`
      : `Consignment ${cn} is already on another order`,
  );
}

/** "Parcel 2 of 2: " before a history line of an order sent in several parcels; nothing otherwise. */
function parcelPrefix(s: Pick<ShipmentRow, "seq">, all: readonly unknown[]): string {
  const label = parcelLabel(s.seq, all.length);
  return label ? `${label}: ` : "";
}

/** A parcel that may take a consignment: one whose books are all here, not yet delivered. */
function assertParcelConsignable(o: OrderRow, s: ShipmentRow, all: readonly ShipmentRow[]) {
  if (CONSIGNABLE_SHIPMENT_STATES.includes(s.state)) return;
  const label = parcelLabel(s.seq, all.length) ?? "The parcel";
  throw new DomainError(
    "conflict",
    s.state === "waiting"
      ? `${label} of order ${o.number} waits for its pre-ordered books: it is booked once they arrive`
      : `${label} of order ${o.number} is ${s.state}: it takes no consignment`,
  );
}

/**
 * Gives a parcel of a locked order its consignment: a confirmed or packed order is shipped with
 * it; a shipped one only numbers the parcel (a second parcel leaving, or a corrected number).
 * Unique across parcels. Each new number sends the buyer its tracking link, once per number (the
 * outbox key holds the number): the same number saved again, by a retry or a double tap, sends
 * nothing more. Parcel 1's courier and number are written on the order's row as well.
 */
async function saveConsignmentInTx(
  ctx: Ctx,
  tx: Db,
  o: OrderRow,
  s: ShipmentRow,
  all: readonly ShipmentRow[],
  c: {
    consignment: string;
    courier: string;
    actorId: number;
    now: Date;
    checkedAt: Date | null;
    /** Staff's words for the history line. */
    note?: string | null;
  },
): Promise<{ row: OrderRow; shipped: boolean }> {
  assertConsignable(o);
  assertParcelConsignable(o, s, all);
  if (s.consignment === c.consignment && s.courier === c.courier) return { row: o, shipped: false };
  const [holder] = await tx
    .select({ number: orders.number })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.consignment, c.consignment), ne(shipments.id, s.id)))
    .limit(1);
  if (holder) throw consignmentTaken(c.consignment, holder.number);
  const ship = o.status === "confirmed" || o.status === "processing";
  await tx
    .update(shipments)
    .set({
      consignment: c.consignment,
      courier: c.courier,
      checkedAt: c.checkedAt,
      state: "shipped",
      shippedAt: s.shippedAt ?? c.now,
      // A new number is a new parcel at the courier: its old news no longer holds.
      parcel: s.consignment === c.consignment ? s.parcel : null,
      updatedAt: c.now,
    })
    .where(eq(shipments.id, s.id));
  const [row] = await tx
    .update(orders)
    .set({
      ...(s.seq === 1 ? { consignment: c.consignment, courier: c.courier } : {}),
      updatedAt: c.now,
      ...(ship ? { status: "shipped" as const } : {}),
    })
    .where(eq(orders.id, o.id))
    .returning();
  const by = courierLabel(c.courier);
  const label = `${parcelPrefix(s, all)}Consignment ${c.consignment}${by ? ` (${by})` : ""}${c.note ? `: ${c.note}` : ""}`;
  if (ship) await recordEvent(tx, o.id, "shipped", label, c.actorId, c.now);
  else {
    const was = s.consignment ?? (s.courier === BY_HAND_COURIER ? "delivered by hand" : "none");
    await recordEvent(tx, o.id, "consignment", `${label}, was ${was}`, c.actorId, c.now);
  }
  if (s.consignment !== c.consignment) {
    const parcel = all.length > 1 ? { seq: s.seq, of: all.length } : undefined;
    await queueOrderNotice(ctx, tx, { type: "consignment", consignment: c.consignment, parcel }, row!, c.now);
  }
  const which = all.length > 1 ? { parcel: s.seq } : {};
  await recordAudit(ctx, tx, {
    action: "order.consignment",
    entity: "order",
    entityId: o.id,
    before: { status: o.status, ...which, courier: s.courier, consignment: s.consignment },
    after: { status: row!.status, ...which, courier: c.courier, consignment: c.consignment },
  });
  return { row: row!, shipped: ship };
}

/**
 * Staff type the consignment number of a parcel they booked themselves (manual courier, or any
 * courier's own site): the parcel `shipment` names, else the first still to be sent. A confirmed
 * or packed order becomes shipped and its buyer gets the link.
 */
export async function assignConsignment(ctx: Ctx, orderId: number, input: unknown): Promise<OrderFulfilment> {
  const me = requireOrdersStaff(ctx);
  const v = consignmentSchema.parse(input);
  const now = ctx.now();
  let saved: { row: OrderRow; shipped: boolean; seq: number };
  try {
    saved = await inTransaction(ctx.db, async (tx) => {
      const o = await findOrderRow(tx, orderId, true);
      assertConsignable(o);
      const all = await ensureShipments(tx, o, now);
      const s = pickShipment(o, all, v.shipment);
      const done = await saveConsignmentInTx(ctx, tx, o, s, all, {
        consignment: v.consignment,
        courier: v.courier,
        actorId: me.id,
        now,
        checkedAt: null,
      });
      return { ...done, seq: s.seq };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw consignmentTaken(v.consignment);
    throw e;
  }
  // A new number on a shipped order has its tracking SMS to send too.
  afterMove(ctx, saved.row.status);
  return toFulfilment(ctx, saved.row, saved.seq);
}

/**
 * Staff send some items of a parcel not yet sent apart, as a new parcel of the order, ready to be
 * booked on its own (a late book, a parcel too heavy for one rider). The parcel they leave keeps
 * at least one item. The order's row is locked and the count of parcels the page showed must
 * still hold: a double tap, or a colleague's split meanwhile, is refused with 409, so an order is
 * split once per tap.
 */
export async function splitShipment(ctx: Ctx, orderId: number, input: unknown): Promise<OrderFulfilment> {
  const me = requireOrdersStaff(ctx);
  const v = shipmentSplitSchema.parse(input);
  const now = ctx.now();
  const made = await inTransaction(ctx.db, async (tx) => {
    const o = await findOrderRow(tx, orderId, true);
    assertConsignable(o);
    const all = await ensureShipments(tx, o, now);
    if (all.length !== v.parcels) {
      throw new DomainError(
        "conflict",
        `Order ${o.number} has ${all.length} parcels now, not ${v.parcels}: look at the order again`,
      );
    }
    const from = pickShipment(o, all, v.from);
    if (from.state !== "ready" && from.state !== "waiting") {
      throw new DomainError(
        "conflict",
        `Parcel ${from.seq} of order ${o.number} has left the shop: only a parcel not yet sent is split`,
      );
    }
    const rest: Record<string, number> = { ...from.lines };
    const moved: Record<string, number> = {};
    for (const l of v.lines) {
      const key = String(l.lineId);
      const has = rest[key] ?? 0;
      if (l.quantity > has) {
        const message = `Parcel ${from.seq} holds ${has} of line ${l.lineId}, not ${l.quantity}`;
        throw new DomainError("invalid", message, { lines: message });
      }
      rest[key] = has - l.quantity;
      moved[key] = (moved[key] ?? 0) + l.quantity;
      if (rest[key] === 0) delete rest[key];
    }
    if (Object.keys(rest).length === 0) {
      const message = `Leave at least one item in parcel ${from.seq}`;
      throw new DomainError("invalid", message, { lines: message });
    }
    const seq = Math.max(...all.map((p) => p.seq)) + 1;
    await tx.update(shipments).set({ lines: rest, updatedAt: now }).where(eq(shipments.id, from.id));
    await tx
      .insert(shipments)
      .values({ orderId: o.id, seq, lines: moved, state: from.state, createdAt: now, updatedAt: now });
    const titles = await tx
      .select({ id: orderLines.id, title: orderLines.title })
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id));
    const what = Object.entries(moved)
      .map(([id, q]) => `${titles.find((t) => t.id === Number(id))?.title ?? `line ${id}`} × ${q}`)
      .join(", ");
    await recordEvent(
      tx,
      o.id,
      "parcel_split",
      `Parcel ${seq} of ${seq} made from parcel ${from.seq}: ${what}`,
      me.id,
      now,
    );
    await recordAudit(ctx, tx, {
      action: "order.parcel_split",
      entity: "order",
      entityId: o.id,
      before: { parcel: from.seq, lines: from.lines },
      after: { parcel: from.seq, lines: rest, newParcel: seq, newLines: moved },
    });
    return { row: o, seq };
  });
  return toFulfilment(ctx, made.row, made.seq);
}

/** A courier failure as the staff member should read it. */
function courierProblem(ctx: Ctx, err: unknown, what: string): DomainError {
  if (!(err instanceof CourierError)) throw err;
  ctx.log.warn({ err, courier: err.courier, code: err.code }, `courier: ${what} failed`);
  switch (err.code) {
    case "invalid_request":
    case "rejected":
      return new DomainError("conflict", err.message);
    case "not_found":
      return new DomainError("conflict", fillMessage(M.courierUnknownConsignment, { reason: err.message }));
    default:
      return new DomainError(
        "unavailable",
        `The courier did not answer (${err.message}); nothing was saved, please try again`,
      );
  }
}

/** The recipient address as one line a courier takes: the street shortened first, never the district. */
function courierAddress(o: OrderRow): string {
  const tail = `, ${o.area}, ${o.district}`;
  const full = `${o.address}${tail}`;
  return full.length <= COURIER_ADDRESS_MAX
    ? full
    : `${o.address.slice(0, COURIER_ADDRESS_MAX - tail.length)}${tail}`;
}

/** A booking claim older than this is a crashed attempt's, and lapses (a courier call takes seconds). */
export const BOOKING_CLAIM_MS = 3 * 60_000;

/** The order's lines as a parcel's cash and worth are counted from them. */
type MoneyLine = { id: number; lineTotal: number; discount: number; quantity: number };

function readMoneyLines(db: Db, orderId: number): Promise<MoneyLine[]> {
  return db
    .select({
      id: orderLines.id,
      lineTotal: orderLines.lineTotal,
      discount: orderLines.discount,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}

/**
 * What a courier is asked to book, or to price, for a parcel of the order: the whole order's when
 * it is sent as one; a parcel of several carries its own lines' worth and cash to collect, under
 * its own invoice number (`N-2`).
 */
function parcelOf(
  o: OrderRow,
  s?: Pick<ShipmentRow, "seq">,
  all: Pick<ShipmentRow, "seq" | "lines" | "state">[] = [],
  lines: MoneyLine[] = [],
): ConsignmentRequest {
  const several = s !== undefined && all.length > 1;
  const worth = several ? parcelCod({ paymentMethod: "cod", total: o.total }, s, all, lines) : o.total;
  return {
    invoice: parcelInvoice(o.number, s?.seq ?? 1),
    recipientName: o.name,
    recipientPhone: o.phone,
    recipientAddress: courierAddress(o),
    codAmount: o.paymentMethod === "cod" ? worth : 0,
    note: o.note,
    district: o.district,
    area: o.area,
    value: worth,
  };
}

/** The courier staff chose (connected, else 400), or the district's default, else the shop's. */
async function courierToBook(ctx: Ctx, o: OrderRow, chosen: string | undefined): Promise<Courier> {
  if (chosen) return bookableCourier(ctx, chosen);
  if (ctx.couriers.bookable.length === 0) {
    throw new DomainError(
      "conflict",
      "No courier system is connected: book the parcel with the courier, then type its consignment number",
    );
  }
  const found = await districtCourier(ctx, ctx.db, o.district);
  if (!found) {
    throw new DomainError(
      "conflict",
      `Choose a courier for order ${o.number}: ${o.district} has no default courier, and neither has the shop`,
    );
  }
  return found;
}

function hasConsignment(
  o: Pick<OrderRow, "number">,
  s: Pick<ShipmentRow, "seq" | "consignment">,
  of: number,
) {
  const label = parcelLabel(s.seq, of);
  const message = fillMessage(M.orderHasConsignment, {
    orderNumber: o.number,
    consignment: s.consignment ?? "",
  });
  return new DomainError("conflict", label ? `${label}: ${message}` : message);
}

/**
 * Claims the parcel for one booking before the courier is asked: a second booking of it meanwhile
 * (a double tap, another tab, a bulk booking) is refused instead of booking twice.
 */
async function claimBooking(ctx: Ctx, o: OrderRow, s: ShipmentRow, of: number, now: Date): Promise<void> {
  const claimed = await ctx.db
    .update(shipments)
    .set({ bookingAt: now })
    .where(
      and(
        eq(shipments.id, s.id),
        isNull(shipments.consignment),
        or(isNull(shipments.bookingAt), lt(shipments.bookingAt, new Date(now.getTime() - BOOKING_CLAIM_MS))),
      ),
    )
    .returning({ id: shipments.id });
  if (claimed.length > 0) return;
  const [current] = await ctx.db.select().from(shipments).where(eq(shipments.id, s.id));
  if (current?.consignment) throw hasConsignment(o, current, of);
  const label = parcelLabel(s.seq, of);
  throw new DomainError(
    "conflict",
    `${label ? `${label} of order` : "Order"} ${o.number} is being booked with a courier right now: look at the order again in a moment`,
  );
}

async function releaseBooking(ctx: Ctx, shipmentId: number, claimedAt: Date): Promise<void> {
  await ctx.db
    .update(shipments)
    .set({ bookingAt: null })
    .where(and(eq(shipments.id, shipmentId), eq(shipments.bookingAt, claimedAt)));
}

/**
 * Books a parcel of the order (`{ shipment }`, else the first still to be sent) with the courier
 * staff chose (`{ courier }`, one that is connected), else with its district's default courier,
 * else the shop's (cash to collect: what the parcel carries of a cash-on-delivery order, nothing
 * when paid online), then saves its tracking code as the parcel's consignment in a short
 * transaction of its own. The parcel is claimed before the courier is asked, so a second booking
 * of it at the same time is refused and it is booked once.
 */
export async function bookWithCourier(
  ctx: Ctx,
  orderId: number,
  input: unknown = {},
): Promise<OrderFulfilment> {
  const me = requireOrdersStaff(ctx);
  const v = bookCourierSchema.parse(input);
  const o = await findOrderRow(ctx.db, orderId);
  assertConsignable(o);
  const all = await inTransaction(ctx.db, (tx) => ensureShipments(tx, o, ctx.now()));
  const s = pickShipment(o, all, v.shipment);
  assertParcelConsignable(o, s, all);
  if (s.consignment) throw hasConsignment(o, s, all.length);
  const courier = await courierToBook(ctx, o, v.courier);
  const lines = all.length > 1 ? await readMoneyLines(ctx.db, o.id) : [];
  const claimedAt = ctx.now();
  await claimBooking(ctx, o, s, all.length, claimedAt);
  let booked: Awaited<ReturnType<Courier["createConsignment"]>>;
  try {
    booked = await courier.createConsignment(parcelOf(o, s, all, lines));
  } catch (err) {
    await releaseBooking(ctx, s.id, claimedAt);
    if (err instanceof CourierError) throw courierProblem(ctx, err, "booking");
    throw err;
  }
  if (!booked) {
    await releaseBooking(ctx, s.id, claimedAt);
    throw new DomainError("conflict", "The courier booked nothing; type the consignment number instead");
  }
  const now = ctx.now();
  const cn = booked.trackingCode.toUpperCase();
  const by = courierLabel(courier.name);
  let saved: { row: OrderRow; shipped: boolean };
  try {
    saved = await inTransaction(ctx.db, async (tx) => {
      const current = await findOrderRow(tx, orderId, true);
      const parcels = await listShipments(tx, o.id, true);
      const parcel = parcels.find((p) => p.id === s.id)!;
      if (parcel.consignment) {
        throw new DomainError(
          "conflict",
          `${parcelPrefix(parcel, parcels)}Order ${o.number} got consignment ${parcel.consignment} meanwhile`,
        );
      }
      await tx.update(shipments).set({ bookingAt: null }).where(eq(shipments.id, s.id));
      await recordEvent(
        tx,
        o.id,
        shipmentEvent(booked.status),
        `${parcelPrefix(parcel, parcels)}${by}: ${booked.status}, consignment id ${booked.consignmentId}`,
        me.id,
        now,
        s.id,
      );
      return saveConsignmentInTx(ctx, tx, current, { ...parcel, bookingAt: null }, parcels, {
        consignment: cn,
        courier: courier.name,
        actorId: me.id,
        now,
        checkedAt: now,
      });
    });
  } catch (e) {
    // The courier holds a booking the order does not: staff must cancel it there.
    ctx.log.error(
      {
        err: e,
        order: o.number,
        parcel: s.seq,
        courier: courier.name,
        consignmentId: booked.consignmentId,
        trackingCode: cn,
      },
      "courier: booked, but the order could not take the consignment; cancel it at the courier",
    );
    await releaseBooking(ctx, s.id, claimedAt).catch(() => undefined);
    if (isUniqueViolation(e)) throw consignmentTaken(cn);
    throw e;
  }
  afterMove(ctx, saved.row.status);
  return toFulfilment(ctx, saved.row, s.seq);
}

/**
 * What each connected courier asks for the order's parcel (`GET …/courier-prices`): from its price
 * API where it has one, each asked at once and waited for `waitMs` at most, so a slow courier
 * never holds the page; one without a price API, or that did not answer, says so.
 */
export async function courierPrices(
  ctx: Ctx,
  orderId: number,
  waitMs: number = COURIER_PRICE_WAIT_MS,
): Promise<CourierPrices> {
  requireOrdersStaff(ctx);
  const o = await findOrderRow(ctx.db, orderId);
  const preselected = o.physical ? await districtCourier(ctx, ctx.db, o.district) : null;
  const parcel = parcelOf(o);
  const prices = await Promise.all(
    ctx.couriers.bookable.map(async (c): Promise<CourierPrices["prices"][number]> => {
      const label = courierLabel(c.name) ?? c.name;
      const base = { courier: c.name, label, total: null, delivery: null, codFee: null };
      if (!c.priceFor) {
        return {
          ...base,
          state: "none",
          message: isDemoCourier(c.name)
            ? `${label} stands in for the courier and quotes no price`
            : `${label} has no price API: see its rate card`,
        };
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), waitMs);
      });
      try {
        const answer = await Promise.race([c.priceFor(parcel), late]);
        if (answer === "late") {
          return { ...base, state: "failed", message: `${label} did not answer within ${waitMs / 1000} s` };
        }
        return {
          ...base,
          state: "priced",
          total: answer.total,
          delivery: answer.delivery,
          codFee: answer.codFee,
          message: null,
        };
      } catch (err) {
        if (!(err instanceof CourierError)) throw err;
        ctx.log.warn({ err, courier: c.name, code: err.code }, "courier: price failed");
        return { ...base, state: "failed", message: `${label} gave no price: ${err.message}` };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { districtCourier: preselected?.name ?? null, prices };
}

/** What a courier check found (the shape of its API answer). */
export type CourierSync = z.infer<typeof courierSyncSchema>;

/** The connected courier a parcel was booked with, or null (a typed number, by hand, no longer connected). */
function courierOfShipment(ctx: Pick<Ctx, "couriers">, s: Pick<ShipmentRow, "courier" | "consignment">) {
  return s.consignment === null ? null : ctx.couriers.get(s.courier);
}

/** Whether the parcel is with a connected courier, whose system can be asked about it. */
export function followsShipment(ctx: Pick<Ctx, "couriers">, s: Pick<ShipmentRow, "courier" | "consignment">) {
  return courierOfShipment(ctx, s) !== null;
}

/**
 * Asks the courier where the parcel is (no transaction open), then in a short transaction records
 * a history line when its status changed, and moves the parcel and the order on when the courier
 * says so. Throws CourierError when the courier cannot answer; null for a courier that knows nothing.
 */
export async function syncCourierStatus(ctx: Ctx, parcel: ShipmentRow): Promise<CourierSync | null> {
  const courier = courierOfShipment(ctx, parcel);
  if (!courier) return null;
  const answer = await courier.fetchStatus({ trackingCode: parcel.consignment });
  if (!answer) return null;
  return applyCourierStatus(ctx, parcel, answer);
}

/** What the courier's word makes of a parcel still open: delivered, cancelled, returned, or as it was. */
function parcelStateAfter(s: ShipmentRow, status: ShipmentStatus): ShipmentRow["state"] {
  if (s.state !== "shipped" && s.state !== "ready") return s.state;
  if (status === "delivered") return "delivered";
  if (status === "cancelled") return "cancelled";
  if (status === "returned") return "returned";
  return s.state;
}

/**
 * Records what the courier says of one parcel (asked, or told by its webhook), in one short
 * transaction: a history line when the parcel's status changed; the parcel delivered, cancelled or
 * returned when the courier says so; and the order delivered once all its parcels are. An order
 * sent as one parcel is also cancelled or returned with it, as before parcels existed; a parcel
 * of several that fails leaves the order for staff to decide (decision 73). The same news twice
 * (a retried webhook, a second poll) changes nothing the second time. Null when the parcel has
 * meanwhile another consignment.
 */
export async function applyCourierStatus(
  ctx: Ctx,
  parcel: Pick<ShipmentRow, "id" | "orderId" | "consignment" | "courier">,
  answer: { status: ShipmentStatus; courierStatus: string },
): Promise<CourierSync | null> {
  const now = ctx.now();
  const by = courierLabel(parcel.courier) ?? "Courier";
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const o = await findOrderRow(tx, parcel.orderId, true);
    const all = await listShipments(tx, o.id, true);
    const s = all.find((p) => p.id === parcel.id);
    if (!s || s.consignment !== parcel.consignment) return null;
    const changed = s.parcel !== answer.status;
    const prefix = parcelPrefix(s, all);
    if (changed) {
      await recordEvent(
        tx,
        o.id,
        shipmentEvent(answer.status),
        `${prefix}${by}: ${answer.courierStatus}`,
        null,
        now,
        s.id,
      );
    }
    const state = parcelStateAfter(s, answer.status);
    await tx
      .update(shipments)
      .set({
        parcel: answer.status,
        checkedAt: now,
        state,
        ...(state === "delivered" && s.state !== "delivered" ? { deliveredAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(shipments.id, s.id));
    const single = all.length <= 1;
    const open = OPEN_STATUSES.includes(o.status);
    // A parcel comes back only once it has left: the courier's "returned" moves a shipped order.
    const to: OrderStatus | null = !open
      ? null
      : answer.status === "delivered"
        ? single || (await othersDelivered(tx, o.id, s.id))
          ? "delivered"
          : null
        : !single
          ? null
          : answer.status === "cancelled"
            ? "cancelled"
            : answer.status === "returned" && o.status === "shipped"
              ? "returned"
              : null;
    const row = to
      ? await moveInTx(ctx, tx, o, to, `${prefix}${by} reports ${answer.courierStatus}`, null, now)
      : o;
    if (to === "returned") await recordAudit(ctx, tx, returnAudit(o, row));
    return { row, changed, to };
  });
  if (!outcome) return null;
  if (outcome.changed || outcome.to) afterMove(ctx, outcome.to);
  return {
    shipment: answer.status,
    courierStatus: answer.courierStatus,
    changed: outcome.changed,
    status: outcome.row.status,
  };
}

/**
 * Staff ask a parcel's own courier for its news now (`{ shipment }`, else the first parcel with a
 * consignment); the tracking page asks on its own.
 */
export async function refreshTracking(ctx: Ctx, orderId: number, input: unknown = {}): Promise<CourierSync> {
  requireOrdersStaff(ctx);
  const v = courierRefreshSchema.parse(input);
  const o = await findOrderRow(ctx.db, orderId);
  const all = await listShipments(ctx.db, o.id);
  const s =
    v.shipment !== undefined ? pickShipment(o, all, v.shipment) : (all.find((p) => p.consignment) ?? all[0]);
  if (!s?.consignment)
    throw new DomainError("conflict", fillMessage(M.orderNoConsignment, { orderNumber: o.number }));
  if (!followsShipment(ctx, s)) {
    throw new DomainError(
      "conflict",
      `Consignment ${s.consignment} is not with a connected courier: staff set its status by hand`,
    );
  }
  let synced: CourierSync | null;
  try {
    synced = await syncCourierStatus(ctx, s);
  } catch (err) {
    throw courierProblem(ctx, err, "status check");
  }
  if (!synced)
    throw new DomainError("conflict", fillMessage(M.orderConsignmentChanged, { orderNumber: o.number }));
  return synced;
}

/** The audit entry of a parcel's return: the order's status and the return's reason and charge. */
function returnAudit(before: OrderRow, after: OrderRow) {
  const of = (o: OrderRow) => ({
    status: o.status,
    returnReason: o.returnReason,
    returnCharge: o.returnCharge,
  });
  return {
    action: "order.return",
    entity: "order",
    entityId: before.id,
    before: of(before),
    after: of(after),
  };
}

/**
 * Staff record a shipped parcel that came back (refused at the door, or undeliverable) with the
 * courier's return charge: the order becomes returned (its stock back through the stock ledger,
 * its sale taken back, its invoice credited, its cash on delivery never owed, the buyer told
 * once), and the charge is the shop's cost in the ledger. On an order the courier already
 * reported returned, it records the reason and the charge it lacks. A second record (a double
 * tap, a second tab) is refused with 409: the charge is recorded once.
 */
export async function recordParcelReturn(
  ctx: Ctx,
  orderId: number,
  input: unknown,
): Promise<OrderFulfilment> {
  const me = requireOrdersStaff(ctx);
  const v = parcelReturnSchema.parse(input);
  const now = ctx.now();
  const reasonWords = describeReturnReason(v.reason);
  const moved = await inTransaction(ctx.db, async (tx) => {
    const o = await findOrderRow(tx, orderId, true);
    if (o.status === "returned" && o.returnCharge !== null) {
      throw new DomainError(
        "conflict",
        `Order ${o.number} is already recorded as returned (${describeReturnReason(o.returnReason).toLowerCase()}, return charge ${formatTaka(o.returnCharge)})`,
      );
    }
    if (o.status !== "returned") {
      const refusal = transitionRefusal(o.number, o.status, "returned");
      if (refusal) throw new DomainError("conflict", refusal);
    }
    const charged = { returnReason: v.reason, returnCharge: v.charge, returnChargedAt: now, updatedAt: now };
    const note = [reasonWords, v.charge > 0 ? `return charge ${formatTaka(v.charge)}` : null, v.note]
      .filter(Boolean)
      .join(", ");
    let row: OrderRow;
    if (o.status === "returned") {
      [row] = (await tx.update(orders).set(charged).where(eq(orders.id, o.id)).returning()) as [OrderRow];
      await recordEvent(tx, o.id, "return_recorded", note, me.id, now);
    } else {
      await tx.update(orders).set(charged).where(eq(orders.id, o.id));
      row = await moveInTx(ctx, tx, { ...o, ...charged }, "returned", note, me.id, now);
    }
    await recordAudit(ctx, tx, returnAudit(o, row));
    return { row, moved: o.status !== "returned" };
  });
  if (moved.moved) afterMove(ctx, "returned");
  return toFulfilment(ctx, moved.row);
}
