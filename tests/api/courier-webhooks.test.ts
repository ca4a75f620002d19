/**
 * Pathao's and RedX's webhooks, and booking with each, against their local fakes: a call with a
 * wrong signature or token is refused and changes nothing; the same news twice (a retry, a
 * replay, two at once) is recorded once.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "../../src/contracts/admin-order";
import type { CourierWebhookAnswer } from "../../src/contracts/answers/staff-orders";
import type { OrderFulfilment } from "../../src/contracts/fulfilment";
import { orderEvents } from "../../src/server/db/schema";
import { createDemoCourier } from "../../src/server/integrations/couriers/demo";
import { type FakePathao, startFakePathao } from "../../src/server/integrations/couriers/fakes/pathao-fake";
import { type FakeRedx, startFakeRedx } from "../../src/server/integrations/couriers/fakes/redx-fake";
import {
  createPathao,
  PATHAO_INTEGRATION_HEADER,
  PATHAO_INTEGRATION_VALUE,
} from "../../src/server/integrations/couriers/pathao";
import { createRedx } from "../../src/server/integrations/couriers/redx";
import { checkout, orderRow } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const PATHAO_SECRET = "pathao-webhook-secret-for-tests";
const REDX_TOKEN = "redx-callback-token-for-tests";

async function eventsOf(h: Harness, orderId: number) {
  return h.db
    .select({ status: orderEvents.status, note: orderEvents.note })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

/** A confirmed cash-on-delivery order (Sylhet, Zindabazar), booked by staff with the connected courier. */
async function bookedOrder(h: Harness, staff: TestUser) {
  const buyer = await h.createUser();
  const book = await createProduct(h.db, { price: 40_000, stock: 10 });
  const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
  const res = await h.request<OrderFulfilment>("POST", `/api/admin/orders/${placed.orderId}/courier`, {
    cookie: staff.cookie,
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data?.status).toBe("shipped");
  return { id: placed.orderId, number: placed.orderNumber, consignment: res.body.data!.consignment! };
}

describe("Pathao", () => {
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
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const webhook = (body: unknown, signature: string | null = PATHAO_SECRET) =>
    h.request<CourierWebhookAnswer>("POST", "/api/couriers/pathao/webhook", {
      body,
      headers: signature === null ? {} : { "x-pathao-signature": signature },
    });

  it("books the parcel in Pathao's city and zone of the order's district and area, cash to collect included", async () => {
    const o = await bookedOrder(h, staff);
    const booked = fake.orders().find((x) => x.merchant_order_id === o.number)!;
    expect(booked).toMatchObject({ recipient_city: 7, recipient_zone: 820 });
    expect(booked.amount_to_collect).toBeGreaterThan(0);
    expect(o.consignment).toBe(booked.consignment_id);
    const history = await eventsOf(h, o.id);
    expect(history.map((e) => e.note)).toContain(`Consignment ${o.consignment} (Pathao)`);
  });

  it("answers Pathao's set-up check with 202 and its header", async () => {
    const res = await webhook({ event: "webhook_integration" });
    expect(res.status).toBe(202);
    expect(res.headers.get(PATHAO_INTEGRATION_HEADER)).toBe(PATHAO_INTEGRATION_VALUE);
  });

  it("refuses a wrong or missing signature and changes nothing", async () => {
    const o = await bookedOrder(h, staff);
    const before = await eventsOf(h, o.id);
    const news = { consignment_id: o.consignment, merchant_order_id: o.number, event: "order.delivered" };
    for (const signature of ["wrong-secret", null, `${PATHAO_SECRET}x`]) {
      const res = await webhook(news, signature);
      expect(res.status).toBe(401);
    }
    expect((await orderRow(h, o.id)).status).toBe("shipped");
    expect(await eventsOf(h, o.id)).toEqual(before);
  });

  it("delivers the order on Pathao's word, once: a replayed call changes nothing", async () => {
    const o = await bookedOrder(h, staff);
    const news = { consignment_id: o.consignment, merchant_order_id: o.number, event: "order.delivered" };
    const first = await webhook(news);
    expect(first.status).toBe(202);
    expect(first.body.data).toEqual({
      order: o.number,
      shipment: "delivered",
      status: "delivered",
      changed: true,
    });
    const after = await eventsOf(h, o.id);
    const again = await webhook(news);
    expect(again.body.data).toMatchObject({ status: "delivered", changed: false });
    expect(await eventsOf(h, o.id)).toEqual(after);
    expect(after.filter((e) => e.status === "delivered")).toHaveLength(1);
  });

  it("records the parcel's progress, and takes events that move no parcel without a change", async () => {
    const o = await bookedOrder(h, staff);
    const transit = await webhook({ consignment_id: o.consignment, event: "order.in-transit" });
    expect(transit.body.data).toMatchObject({ shipment: "in_transit", status: "shipped", changed: true });
    const paid = await webhook({ consignment_id: o.consignment, event: "order.paid", invoice_id: "X1" });
    expect(paid.status).toBe(202);
    expect(paid.body.data).toMatchObject({ order: null, changed: false });
    expect((await orderRow(h, o.id)).status).toBe("shipped");
  });

  it("polls Pathao when staff ask", async () => {
    const o = await bookedOrder(h, staff);
    fake.setStatus(o.consignment, "Delivered");
    const res = await h.request("POST", `/api/admin/orders/${o.id}/courier/refresh`, {
      cookie: staff.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ shipment: "delivered", status: "delivered" });
  });

  it("answers a parcel no order holds without changing anything, and 404 for a courier not connected", async () => {
    const res = await webhook({ consignment_id: "DL-NOT-OURS", event: "order.delivered" });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ order: null, changed: false });
    const redx = await h.request("POST", `/api/couriers/redx/webhook?token=${REDX_TOKEN}`, { body: {} });
    expect(redx.status).toBe(404);
  });

  it("refuses a body that is not a JSON object, and an unknown courier, with 400", async () => {
    const list = await h.request("POST", "/api/couriers/pathao/webhook", {
      body: "[1,2]",
      headers: { "x-pathao-signature": PATHAO_SECRET },
    });
    expect(list.status).toBe(400);
    const garbled = await h.request("POST", "/api/couriers/pathao/webhook", {
      body: "{not json",
      headers: { "x-pathao-signature": PATHAO_SECRET },
    });
    expect(garbled.status).toBe(400);
    expect((await h.request("POST", "/api/couriers/fedex/webhook", { body: {} })).status).toBe(400);
  });
});

