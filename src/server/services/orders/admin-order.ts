/**
 * One order in the back office (`/admin/orders/{id}`): everything staff need to handle it on one
 * page, and what they do there beside moving its status (fulfilment.ts): correct the delivery
 * address until the parcel leaves, write internal notes, record the cash-on-delivery phone check,
 * and refund money (decision 29: a refund takes at most the money the shop has for the order,
 * reduces its invoice with a credit note, and a full one makes the order refunded).
 *
 * Every write goes through `adminChange` (decision 23) with the order's row locked, so a double
 * tap or two staff at once cannot refund the same money twice.
 */

import { and, asc, desc, eq, inArray } from "drizzle-orm";
import {
  ADDRESS_EDITABLE_STATUSES,
  type AdminOrder,
  CASH_NEVER_TAKEN,
  COD_CHECK_STATUS,
  codCheckSchema,
  describeRefundMethod,
  type OrderNoteView,
  orderAddressSchema,
  orderNoteSchema,
  type RefundMethod,
  type RefundView,
  refundPaidSchema,
  refundRetrySchema,
  refundSchema,
} from "../../../contracts/admin-order";
import { lineWaitOf } from "../../../contracts/availability";
import { courierLabel, SHIPPING_STATUSES, STAFF_TRANSITIONS } from "../../../contracts/fulfilment";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus } from "../../../contracts/order-status";
import type { Db } from "../../db/client";
import {
  creditNotes,
  orderEvents,
  orderLines,
  orderNotes,
  orders,
  payments,
  refunds,
  users,
} from "../../db/schema";
import { requirePermission } from "../access";
import { type AuditEntry, adminChange, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import {
  gatewayRefundMethod,
  refundablePayment,
  sendGatewayRefund,
  settleInTx,
} from "../money/gateway-refunds";
import { issueCreditNote, readNumbered } from "../money/invoices";
import { orderMoney, type RefundRow, refundsOf } from "../money/refunds";
import { creditRefundInTx } from "../money/store-credit";
import { nudgeOutbox } from "../platform/outbox";
import { courierOption, districtCourier } from "./courier-districts";
import { followsCourier, heldForCall } from "./fulfilment";
import { afterMove, moveInTx, ORDER_NOT_FOUND, queueOrderNotice, recordEvent } from "./lifecycle";
import { shipmentViewsOf } from "./shipments";

type OrderRow = typeof orders.$inferSelect;

const SEE_ORDERS = "Only staff with the orders permission can see orders";
const HANDLE_ORDERS = "Only staff with the orders permission can handle orders";
export const REFUND_NOT_FOUND = "No such refund";

/** The names of these accounts, by id. */
async function namesOf(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Refund rows as the API answers them (names and credit-note numbers filled in). */
async function refundViews(db: Db, rows: RefundRow[]): Promise<RefundView[]> {
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.createdBy, r.paidBy]),
  );
  const noteIds = rows.map((r) => r.creditNoteId).filter((id): id is number => id !== null);
  const notes =
    noteIds.length === 0
      ? []
      : await db
          .select({ id: creditNotes.id, number: creditNotes.number })
          .from(creditNotes)
          .where(inArray(creditNotes.id, noteIds));
  const paymentIds = rows.map((r) => r.paymentId).filter((id): id is number => id !== null);
  const gatewayOf = new Map(
    paymentIds.length === 0
      ? []
      : (
          await db
            .select({ id: payments.id, provider: payments.provider })
            .from(payments)
            .where(inArray(payments.id, paymentIds))
        ).map((p) => [p.id, p.provider]),
  );
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    amount: r.amount,
    method: r.method as RefundMethod,
    reason: r.reason,
    reference: r.reference,
    status: r.status,
    gateway: r.paymentId === null ? null : (gatewayOf.get(r.paymentId) ?? null),
    gatewayRefundId: r.gatewayRefundId,
    gatewayReason: r.gatewayReason,
    creditNote: notes.find((n) => n.id === r.creditNoteId) ?? null,
    createdBy: r.createdBy === null ? null : (names.get(r.createdBy) ?? null),
    createdAt: r.createdAt.toISOString(),
    paidBy: r.paidBy === null ? null : (names.get(r.paidBy) ?? null),
    paidAt: r.paidAt?.toISOString() ?? null,
    version: r.version,
  }));
}

