/**
 * Staff order handling after payment: status changes along the allowed paths, the parcel's
 * consignment (typed by staff, or booked with one of the connected couriers) and the courier's news.
 *
 * Every change is one short transaction that writes the order, its history (order_events, the
 * tracking timeline), the customer's messages (the outbox) and, for staff changes, the audit log.
 * The courier is asked before or after that transaction, never inside it; the messages go out
 * once it has committed.
 */
import { and, desc, eq, isNull, like, lt, ne, or } from "drizzle-orm";
import type { courierSyncSchema } from "../../../contracts/answers/staff-orders";
import { COD_RISK_HELD } from "../../../contracts/cod-risk";
import { COURIER_PRICE_WAIT_MS, type CourierPrices } from "../../../contracts/couriers";
import {
  BY_HAND_COURIER,
  bookCourierSchema,
  CONSIGNABLE_STATUSES,
  consignmentSchema,
  courierLabel,
  isDemoCourier,
  type OrderFulfilment,
  orderStatusChangeSchema,
  SHIPPED_NEEDS_CONSIGNMENT,
  SHIPPING_STATUSES,
  STAFF_TRANSITIONS,
  transitionRefusal,
} from "../../../contracts/fulfilment";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus, type OrderStatus } from "../../../contracts/order-status";
import { describeReturnReason, parcelReturnSchema } from "../../../contracts/returns";
import { SHIPMENT_EVENT_PREFIX, shipmentEvent } from "../../../contracts/tracking";
import type { PublicUser } from "../../../contracts/user";
import type { z } from "../../../contracts/zod";
import { type Db, inTransaction } from "../../db/client";
import { orderEvents, orders } from "../../db/schema";
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

export function toFulfilment(o: OrderRow): OrderFulfilment {
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
      if (v.status === "shipped" && v.consignment !== undefined) {
        const saved = await saveConsignmentInTx(ctx, tx, o, {
          consignment: v.consignment,
          courier: v.courier,
          actorId: me.id,
          now,
          checkedAt: null,
          note: v.note ?? null,
        });
        return saved.row;
      }
      const byHand = v.status === "shipped" && v.byHand === true;
      if (v.status === "shipped" && !byHand && !o.consignment) {
        throw new DomainError("invalid", SHIPPED_NEEDS_CONSIGNMENT, {
          consignment: SHIPPED_NEEDS_CONSIGNMENT,
        });
      }
      if (byHand) {
        await tx
          .update(orders)
          .set({ courier: BY_HAND_COURIER, consignment: null, courierCheckedAt: null })
          .where(eq(orders.id, o.id));
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
  return toFulfilment(moved);
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

/**
 * Gives a locked order its consignment: a confirmed or packed order is shipped with it; a
 * shipped one only changes its number. Unique across orders. Each new number sends the buyer its
 * tracking link, once per number (the outbox key holds the number): the same number saved again,
 * by a retry or a double tap, sends nothing more.
 */
async function saveConsignmentInTx(
  ctx: Ctx,
  tx: Db,
  o: OrderRow,
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
  if (o.consignment === c.consignment && o.courier === c.courier) return { row: o, shipped: false };
  const [holder] = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.consignment, c.consignment), ne(orders.id, o.id)))
    .limit(1);
  if (holder) throw consignmentTaken(c.consignment, holder.number);
  const ship = o.status === "confirmed" || o.status === "processing";
  const [row] = await tx
    .update(orders)
    .set({
      consignment: c.consignment,
      courier: c.courier,
      courierCheckedAt: c.checkedAt,
      updatedAt: c.now,
      ...(ship ? { status: "shipped" as const } : {}),
    })
    .where(eq(orders.id, o.id))
    .returning();
  const by = courierLabel(c.courier);
  const label = `Consignment ${c.consignment}${by ? ` (${by})` : ""}${c.note ? `: ${c.note}` : ""}`;
  if (ship) await recordEvent(tx, o.id, "shipped", label, c.actorId, c.now);
  else {
    const was = o.consignment ?? (o.courier === BY_HAND_COURIER ? "delivered by hand" : "none");
    await recordEvent(tx, o.id, "consignment", `${label}, was ${was}`, c.actorId, c.now);
  }
  if (o.consignment !== c.consignment) {
    await queueOrderNotice(ctx, tx, { type: "consignment", consignment: c.consignment }, row!, c.now);
  }
  await recordAudit(ctx, tx, {
    action: "order.consignment",
    entity: "order",
    entityId: o.id,
    before: { status: o.status, courier: o.courier, consignment: o.consignment },
    after: { status: row!.status, courier: row!.courier, consignment: row!.consignment },
  });
  return { row: row!, shipped: ship };
}

