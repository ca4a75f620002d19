/**
 * Parcels within an order (decision 73), against Pathao's local fake: an order sent in two parcels
 * has each booked, texted, followed (webhook and polling) and delivered on its own, and the order
 * is delivered only when both are; a parcel is booked once however often it is tapped; a parcel
 * waiting for pre-ordered books is not booked; staff split a parcel once per tap.
 */
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "../../src/contracts/admin-order";
import type { CourierWebhookAnswer } from "../../src/contracts/answers/staff-orders";
import type { OrderFulfilment } from "../../src/contracts/fulfilment";
import type { TrackingView } from "../../src/contracts/tracking";
import { inTransaction } from "../../src/server/db/client";
import { auditLog, orderLines, outbox, shipments } from "../../src/server/db/schema";
import { type FakePathao, startFakePathao } from "../../src/server/integrations/couriers/fakes/pathao-fake";
import { createPathao } from "../../src/server/integrations/couriers/pathao";
import { markShipmentsReady, planShipments } from "../../src/server/services/orders/shipments";
import { checkout, orderRow } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const PATHAO_SECRET = "pathao-webhook-secret-for-tests";

let h: Harness;
let fake: FakePathao;
let staff: TestUser;

beforeAll(async () => {
  fake = await startFakePathao();
  h = await createHarness({
    courier: (deps) =>
      createPathao(
        {
          baseUrl: fake.baseUrl,
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
          username: fake.username,
          password: fake.password,
          storeId: fake.storeId,
          webhookSecret: PATHAO_SECRET,
        },
        deps.log,
      ),
  });
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** A confirmed cash-on-delivery order of two books (৳400 and ৳250, one of each). */
async function twoBookOrder() {
  const a = await createProduct(h.db, { price: 40_000, stock: 10 });
  const b = await createProduct(h.db, { price: 25_000, stock: 10 });
  const placed = await checkout(h, await h.createUser(), {
    items: [{ productId: a.id }, { productId: b.id }],
  });
  const lines = await h.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, placed.orderId))
    .orderBy(asc(orderLines.id));
  return { ...placed, a, b, lines };
}

const split = (orderId: number, body: unknown) =>
  h.request<OrderFulfilment>("POST", `/api/admin/orders/${orderId}/shipments`, {
    body,
    cookie: staff.cookie,
  });
const book = (orderId: number, body: unknown = {}) =>
  h.request<OrderFulfilment>("POST", `/api/admin/orders/${orderId}/courier`, { body, cookie: staff.cookie });
const webhook = (body: unknown) =>
  h.request<CourierWebhookAnswer>("POST", "/api/couriers/pathao/webhook", {
    body,
    headers: { "x-pathao-signature": PATHAO_SECRET },
  });

/** A two-book order sent in two parcels: the second book apart, as staff split it. */
async function splitOrder() {
  const o = await twoBookOrder();
  const res = await split(o.orderId, {
    from: 1,
    parcels: 1,
    lines: [{ lineId: o.lines[1]!.id, quantity: 1 }],
  });
  expect(res.status, res.text).toBe(200);
  return o;
}