/** The statuses staff may move the order to from here (nothing to ship: no shipping statuses). */
function nextStatuses(o: OrderRow) {
  return STAFF_TRANSITIONS[o.status].filter(
    (s) => (o.physical || !SHIPPING_STATUSES.includes(s)) && !(s === "processing" && heldForCall(o)),
  );
}

/** Everything the order page shows, read with `db` (a transaction's, for a 409's current record). */
async function buildAdminOrder(ctx: Ctx, db: Db, o: OrderRow): Promise<AdminOrder> {
  const [buyer] = await db.select({ name: users.name }).from(users).where(eq(users.id, o.userId)).limit(1);
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.id));
  const pays = await db.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(asc(payments.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, o.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const notes = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, o.id))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
  const cns = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, o.id))
    .orderBy(asc(creditNotes.id));
  const refundRows = await refundsOf(db, o.id);
  const booksWith = o.physical ? await districtCourier(ctx, db, o.district) : null;
  const {
    invoice,
    refundsPending: _pending,
    ...ledger
  } = await readNumbered(
    db,
    () => orderMoney(db, o),
    (l) => l.invoice !== null && l.invoice.number === null,
  );
  const names = await namesOf(db, [
    ...events.map((e) => e.actorId),
    ...notes.map((n) => n.authorId),
    o.codCheckedBy,
  ]);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const cod = o.paymentMethod === "cod";
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    next: nextStatuses(o),
    paymentMethod: o.paymentMethod,
    physical: o.physical,
    source: o.source,
    coupon: o.couponCode ? { id: o.couponId, code: o.couponCode } : null,
    subtotal: o.subtotal,
    discount: o.discount,
    delivery: o.delivery,
    storeCredit: o.storeCredit,
    total: o.total,
    createdAt: o.createdAt.toISOString(),
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    updatedAt: o.updatedAt.toISOString(),
    version: o.version,
    addressEditable: ADDRESS_EDITABLE_STATUSES.includes(o.status),
    lines: lines.map((l) => ({
      productId: l.productId,
      kind: l.kind,
      title: l.title,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      discount: l.discount,
      wait: lineWaitOf(l),
    })),
    waitShipping: o.waitShipping,
    buyer: {
      userId: o.userId,
      name: o.name,
      phone: o.phone,
      email: o.email,
      accountName: buyer?.name ?? o.name,
      url: `/admin/users/${o.userId}`,
    },
    address: { district: o.district, area: o.area, address: o.address, note: o.note },
    payments: pays.map((p) => ({
      id: p.id,
      provider: p.provider,
      tranx: p.tranx,
      gatewayRef: p.gatewayRef,
      gatewayTxnId: p.gatewayTxnId,
      amount: p.amount,
      status: p.status,
      reason: p.reason,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
    history: events.map((e) => ({
      id: e.id,
      status: e.status,
      note: e.note,
      actor: nameOf(e.actorId),
      at: e.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      author: nameOf(n.authorId),
      createdAt: n.createdAt.toISOString(),
    })),
    invoice: invoice
      ? {
          id: invoice.id,
          // readNumbered above: a confirmed invoice is numbered before it is shown.
          number: invoice.number ?? "",
          total: invoice.total,
          issuedAt: invoice.issuedAt.toISOString(),
          creditNotes: cns.map((c) => ({
            id: c.id,
            number: c.number,
            amount: c.amount,
            reason: c.reason,
            issuedAt: c.issuedAt.toISOString(),
          })),
        }
      : null,
    refunds: await refundViews(db, refundRows),
    ledger,
    codCheck: cod
      ? {
          state: o.codCheck,
          by: nameOf(o.codCheckedBy),
          at: o.codCheckedAt?.toISOString() ?? null,
          allowed: o.status === COD_CHECK_STATUS,
        }
      : null,
    codRisk:
      o.codRiskLevel && o.codRisk
        ? {
            level: o.codRiskLevel,
            delivered: o.codRisk.delivered,
            returned: o.codRisk.returned,
            refused: o.codRisk.refused,
            deliveredPercent: o.codRisk.deliveredPercent,
            sources: o.codRisk.sources,
            held: heldForCall(o),
          }
        : null,
    parcelReturn: o.returnedAt
      ? { at: o.returnedAt.toISOString(), reason: o.returnReason, charge: o.returnCharge }
      : null,
    courier: o.courier,
    consignment: o.consignment,
    trackingPath: o.consignment ? `/tracking/${encodeURIComponent(o.consignment)}` : null,
    followsCourier: followsCourier(ctx, o),
    shipments: (await shipmentViewsOf(ctx, db, [o.id])).get(o.id) ?? [],
    courierConnected: ctx.couriers.bookable.length > 0,
    couriers: ctx.couriers.bookable.map(courierOption),
    districtCourier: booksWith?.name ?? null,
    connectedCourier: booksWith ? courierLabel(booksWith.name) : null,
    demoCourier: ctx.couriers.bookable.some((c) => courierOption(c).demo),
  };
}

/** `GET /api/admin/orders/{id}`: the order page's data (orders permission). */
export async function getAdminOrder(ctx: Ctx, id: number): Promise<AdminOrder> {
  requirePermission(ctx, "orders", SEE_ORDERS, SEE_ORDERS);
  const [o] = await ctx.db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!o) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return buildAdminOrder(ctx, ctx.db, o);
}