describe("RedX", () => {
  let h: Harness;
  let fake: FakeRedx;
  let staff: TestUser;
  beforeAll(async () => {
    fake = await startFakeRedx();
    h = await createHarness({
      courier: (deps) =>
        createRedx({ baseUrl: fake.baseUrl, token: fake.token, webhookToken: REDX_TOKEN }, deps.log),
    });
    staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const webhook = (body: unknown, token: string | null = REDX_TOKEN) =>
    h.request<CourierWebhookAnswer>(
      "POST",
      `/api/couriers/redx/webhook${token === null ? "" : `?token=${encodeURIComponent(token)}`}`,
      {
        body,
      },
    );

  it("books the parcel in RedX's delivery area of the order's district and area", async () => {
    const o = await bookedOrder(h, staff);
    const parcel = fake.parcels().find((p) => p.tenant_invoice_id === o.number)!;
    expect(parcel).toMatchObject({ delivery_area: "Zindabazar", delivery_area_id: 300 });
    expect(o.consignment).toBe(parcel.tracking_id.toUpperCase());
  });

  it("refuses a callback without the token or with another, and changes nothing", async () => {
    const o = await bookedOrder(h, staff);
    const before = await eventsOf(h, o.id);
    const news = { tracking_number: o.consignment, status: "delivered", invoice_number: o.number };
    expect((await webhook(news, null)).status).toBe(401);
    expect((await webhook(news, "guessed-token-guessed")).status).toBe(401);
    expect((await orderRow(h, o.id)).status).toBe("shipped");
    expect(await eventsOf(h, o.id)).toEqual(before);
  });

  it("delivers the order on RedX's word once, even when the same callback comes twice at once", async () => {
    const o = await bookedOrder(h, staff);
    const news = { tracking_number: o.consignment, status: "delivered", timestamp: "2026-01-01T10:00:00Z" };
    const [a, b] = await Promise.all([webhook(news), webhook(news)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data?.changed, b.body.data?.changed].sort()).toEqual([false, true]);
    expect((await orderRow(h, o.id)).status).toBe("delivered");
    const history = await eventsOf(h, o.id);
    expect(history.filter((e) => e.status === "delivered")).toHaveLength(1);
    expect(history.filter((e) => e.note === "RedX: delivered")).toHaveLength(1);
    const replay = await webhook(news);
    expect(replay.body.data).toMatchObject({ changed: false, status: "delivered" });
    expect(await eventsOf(h, o.id)).toEqual(history);
  });

  it("holds the parcel on RedX's word without moving the order", async () => {
    const o = await bookedOrder(h, staff);
    const res = await webhook({ tracking_number: o.consignment, status: "agent-hold" });
    expect(res.body.data).toMatchObject({ shipment: "hold", status: "shipped", changed: true });
  });
});

describe("the demo courier", () => {
  let h: Harness;
  let staff: TestUser;
  beforeAll(async () => {
    h = await createHarness({ courier: (deps) => createDemoCourier(() => deps.now().getTime()) });
    staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("is named on the order page's data as the demo's, and books at once", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000, stock: 10 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    const page = await h.request<AdminOrder>("GET", `/api/admin/orders/${placed.orderId}`, {
      cookie: staff.cookie,
    });
    expect(page.body.data).toMatchObject({
      courierConnected: true,
      connectedCourier: "Demo courier",
      demoCourier: true,
    });
    const o = await bookedOrder(h, staff);
    expect(o.consignment).toMatch(/^DEMO-/);
    expect((await eventsOf(h, o.id)).map((e) => e.note)).toContain(
      `Consignment ${o.consignment} (Demo courier)`,
    );
  });

  it("moves the parcel along by the clock until it is delivered", async () => {
    const o = await bookedOrder(h, staff);
    const refresh = () =>
      h.request("POST", `/api/admin/orders/${o.id}/courier/refresh`, { cookie: staff.cookie });
    h.clock.advance(6 * 60_000);
    expect((await refresh()).body.data).toMatchObject({ shipment: "in_transit", status: "shipped" });
    h.clock.advance(30 * 60_000);
    expect((await refresh()).body.data).toMatchObject({ shipment: "delivered", status: "delivered" });
  });
});