/**
 * Staff type the consignment number of a parcel they booked themselves (manual courier, or any
 * courier's own site). A confirmed or packed order becomes shipped and its buyer gets the link.
 */
export async function assignConsignment(ctx: Ctx, orderId: number, input: unknown): Promise<OrderFulfilment> {
  const me = requireOrdersStaff(ctx);
  const v = consignmentSchema.parse(input);
  const now = ctx.now();
  let saved: { row: OrderRow; shipped: boolean };
  try {
    saved = await inTransaction(ctx.db, async (tx) => {
      const o = await findOrderRow(tx, orderId, true);
      return saveConsignmentInTx(ctx, tx, o, {
        consignment: v.consignment,
        courier: v.courier,
        actorId: me.id,
        now,
        checkedAt: null,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw consignmentTaken(v.consignment);
    throw e;
  }
  // A new number on a shipped order has its tracking SMS to send too.
  afterMove(ctx, saved.row.status);
  return toFulfilment(saved.row);
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

/** What a courier is asked to book, or to price, for the order's parcel. */
function parcelOf(o: OrderRow): ConsignmentRequest {
  return {
    invoice: o.number,
    recipientName: o.name,
    recipientPhone: o.phone,
    recipientAddress: courierAddress(o),
    codAmount: o.paymentMethod === "cod" ? o.total : 0,
    note: o.note,
    district: o.district,
    area: o.area,
    value: o.total,
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

function hasConsignment(o: Pick<OrderRow, "number" | "consignment">) {
  return new DomainError(
    "conflict",
    fillMessage(M.orderHasConsignment, { orderNumber: o.number, consignment: o.consignment ?? "" }),
  );
}

/**
 * Claims the order for one booking before the courier is asked: a second booking of the order
 * meanwhile (a double tap, another tab, a bulk booking) is refused instead of booking twice.
 */
async function claimBooking(ctx: Ctx, o: OrderRow, now: Date): Promise<void> {
  const claimed = await ctx.db
    .update(orders)
    .set({ courierBookingAt: now })
    .where(
      and(
        eq(orders.id, o.id),
        isNull(orders.consignment),
        or(
          isNull(orders.courierBookingAt),
          lt(orders.courierBookingAt, new Date(now.getTime() - BOOKING_CLAIM_MS)),
        ),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length > 0) return;
  const current = await findOrderRow(ctx.db, o.id);
  if (current.consignment) throw hasConsignment(current);
  throw new DomainError(
    "conflict",
    `Order ${o.number} is being booked with a courier right now: look at the order again in a moment`,
  );
}

async function releaseBooking(ctx: Ctx, orderId: number, claimedAt: Date): Promise<void> {
  await ctx.db
    .update(orders)
    .set({ courierBookingAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.courierBookingAt, claimedAt)));
}

/**
 * Books the parcel with the courier staff chose (`{ courier }`, one that is connected), else with
 * its district's default courier, else the shop's (cash to collect: the total of a cash-on-delivery
 * order, nothing when paid online), then saves its tracking code as the consignment in a short
 * transaction of its own. The order is claimed before the courier is asked, so a second booking
 * of it at the same time is refused and the parcel is booked once.
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
  if (o.consignment) throw hasConsignment(o);
  const courier = await courierToBook(ctx, o, v.courier);
  const claimedAt = ctx.now();
  await claimBooking(ctx, o, claimedAt);
  let booked: Awaited<ReturnType<Courier["createConsignment"]>>;
  try {
    booked = await courier.createConsignment(parcelOf(o));
  } catch (err) {
    await releaseBooking(ctx, o.id, claimedAt);
    if (err instanceof CourierError) throw courierProblem(ctx, err, "booking");
    throw err;
  }
  if (!booked) {
    await releaseBooking(ctx, o.id, claimedAt);
    throw new DomainError("conflict", "The courier booked nothing; type the consignment number instead");
  }
  const now = ctx.now();
  const cn = booked.trackingCode.toUpperCase();
  const by = courierLabel(courier.name);
  let saved: { row: OrderRow; shipped: boolean };
  try {
    saved = await inTransaction(ctx.db, async (tx) => {
      const current = await findOrderRow(tx, orderId, true);
      if (current.consignment) {
        throw new DomainError(
          "conflict",
          `Order ${o.number} got consignment ${current.consignment} meanwhile`,
        );
      }
      await tx.update(orders).set({ courierBookingAt: null }).where(eq(orders.id, o.id));
      await recordEvent(
        tx,
        o.id,
        shipmentEvent(booked.status),
        `${by}: ${booked.status}, consignment id ${booked.consignmentId}`,
        me.id,
        now,
      );
      return saveConsignmentInTx(ctx, tx, current, {
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
        courier: courier.name,
        consignmentId: booked.consignmentId,
        trackingCode: cn,
      },
      "courier: booked, but the order could not take the consignment; cancel it at the courier",
    );
    await releaseBooking(ctx, o.id, claimedAt).catch(() => undefined);
    if (isUniqueViolation(e)) throw consignmentTaken(cn);
    throw e;
  }
  afterMove(ctx, saved.row.status);
  return toFulfilment(saved.row);
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

/**
 * Asks the courier where the parcel is (no transaction open), then in a short transaction records
 * a history line when its status changed, and delivers or cancels the order when the courier says
 * so. Throws CourierError when the courier cannot answer; null for a courier that knows nothing.
 */
export async function syncCourierStatus(ctx: Ctx, order: OrderRow): Promise<CourierSync | null> {
  const courier = courierOfOrder(ctx, order);
  if (!courier) return null;
  const answer = await courier.fetchStatus({ trackingCode: order.consignment });
  if (!answer) return null;
  return applyCourierStatus(ctx, order, answer);
}

/**
 * Records what the courier says of the order's parcel (asked, or told by its webhook), in one
 * short transaction: a history line when the parcel's status changed, and the order delivered or
 * cancelled when the courier says so. The same news twice (a retried webhook, a second poll)
 * changes nothing the second time. Null when the order has meanwhile another consignment.
 */
export async function applyCourierStatus(
  ctx: Ctx,
  order: Pick<OrderRow, "id" | "consignment" | "courier">,
  answer: { status: ShipmentStatus; courierStatus: string },
): Promise<CourierSync | null> {
  const now = ctx.now();
  const by = courierLabel(order.courier) ?? "Courier";
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const o = await findOrderRow(tx, order.id, true);
    if (o.consignment !== order.consignment) return null;
    const [last] = await tx
      .select({ status: orderEvents.status })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, o.id), like(orderEvents.status, `${SHIPMENT_EVENT_PREFIX}%`)))
      .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
      .limit(1);
    const changed = last?.status !== shipmentEvent(answer.status);
    if (changed) {
      await recordEvent(tx, o.id, shipmentEvent(answer.status), `${by}: ${answer.courierStatus}`, null, now);
    }
    // A parcel comes back only once it has left: the courier's "returned" moves a shipped order.
    const to: OrderStatus | null = !OPEN_STATUSES.includes(o.status)
      ? null
      : answer.status === "delivered"
        ? "delivered"
        : answer.status === "cancelled"
          ? "cancelled"
          : answer.status === "returned" && o.status === "shipped"
            ? "returned"
            : null;
    const row = to ? await moveInTx(ctx, tx, o, to, `${by} reports ${answer.courierStatus}`, null, now) : o;
    if (to === "returned") await recordAudit(ctx, tx, returnAudit(o, row));
    await tx.update(orders).set({ courierCheckedAt: now }).where(eq(orders.id, o.id));
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

/** Staff ask the parcel's own courier for its news now (the tracking page asks on its own). */
export async function refreshTracking(ctx: Ctx, orderId: number): Promise<CourierSync> {
  requireOrdersStaff(ctx);
  const o = await findOrderRow(ctx.db, orderId);
  if (!o.consignment)
    throw new DomainError("conflict", fillMessage(M.orderNoConsignment, { orderNumber: o.number }));
  if (!followsCourier(ctx, o)) {
    throw new DomainError(
      "conflict",
      `Consignment ${o.consignment} is not with a connected courier: staff set its status by hand`,
    );
  }
  let synced: CourierSync | null;
  try {
    synced = await syncCourierStatus(ctx, o);
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
  return toFulfilment(moved.row);
}