function lockOrder(tx: Db, id: number): Promise<OrderRow> {
  return lockForEdit(tx, orders, eq(orders.id, id), ORDER_NOT_FOUND);
}

/**
 * Corrects the delivery address of an order whose parcel has not left (the `version` it started
 * from, 409 with the order as it now is when stale). The delivery charge stays what the buyer
 * was charged: it is not priced again for the new district.
 */
export async function editOrderAddress(ctx: Ctx, id: number, input: unknown): Promise<AdminOrder> {
  await adminChange(
    ctx,
    "orders",
    orderAddressSchema,
    input,
    async (tx, v) => {
      const o = await lockForEdit(tx, orders, eq(orders.id, id), ORDER_NOT_FOUND, {
        version: v.version,
        current: (row) => buildAdminOrder(ctx, tx, row),
      });
      if (!ADDRESS_EDITABLE_STATUSES.includes(o.status)) {
        throw new DomainError(
          "conflict",
          `Order ${o.number} is ${describeOrderStatus(o.status).toLowerCase()}: its address can no longer change`,
        );
      }
      const before = { district: o.district, area: o.area, address: o.address, note: o.note };
      const after = { district: v.district, area: v.area, address: v.address, note: v.note };
      const now = ctx.now();
      await tx
        .update(orders)
        .set({ ...after, ...nextVersion(orders), updatedAt: now })
        .where(eq(orders.id, id));
      await recordEvent(
        tx,
        id,
        "address",
        `Address changed from ${o.address}, ${o.area}, ${o.district}`,
        ctx.user!.id,
        now,
      );
      return {
        result: null,
        audit: { action: "order.address", entity: "order", entityId: id, before, after },
      };
    },
    { refusal: HANDLE_ORDERS, publicChange: false },
  );
  return getAdminOrder(ctx, id);
}

/** Adds an internal note to an order (never shown to the buyer). */
export function addOrderNote(ctx: Ctx, id: number, input: unknown): Promise<OrderNoteView> {
  return adminChange(
    ctx,
    "orders",
    orderNoteSchema,
    input,
    async (tx, v) => {
      await lockOrder(tx, id);
      const me = ctx.user!;
      const [note] = await tx
        .insert(orderNotes)
        .values({ orderId: id, authorId: me.id, body: v.body, createdAt: ctx.now() })
        .returning();
      return {
        result: { id: note!.id, body: note!.body, author: me.name, createdAt: note!.createdAt.toISOString() },
        audit: {
          action: "order.note",
          entity: "order",
          entityId: id,
          after: { noteId: note!.id, body: v.body },
        },
      };
    },
    { refusal: HANDLE_ORDERS, publicChange: false },
  );
}

const COD_CHECK_WORDS = {
  confirmed: "Phone confirmed: the buyer expects the parcel",
  unreachable: "Phone check: the buyer could not be reached",
} as const;

/**
 * Records the cash-on-delivery phone check of a confirmed order (before it is packed): the buyer
 * confirmed, or could not be reached. May be made again (an unreachable buyer answers later).
 */