describe("an order's parcels", () => {
  it("gives a placed order one parcel of its printed lines, ready to be booked", async () => {
    const o = await twoBookOrder();
    const rows = await h.db.select().from(shipments).where(eq(shipments.orderId, o.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      seq: 1,
      state: "ready",
      lines: { [o.lines[0]!.id]: 1, [o.lines[1]!.id]: 1 },
    });
  });

  it("plans a second parcel waiting for pre-ordered books, or one waiting parcel when the buyer waits", async () => {
    const o = await twoBookOrder();
    const order = await orderRow(h, o.orderId);
    await h.db.delete(shipments).where(eq(shipments.orderId, o.orderId));
    await inTransaction(h.db, (tx) => planShipments(tx, order, o.lines, { later: [o.b.id], split: true }));
    let rows = await h.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, o.orderId))
      .orderBy(asc(shipments.seq));
    expect(rows.map((r) => [r.seq, r.state, r.lines])).toEqual([
      [1, "ready", { [o.lines[0]!.id]: 1 }],
      [2, "waiting", { [o.lines[1]!.id]: 1 }],
    ]);
    // A parcel waiting for its books is not booked.
    const early = await book(o.orderId, { shipment: 2 });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/waits for its pre-ordered books/);
    expect(fake.orders().filter((x) => x.merchant_order_id === `${o.orderNumber}-2`)).toHaveLength(0);
    await inTransaction(h.db, (tx) => markShipmentsReady(tx, o.orderId, h.clock.now()));
    expect((await book(o.orderId, { shipment: 2 })).status).toBe(200);

    const waits = await twoBookOrder();
    await h.db.delete(shipments).where(eq(shipments.orderId, waits.orderId));
    await inTransaction(h.db, (tx) =>
      planShipments(tx, { id: waits.orderId, physical: true }, waits.lines, { later: [waits.b.id] }),
    );
    rows = await h.db.select().from(shipments).where(eq(shipments.orderId, waits.orderId));
    expect(rows.map((r) => [r.seq, r.state])).toEqual([[1, "waiting"]]);
  });

  it("books, texts and follows each parcel on its own, and delivers the order only when both are delivered", async () => {
    const o = await splitOrder();
    const first = await book(o.orderId, { shipment: 1 });
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toMatch(/^Parcel 1: Booked with Pathao: consignment /);
    expect(first.body.data?.status).toBe("shipped");
    const second = await book(o.orderId, { shipment: 2 });
    expect(second.status, second.text).toBe(200);
    const [p1, p2] = second.body.data!.shipments;
    expect(p1!.consignment).not.toBe(p2!.consignment);
    expect(second.body.data?.consignment).toBe(p1!.consignment);
    // Each parcel is its own booking: its own lines' cash, its own invoice number.
    const { total } = await orderRow(h, o.orderId);
    const booked = fake.orders().filter((x) => x.merchant_order_id.startsWith(o.orderNumber));
    expect(Object.fromEntries(booked.map((x) => [x.merchant_order_id, x.amount_to_collect]))).toEqual({
      [o.orderNumber]: (total - 25_000) / 100,
      [`${o.orderNumber}-2`]: 250,
    });
    // One "on its way" SMS per parcel, naming it.
    const sms = (
      await h.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(like(outbox.key, `order-${o.orderId}-tracking-%-sms`))
    ).map((m) => ("body" in m.payload ? m.payload.body : ""));
    expect(sms).toHaveLength(2);
    expect(sms.filter((m) => m.includes("parcel 1 of 2 is on its way"))).toHaveLength(1);
    expect(sms.filter((m) => m.includes("parcel 2 of 2 is on its way"))).toHaveLength(1);
    expect(sms.some((m) => m.includes(`/tracking/${p2!.consignment}`))).toBe(true);

    // Parcel 1 delivered by Pathao's webhook: the order waits for parcel 2.
    const news = {
      consignment_id: p1!.consignment,
      merchant_order_id: o.orderNumber,
      event: "order.delivered",
    };
    const delivered = await webhook(news);
    expect(delivered.body.data).toMatchObject({
      order: o.orderNumber,
      shipment: "delivered",
      status: "shipped",
    });
    expect((await webhook(news)).body.data).toMatchObject({ changed: false, status: "shipped" });
    const track1 = await h.request<TrackingView>("GET", `/api/tracking/${p1!.consignment}`);
    const track2 = await h.request<TrackingView>("GET", `/api/tracking/${p2!.consignment}`);
    expect(track1.body.data).toMatchObject({ shipment: "delivered", items: 1, parcel: { seq: 1, of: 2 } });
    expect(track2.body.data).toMatchObject({ items: 1, parcel: { seq: 2, of: 2 } });
    expect(track2.body.data?.shipment).not.toBe("delivered");

    // Parcel 2 delivered, found by polling: now the order is.
    fake.setStatus(p2!.consignment!, "Delivered");
    const polled = await h.request("POST", `/api/admin/orders/${o.orderId}/courier/refresh`, {
      body: { shipment: 2 },
      cookie: staff.cookie,
    });
    expect(polled.status, polled.text).toBe(200);
    expect(polled.body.data).toMatchObject({ shipment: "delivered", status: "delivered" });
    const page = await h.request<AdminOrder>("GET", `/api/admin/orders/${o.orderId}`, {
      cookie: staff.cookie,
    });
    expect(page.body.data?.shipments.map((s) => s.state)).toEqual(["delivered", "delivered"]);
  });

  it("books a parcel once when it is tapped twice at the same moment", async () => {
    const o = await splitOrder();
    const [x, y] = await Promise.all([book(o.orderId, { shipment: 2 }), book(o.orderId, { shipment: 2 })]);
    expect([x.status, y.status].sort(), `${x.text} ${y.text}`).toEqual([200, 409]);
    expect(fake.orders().filter((p) => p.merchant_order_id === `${o.orderNumber}-2`)).toHaveLength(1);
    const rows = await h.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, o.orderId))
      .orderBy(asc(shipments.seq));
    expect(rows.map((r) => r.consignment === null)).toEqual([true, false]);
    // Parcel 1 is still to be booked, and the order is shipped with its first parcel out.
    expect((await orderRow(h, o.orderId)).status).toBe("shipped");
  });

  it("refuses to mark an order delivered while one of its parcels has not been sent", async () => {
    const o = await splitOrder();
    expect((await book(o.orderId, { shipment: 1 })).status).toBe(200);
    const res = await h.request("PATCH", `/api/admin/orders/${o.orderId}/status`, {
      body: { status: "delivered" },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/parcel 2 of 2 has not been sent yet/);
  });

  it("splits a parcel once per tap, audited, and refuses bad input with 400 changing nothing", async () => {
    const o = await twoBookOrder();
    const body = { from: 1, parcels: 1, lines: [{ lineId: o.lines[1]!.id, quantity: 1 }] };
    const [x, y] = await Promise.all([split(o.orderId, body), split(o.orderId, body)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const rows = await h.db.select().from(shipments).where(eq(shipments.orderId, o.orderId));
    expect(rows).toHaveLength(2);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, "order.parcel_split"));
    expect(audit.filter((a) => a.entityId === String(o.orderId))).toHaveLength(1);

    const other = await twoBookOrder();
    for (const bad of [
      {},
      { from: 1, parcels: 1, lines: [] },
      { from: 1, parcels: 1, lines: [{ lineId: other.lines[0]!.id, quantity: 2 }] },
      { from: 1, parcels: 1, lines: other.lines.map((l) => ({ lineId: l.id, quantity: 1 })) },
      { from: 3, parcels: 1, lines: [{ lineId: other.lines[0]!.id, quantity: 1 }] },
      { from: "1", parcels: 1, lines: [{ lineId: other.lines[0]!.id, quantity: 1 }] },
    ]) {
      const res = await split(other.orderId, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await h.db.select().from(shipments).where(eq(shipments.orderId, other.orderId))).toHaveLength(1);
    const customer = await h.createUser();
    const refused = await h.request("POST", `/api/admin/orders/${other.orderId}/shipments`, {
      body: { from: 1, parcels: 1, lines: [{ lineId: other.lines[0]!.id, quantity: 1 }] },
      cookie: customer.cookie,
    });
    expect(refused.status).toBe(403);
  });
});