export async function setCodCheck(ctx: Ctx, id: number, input: unknown): Promise<AdminOrder> {
  await adminChange(
    ctx,
    "orders",
    codCheckSchema,
    input,
    async (tx, v) => {
      const o = await lockOrder(tx, id);
      if (o.paymentMethod !== "cod") {
        throw new DomainError(
          "conflict",
          `Order ${o.number} is paid online: only a cash-on-delivery order is checked by phone`,
        );
      }
      if (o.status !== COD_CHECK_STATUS) {
        throw new DomainError(
          "conflict",
          `Order ${o.number} is ${describeOrderStatus(o.status).toLowerCase()}: the phone check is made on a confirmed order, before it is packed`,
        );
      }
      const now = ctx.now();
      const me = ctx.user!;
      await tx
        .update(orders)
        .set({ codCheck: v.result, codCheckedAt: now, codCheckedBy: me.id, updatedAt: now })
        .where(eq(orders.id, id));
      await recordEvent(tx, id, "cod_check", COD_CHECK_WORDS[v.result], me.id, now);
      return {
        result: null,
        audit: {
          action: "order.cod_check",
          entity: "order",
          entityId: id,
          before: { codCheck: o.codCheck, codCheckedAt: o.codCheckedAt?.toISOString() ?? null },
          after: { codCheck: v.result, codCheckedAt: now.toISOString() },
        },
      };
    },
    { refusal: HANDLE_ORDERS, publicChange: false },
  );
  return getAdminOrder(ctx, id);
}

/** Queues the buyer's SMS (and email) that a refund was sent. */
async function queueRefundPaid(ctx: Ctx, tx: Db, o: OrderRow, r: RefundRow, now: Date) {
  await queueOrderNotice(
    ctx,
    tx,
    { type: "refund_paid", refundId: r.id, amount: r.amount, method: describeRefundMethod(r.method) },
    o,
    now,
  );
}

/**
 * Refunds money of an order: at most what the shop has for it (collected online + COD collected
 * − refunds already recorded), else 409 with the reason. The invoice is reduced by a credit note
 * of min(amount, what is uncredited). Refunding all that is left makes the order refunded (which
 * takes back its e-books and courses, and its stock when the goods never left); a partial refund
 * keeps its status. Recorded as paid (with the reference) or as owed.
 */
export async function refundOrder(ctx: Ctx, id: number, input: unknown): Promise<RefundView> {
  let moved: string | null = null;
  let sendAfter: number | null = null;
  const refund = await adminChange(
    ctx,
    "orders",
    refundSchema,
    input,
    async (tx, v) => {
      const o = await lockOrder(tx, id);
      const ledger = await orderMoney(tx, o);
      const taken = ledger.collectedOnline + ledger.codCollected;
      if (taken === 0)
        throw new DomainError(
          "conflict",
          fillMessage(M.orderRefusal, { orderNumber: o.number, reason: CASH_NEVER_TAKEN }),
        );
      if (ledger.refundable <= 0) {
        throw new DomainError(
          "conflict",
          `Order ${o.number}: all ${formatTaka(taken)} the shop took for it is already refunded or owed`,
        );
      }
      if (v.amount > ledger.refundable) {
        throw new DomainError(
          "conflict",
          `Order ${o.number}: at most ${formatTaka(ledger.refundable)} can be refunded (the money the shop has for it)`,
          { amount: `At most ${formatTaka(ledger.refundable)}` },
        );
      }
      const me = ctx.user!;
      const now = ctx.now();
      if (v.gateway) {
        const payment = await refundablePayment(ctx, tx, o);
        const method = gatewayRefundMethod(payment.provider);
        const [row] = await tx
          .insert(refunds)
          .values({
            orderId: o.id,
            amount: v.amount,
            method,
            reason: v.reason,
            status: "pending",
            paymentId: payment.id,
            createdBy: me.id,
            createdAt: now,
          })
          .returning();
        await recordEvent(
          tx,
          o.id,
          "refund_pending",
          `Refund of ${formatTaka(v.amount)} sent to ${payment.provider}: ${v.reason}`,
          me.id,
          now,
        );
        sendAfter = row!.id;
        return {
          result: row!,
          audit: {
            action: "order.refund",
            entity: "order",
            entityId: o.id,
            before: { refundable: ledger.refundable, credited: ledger.credited },
            after: {
              refundId: row!.id,
              amount: v.amount,
              method,
              status: "pending",
              gateway: payment.provider,
            },
          },
        };
      }
      const method = v.method!;
      // A refund to store credit is paid the moment it is recorded: the credit is the buyer's at once.
      const paidNow = v.paid || method === "store_credit";
      const uncredited = ledger.invoiced - ledger.credited;
      const creditNote =
        ledger.invoice && uncredited > 0
          ? await issueCreditNote(ctx, tx, {
              invoice: ledger.invoice,
              order: o,
              creditedBefore: ledger.credited,
              amount: Math.min(v.amount, uncredited),
              reason: `Refund: ${v.reason}`,
              actorId: me.id,
              now,
            })
          : null;
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: o.id,
          creditNoteId: creditNote?.id ?? null,
          amount: v.amount,
          method,
          reason: v.reason,
          reference: v.reference,
          status: paidNow ? "paid" : "owed",
          createdBy: me.id,
          createdAt: now,
          paidAt: paidNow ? now : null,
          paidBy: paidNow ? me.id : null,
        })
        .returning();
      await creditRefundInTx(tx, o, row!, { actorId: me.id, now });
      const how = [
        describeRefundMethod(method),
        v.reference ? `reference ${v.reference}` : null,
        creditNote ? `credit note ${creditNote.number}` : null,
      ]
        .filter(Boolean)
        .join(", ");
      await recordEvent(
        tx,
        o.id,
        paidNow ? "refund_paid" : "refund_owed",
        `Refund of ${formatTaka(v.amount)} ${paidNow ? "paid" : "owed"} (${how}): ${v.reason}`,
        me.id,
        now,
      );
      if (paidNow) await queueRefundPaid(ctx, tx, o, row!, now);
      const audit: AuditEntry[] = [
        {
          action: "order.refund",
          entity: "order",
          entityId: o.id,
          before: { refundable: ledger.refundable, credited: ledger.credited },
          after: {
            refundId: row!.id,
            amount: v.amount,
            method,
            status: row!.status,
            creditNote: creditNote?.number ?? null,
          },
        },
      ];
      const full = v.amount === ledger.refundable;
      if (full && STAFF_TRANSITIONS[o.status].includes("refunded")) {
        await moveInTx(ctx, tx, o, "refunded", `Refunded in full: ${v.reason}`, me.id, now);
        moved = "refunded";
        audit.push({
          action: "order.status",
          entity: "order",
          entityId: o.id,
          before: { status: o.status },
          after: { status: "refunded", note: `Refunded in full: ${v.reason}` },
        });
      }
      return { result: row!, audit };
    },
    { refusal: HANDLE_ORDERS },
  );
  if (moved) afterMove(ctx, "refunded");
  else void nudgeOutbox(ctx);
  if (sendAfter !== null) {
    // After the commit: the gateway is asked, and its answer written, outside any transaction.
    await sendGatewayRefund(ctx, sendAfter);
    const [now] = await ctx.db.select().from(refunds).where(eq(refunds.id, sendAfter));
    return (await refundViews(ctx.db, [now!]))[0]!;
  }
  const [view] = await refundViews(ctx.db, [refund]);
  return view!;
}

/**
 * An owed refund has been sent: it becomes paid with its reference (the `version` it started
 * from; a stale one, or a second tap, is refused with 409 and the refund as it now is). The buyer
 * is told by SMS.
 */
export async function markRefundPaid(ctx: Ctx, refundId: number, input: unknown): Promise<RefundView> {
  let moved = false;
  const paid = await adminChange(
    ctx,
    "orders",
    refundPaidSchema,
    input,
    async (tx, v) => {
      const [head] = await tx
        .select({ orderId: refunds.orderId })
        .from(refunds)
        .where(eq(refunds.id, refundId));
      if (!head) throw new DomainError("not_found", REFUND_NOT_FOUND);
      // The order's lock first, as a new refund and a gateway's settling take it.
      const o = await lockOrder(tx, head.orderId);
      const r = await lockForEdit(tx, refunds, eq(refunds.id, refundId), REFUND_NOT_FOUND, {
        version: v.version,
        current: async (row) => (await refundViews(tx, [row]))[0],
      });
      if (r.status === "paid") throw new DomainError("conflict", "This refund is already paid");
      if (r.status === "pending") {
        throw new DomainError("conflict", "The gateway is still working on this refund: wait for its answer");
      }
      const me = ctx.user!;
      const now = ctx.now();
      const method = v.method ?? (r.method as RefundMethod);
      if (r.status === "failed") {
        // Paid by hand after the gateway refused it: within what may still be refunded.
        const ledger = await orderMoney(tx, o);
        if (r.amount > ledger.refundable) {
          throw new DomainError(
            "conflict",
            `Order ${o.number}: at most ${formatTaka(ledger.refundable)} can be refunded (the money the shop has for it)`,
          );
        }
        moved = await settleInTx(ctx, tx, o, r, {
          reference: v.reference,
          method,
          note: "Paid by hand",
          actorId: me.id,
          now,
        });
        await creditRefundInTx(tx, o, { ...r, method }, { actorId: me.id, now });
        const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
        return {
          result: row!,
          audit: {
            action: "refund.paid",
            entity: "refund",
            entityId: refundId,
            before: { status: r.status, method: r.method, reference: r.reference },
            after: { status: "paid", method, reference: row!.reference, paidAt: now.toISOString() },
          },
        };
      }
      const [row] = await tx
        .update(refunds)
        .set({
          status: "paid",
          paidAt: now,
          paidBy: me.id,
          reference: v.reference ?? r.reference,
          method,
          ...nextVersion(refunds),
        })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, "owed")))
        .returning();
      await creditRefundInTx(tx, o, row!, { actorId: me.id, now });
      await recordEvent(
        tx,
        r.orderId,
        "refund_paid",
        `Refund of ${formatTaka(r.amount)} paid (${describeRefundMethod(method)}${row!.reference ? `, reference ${row!.reference}` : ""})`,
        me.id,
        now,
      );
      await queueRefundPaid(ctx, tx, o, row!, now);
      return {
        result: row!,
        audit: {
          action: "refund.paid",
          entity: "refund",
          entityId: refundId,
          before: { status: r.status, method: r.method, reference: r.reference },
          after: { status: "paid", method, reference: row!.reference, paidAt: now.toISOString() },
        },
      };
    },
    { refusal: HANDLE_ORDERS, publicChange: false },
  );
  if (moved) afterMove(ctx, "refunded");
  else void nudgeOutbox(ctx);
  const [view] = await refundViews(ctx.db, [paid]);
  return view!;
}

/**
 * A refund the gateway refused is sent to it again (the `version` it started from; a second tap
 * finds it pending and is refused with 409). Still within what may be refunded, as when it was
 * first asked for.
 */
export async function retryRefund(ctx: Ctx, refundId: number, input: unknown): Promise<RefundView> {
  await adminChange(
    ctx,
    "orders",
    refundRetrySchema,
    input,
    async (tx, v) => {
      const [head] = await tx
        .select({ orderId: refunds.orderId })
        .from(refunds)
        .where(eq(refunds.id, refundId));
      if (!head) throw new DomainError("not_found", REFUND_NOT_FOUND);
      const o = await lockOrder(tx, head.orderId);
      const r = await lockForEdit(tx, refunds, eq(refunds.id, refundId), REFUND_NOT_FOUND, {
        version: v.version,
        current: async (row) => (await refundViews(tx, [row]))[0],
      });
      if (r.status !== "failed" || r.paymentId === null) {
        throw new DomainError("conflict", "Only a refund the gateway refused can be sent again");
      }
      const payment = await refundablePayment(ctx, tx, o);
      const ledger = await orderMoney(tx, o);
      if (r.amount > ledger.refundable) {
        throw new DomainError(
          "conflict",
          `Order ${o.number}: at most ${formatTaka(ledger.refundable)} can be refunded (the money the shop has for it)`,
        );
      }
      const now = ctx.now();
      const [row] = await tx
        .update(refunds)
        .set({
          status: "pending",
          paymentId: payment.id,
          gatewayRefundId: null,
          gatewayReason: null,
          ...nextVersion(refunds),
        })
        .where(eq(refunds.id, refundId))
        .returning();
      await recordEvent(
        tx,
        o.id,
        "refund_pending",
        `Refund of ${formatTaka(r.amount)} sent to ${payment.provider} again`,
        ctx.user!.id,
        now,
      );
      return {
        result: row!,
        audit: {
          action: "refund.retry",
          entity: "refund",
          entityId: refundId,
          before: { status: "failed", gatewayReason: r.gatewayReason },
          after: { status: "pending" },
        },
      };
    },
    { refusal: HANDLE_ORDERS, publicChange: false },
  );
  await sendGatewayRefund(ctx, refundId);
  const [now] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  return (await refundViews(ctx.db, [now!]))[0]!;
}
