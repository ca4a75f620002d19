/**
 * Several couriers connected at once (decision 67): the default courier per district, the courier
 * chosen per order or for a bulk booking, the prices, a booking claimed so it is made once, and
 * each parcel followed with the courier it was booked with. Against the three couriers' local
 * fakes; the demo's stand-ins at the end.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "../../src/contracts/admin-order";
import type { OrderBulkResult } from "../../src/contracts/admin-orders";
import type { CourierWebhookAnswer } from "../../src/contracts/answers/staff-orders";
import type { CourierDistricts, CourierPrices } from "../../src/contracts/couriers";
import type { OrderFulfilment } from "../../src/contracts/fulfilment";
import type { TrackingView } from "../../src/contracts/tracking";
import { auditLog, courierDistricts, orderEvents, orders, shipments } from "../../src/server/db/schema";
import { createCouriers } from "../../src/server/integrations/couriers";
import { type FakePathao, startFakePathao } from "../../src/server/integrations/couriers/fakes/pathao-fake";
import { type FakeRedx, startFakeRedx } from "../../src/server/integrations/couriers/fakes/redx-fake";
import {
  type FakeSteadfast,
  startFakeSteadfast,
} from "../../src/server/integrations/couriers/fakes/steadfast-fake";
import { createPathao } from "../../src/server/integrations/couriers/pathao";
import { createRedx } from "../../src/server/integrations/couriers/redx";
import { createSteadfast } from "../../src/server/integrations/couriers/steadfast";
import { checkout, orderRow } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const STEADFAST_TOKEN = "steadfast-webhook-token-for-tests";
const PATHAO_SECRET = "pathao-webhook-secret-for-tests";

let h: Harness;
let steadfast: FakeSteadfast;
let pathao: FakePathao;
let redx: FakeRedx;
let staff: TestUser;
let bookId: number;

beforeAll(async () => {
  [steadfast, pathao, redx] = await Promise.all([startFakeSteadfast(), startFakePathao(), startFakeRedx()]);
  h = await createHarness({
    couriers: (deps) => [
      createSteadfast(
        {
          baseUrl: steadfast.baseUrl,
          apiKey: steadfast.apiKey,
          secretKey: steadfast.secretKey,
          webhookToken: STEADFAST_TOKEN,
        },
        deps.log,
      ),
      createPathao(
        {
          baseUrl: pathao.baseUrl,
          clientId: pathao.clientId,
          clientSecret: pathao.clientSecret,
          username: pathao.username,
          password: pathao.password,
          storeId: pathao.storeId,
          webhookSecret: PATHAO_SECRET,
        },
        deps.log,
      ),
      createRedx({ baseUrl: redx.baseUrl, token: redx.token, pickupAreaId: 1 }, deps.log),
    ],
  });
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  bookId = (await createProduct(h.db, { price: 40_000, stock: 500 })).id;
}, 60_000);
afterAll(async () => {
  await h?.close();
  await Promise.all([steadfast?.close(), pathao?.close(), redx?.close()]);
});

/** A confirmed cash-on-delivery order to `district` (Sylhet's Zindabazar unless said). */
async function order(district = "Sylhet", area = "Zindabazar") {
  const buyer = await h.createUser();
  const placed = await checkout(h, buyer, { items: [{ productId: bookId }] });
  if (district !== "Sylhet") {
    await h.db.update(orders).set({ district, area }).where(eq(orders.id, placed.orderId));
  }
  return { id: placed.orderId, number: placed.orderNumber };
}

const setDistricts = (districts: unknown, u: TestUser = staff) =>
  h.request<CourierDistricts>("PUT", "/api/admin/couriers/districts", {
    body: { districts },
    cookie: u.cookie,
  });
const book = (id: number, body?: unknown) =>
  h.request<OrderFulfilment>("POST", `/api/admin/orders/${id}/courier`, { body, cookie: staff.cookie });
const bulk = (body: unknown) =>
  h.request<OrderBulkResult>("POST", "/api/admin/orders/bulk/courier", { body, cookie: staff.cookie });

/** Every booking of this order number at the three couriers. */
function bookingsOf(number: string) {
  return [
    ...steadfast.consignments().filter((c) => c.invoice === number),
    ...pathao.orders().filter((o) => o.merchant_order_id === number),
    ...redx.parcels().filter((p) => p.tenant_invoice_id === number),
  ];
}

describe("the default courier per district", () => {
  it("lists the 64 districts by division with the three couriers connected and the shop's default", async () => {
    const res = await h.request<CourierDistricts>("GET", "/api/admin/couriers/districts", {
      cookie: staff.cookie,
    });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data!;
    expect(data.couriers.map((c) => [c.name, c.label, c.demo, c.prices])).toEqual([
      ["steadfast", "Steadfast", false, false],
      ["pathao", "Pathao", false, true],
      ["redx", "RedX", false, true],
    ]);
    expect(data.shopDefault).toBe("steadfast");
    expect(data.districts).toHaveLength(64);
    expect(new Set(data.districts.map((d) => d.division)).size).toBe(8);
  });

  it("sets the districts named, each audited, and puts one back to the shop's default", async () => {
    const res = await setDistricts([
      { district: "Chattogram", courier: "pathao" },
      { district: "comilla", courier: "REDX" },
    ]);
    expect(res.status, res.text).toBe(200);
    const by = new Map(res.body.data!.districts.map((d) => [d.district, d]));
    expect(by.get("Chattogram")).toMatchObject({
      courier: "pathao",
      connected: true,
      updatedBy: staff.user.name,
    });
    expect(by.get("Cumilla")).toMatchObject({ courier: "redx" });
    expect(by.get("Dhaka")).toMatchObject({ courier: null, updatedAt: null });
    const back = await setDistricts([{ district: "Cumilla", courier: null }]);
    expect(back.status, back.text).toBe(200);
    expect(back.body.data!.districts.find((d) => d.district === "Cumilla")?.courier).toBeNull();
    const audit = await h.db
      .select({ entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "courier_district"), eq(auditLog.actorId, staff.user.id)))
      .orderBy(asc(auditLog.id));
    expect(audit).toEqual([
      { entityId: "Chattogram", before: { courier: null }, after: { courier: "pathao" } },
      { entityId: "Cumilla", before: { courier: null }, after: { courier: "redx" } },
      { entityId: "Cumilla", before: { courier: "redx" }, after: { courier: null } },
    ]);
    // The same courier again changes nothing and writes no entry.
    await setDistricts([{ district: "Chattogram", courier: "pathao" }]);
    const again = await h.db.select().from(auditLog).where(eq(auditLog.entity, "courier_district"));
    expect(again).toHaveLength(3);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const before = await h.db.select().from(courierDistricts).orderBy(asc(courierDistricts.district));
    for (const districts of [
      [],
      [{ district: "Gotham", courier: "pathao" }],
      [{ district: "Dhaka", courier: "fedex" }],
      [{ district: "Dhaka", courier: "demo-pathao" }],
      [{ district: "Dhaka", courier: 7 }],
      [
        { district: "Dhaka", courier: "redx" },
        { district: "dhaka", courier: "pathao" },
      ],
      "Dhaka",
    ]) {
      const res = await setDistricts(districts);
      expect(res.status, `${JSON.stringify(districts)}: ${res.text}`).toBe(400);
    }
    expect(await h.db.select().from(courierDistricts).orderBy(asc(courierDistricts.district))).toEqual(
      before,
    );
  });

  it("keeps both clerks' changes to different districts, and the later write of the same district", async () => {
    const other = await h.createUser({ role: "staff", permissions: ["orders"] });
    const [a, b] = await Promise.all([
      setDistricts([{ district: "Khulna", courier: "redx" }]),
      setDistricts([{ district: "Bogura", courier: "pathao" }], other),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [c, d] = await Promise.all([
      setDistricts([{ district: "Rangpur", courier: "redx" }]),
      setDistricts([{ district: "Rangpur", courier: "pathao" }], other),
    ]);
    expect([c.status, d.status]).toEqual([200, 200]);
    const rows = new Map(
      (await h.db.select().from(courierDistricts)).map((r) => [r.district, r.courier] as const),
    );
    expect(rows.get("Khulna")).toBe("redx");
    expect(rows.get("Bogura")).toBe("pathao");
    expect(["redx", "pathao"]).toContain(rows.get("Rangpur"));
  });
});

describe("the courier chosen per order", () => {
  it("preselects the district's courier on the order page and books with it", async () => {
    await setDistricts([{ district: "Sylhet", courier: "redx" }]);
    const o = await order();
    const page = await h.request<AdminOrder>("GET", `/api/admin/orders/${o.id}`, { cookie: staff.cookie });
    expect(page.body.data).toMatchObject({
      districtCourier: "redx",
      connectedCourier: "RedX",
      courierConnected: true,
      demoCourier: false,
    });
    expect(page.body.data!.couriers.map((c) => c.name)).toEqual(["steadfast", "pathao", "redx"]);
    const res = await book(o.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toContain("Booked with RedX");
    expect(res.body.data).toMatchObject({ status: "shipped", courier: "redx" });
    expect(bookingsOf(o.number)).toHaveLength(1);
    expect(redx.parcels().some((p) => p.tracking_id === res.body.data!.consignment)).toBe(true);
  });

  it("books with the courier staff choose instead, and with the shop's default where the district has none", async () => {
    const chosen = await order();
    const res = await book(chosen.id, { courier: "pathao" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data?.courier).toBe("pathao");
    expect(pathao.orders().filter((x) => x.merchant_order_id === chosen.number)).toHaveLength(1);
    const dhaka = await order("Dhaka", "Dhanmondi");
    const plain = await book(dhaka.id);
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.data?.courier).toBe("steadfast");
    expect(steadfast.consignments().filter((c) => c.invoice === dhaka.number)).toHaveLength(1);
  });

  it("refuses a courier that is not connected with 400, booking nothing", async () => {
    const o = await order();
    for (const body of [{ courier: "fedex" }, { courier: "demo-redx" }, { courier: "" }, { courier: 3 }]) {
      const res = await book(o.id, body);
      expect(res.status, res.text).toBe(400);
    }
    expect((await orderRow(h, o.id)).status).toBe("confirmed");
    expect(bookingsOf(o.number)).toHaveLength(0);
    const [parcel] = await h.db.select().from(shipments).where(eq(shipments.orderId, o.id));
    expect(parcel?.bookingAt).toBeNull();
  });

  it("releases the order when the courier refuses, so it can be booked with another", async () => {
    const o = await order();
    steadfast.failNext(500);
    const down = await book(o.id, { courier: "steadfast" });
    expect(down.status, down.text).toBe(503);
    const other = await book(o.id, { courier: "pathao" });
    expect(other.status, other.text).toBe(200);
    expect(bookingsOf(o.number)).toHaveLength(1);
  });

  it("shows each courier's price for the parcel, says which has none, and does not wait for a slow one", async () => {
    const o = await order();
    const prices = await h.request<CourierPrices>("GET", `/api/admin/orders/${o.id}/courier-prices`, {
      cookie: staff.cookie,
    });
    expect(prices.status, prices.text).toBe(200);
    const by = new Map(prices.body.data!.prices.map((p) => [p.courier, p]));
    expect(prices.body.data!.districtCourier).toBe("redx");
    expect(by.get("steadfast")).toMatchObject({ state: "none", total: null });
    expect(by.get("steadfast")?.message).toMatch(/no price API/);
    expect(by.get("pathao")).toMatchObject({ state: "priced" });
    expect(by.get("pathao")!.total).toBeGreaterThan(0);
    expect(by.get("redx")).toMatchObject({ state: "priced" });
    redx.delayNext(6000, 1);
    const started = Date.now();
    const slow = await h.request<CourierPrices>("GET", `/api/admin/orders/${o.id}/courier-prices`, {
      cookie: staff.cookie,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    const late = slow.body.data!.prices.find((p) => p.courier === "redx")!;
    expect(late).toMatchObject({ state: "failed", total: null });
    expect(late.message).toMatch(/did not answer/);
    expect(slow.body.data!.prices.find((p) => p.courier === "pathao")?.state).toBe("priced");
  }, 20_000);
});

describe("bulk booking", () => {
  it("books each order with its district's courier, with a refusal among them", async () => {
    await setDistricts([
      { district: "Sylhet", courier: "redx" },
      { district: "Chattogram", courier: "pathao" },
    ]);
    const sylhet = await order();
    const ctg = await order("Chattogram", "Agrabad");
    const done = await order();
    expect((await book(done.id, { courier: "steadfast" })).status).toBe(200);
    const res = await bulk({ ids: [sylhet.id, ctg.id, done.id] });
    expect(res.status, res.text).toBe(200);
    const [a, b, c] = res.body.data!.results;
    expect(a).toMatchObject({ id: sylhet.id, ok: true });
    expect(a?.message).toMatch(/^Booked with RedX: consignment /);
    expect(b).toMatchObject({ id: ctg.id, ok: true });
    expect(b?.message).toMatch(/^Booked with Pathao: consignment /);
    expect(c).toMatchObject({ id: done.id, ok: false });
    expect(c?.message).toMatch(/already has consignment/);
    expect((await orderRow(h, sylhet.id)).courier).toBe("redx");
    expect((await orderRow(h, ctg.id)).courier).toBe("pathao");
  });

  it("books them all with one courier when one is chosen; a courier not connected is refused with 400", async () => {
    const x = await order("Chattogram", "Agrabad");
    const y = await order();
    const res = await bulk({ ids: [x.id, y.id], courier: "steadfast" });
    expect(res.body.data!.results.every((r) => r.ok)).toBe(true);
    expect((await orderRow(h, x.id)).courier).toBe("steadfast");
    expect((await orderRow(h, y.id)).courier).toBe("steadfast");
    const z = await order();
    const refused = await bulk({ ids: [z.id], courier: "fedex" });
    expect(refused.status).toBe(400);
    expect((await orderRow(h, z.id)).status).toBe("confirmed");
  });

  it("books an order once when a bulk booking races a single booking of it", async () => {
    for (let round = 0; round < 3; round += 1) {
      const o = await order();
      redx.delayNext(200, 3);
      const [many, one] = await Promise.all([
        bulk({ ids: [o.id], courier: "redx" }),
        book(o.id, { courier: "pathao" }),
      ]);
      expect(many.status, many.text).toBe(200);
      const wins = [many.body.data!.results[0]!.ok, one.status === 200].filter(Boolean);
      expect(wins).toHaveLength(1);
      if (one.status !== 200) expect(one.status).toBe(409);
      expect(bookingsOf(o.number)).toHaveLength(1);
      const row = await orderRow(h, o.id);
      expect(row.status).toBe("shipped");
      const audits = await h.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, "order"),
            eq(auditLog.entityId, String(o.id)),
            eq(auditLog.action, "order.consignment"),
          ),
        );
      expect(audits).toHaveLength(1);
    }
  });
});

describe("each parcel followed with its own courier", () => {
  it("asks the parcel's courier, not the shop's default, for its news", async () => {
    const o = await order();
    const booked = await book(o.id, { courier: "pathao" });
    pathao.setStatus(booked.body.data!.consignment!, "Delivered");
    const res = await h.request("POST", `/api/admin/orders/${o.id}/courier/refresh`, {
      cookie: staff.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ shipment: "delivered", status: "delivered" });
    const page = await h.request<AdminOrder>("GET", `/api/admin/orders/${o.id}`, { cookie: staff.cookie });
    expect(page.body.data?.followsCourier).toBe(true);
  });

  it("shows the tracking page with the parcel's courier and asks it", async () => {
    const o = await order();
    const booked = await book(o.id, { courier: "redx" });
    const cn = booked.body.data!.consignment!;
    redx.setStatus(cn, "delivered");
    h.clock.advance(10 * 60_000);
    const res = await h.request<TrackingView>("GET", `/api/tracking/${cn}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ courier: "RedX", status: "delivered" });
  });

  it("takes each courier's webhook for its own parcels only", async () => {
    const viaPathao = await order();
    const p = await book(viaPathao.id, { courier: "pathao" });
    const hook = await h.request<CourierWebhookAnswer>("POST", "/api/couriers/pathao/webhook", {
      body: { consignment_id: p.body.data!.consignment, event: "order.delivered" },
      headers: { "x-pathao-signature": PATHAO_SECRET },
    });
    expect(hook.status, hook.text).toBe(202);
    expect(hook.body.data).toMatchObject({ order: viaPathao.number, status: "delivered", changed: true });
    // Steadfast naming an order booked with Pathao finds no parcel of its own.
    const wrong = await h.request<CourierWebhookAnswer>("POST", "/api/couriers/steadfast/webhook", {
      body: { notification_type: "delivery_status", invoice: viaPathao.number, status: "cancelled" },
      headers: { authorization: `Bearer ${STEADFAST_TOKEN}` },
    });
    expect(wrong.status, wrong.text).toBe(200);
    expect(wrong.body.data).toMatchObject({ order: null, changed: false });
    expect((await orderRow(h, viaPathao.id)).status).toBe("delivered");
  });
});

describe("Steadfast's webhook", () => {
  const hook = (body: unknown, token: string | null = STEADFAST_TOKEN) =>
    h.request<CourierWebhookAnswer>("POST", "/api/couriers/steadfast/webhook", {
      body,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  it("delivers the order on Steadfast's delivery_status, once, by our order number", async () => {
    const o = await order("Dhaka", "Dhanmondi");
    const booked = await book(o.id, { courier: "steadfast" });
    expect(booked.status, booked.text).toBe(200);
    const news = {
      notification_type: "delivery_status",
      consignment_id: 1234,
      invoice: o.number,
      cod_amount: 500,
      status: "Delivered",
      delivery_charge: 60,
      tracking_message: "Delivered to the customer",
      updated_at: "2026-11-29 12:45:30",
    };
    const first = await hook(news);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual({
      order: o.number,
      shipment: "delivered",
      status: "delivered",
      changed: true,
    });
    const history = await h.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    const again = await hook(news);
    expect(again.body.data).toMatchObject({ changed: false, status: "delivered" });
    expect(await h.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).toEqual(history);
  });

  it("refuses a wrong or missing token with 401, and only acknowledges a tracking update", async () => {
    const o = await order("Dhaka", "Dhanmondi");
    await book(o.id, { courier: "steadfast" });
    const news = { notification_type: "delivery_status", invoice: o.number, status: "cancelled" };
    for (const token of ["wrong-token-wrong-token", null, `${STEADFAST_TOKEN}x`]) {
      expect((await hook(news, token)).status).toBe(401);
    }
    const update = await hook({
      notification_type: "tracking_update",
      invoice: o.number,
      tracking_message: "x",
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ order: null, changed: false });
    expect((await orderRow(h, o.id)).status).toBe("shipped");
  });
});

describe("the demo's stand-ins", () => {
  let d: Harness;
  let clerk: TestUser;
  beforeAll(async () => {
    d = await createHarness({
      couriers: (deps) => {
        const set = createCouriers({ COURIER_PROVIDER: "demo" }, deps.log, () => deps.now().getTime());
        return [...set.bookable, set.get("demo")!];
      },
    });
    clerk = await d.createUser({ role: "staff", permissions: ["orders"] });
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  it("books with each of the three, each named (demo) on the order, its history and the tracking page", async () => {
    const product = await createProduct(d.db, { price: 40_000, stock: 10 });
    for (const [name, label] of [
      ["demo-steadfast", "Steadfast (demo)"],
      ["demo-pathao", "Pathao (demo)"],
      ["demo-redx", "RedX (demo)"],
    ] as const) {
      const placed = await checkout(d, await d.createUser(), { items: [{ productId: product.id }] });
      const page = await d.request<AdminOrder>("GET", `/api/admin/orders/${placed.orderId}`, {
        cookie: clerk.cookie,
      });
      expect(page.body.data?.couriers.map((c) => c.label)).toEqual([
        "Steadfast (demo)",
        "Pathao (demo)",
        "RedX (demo)",
      ]);
      expect(page.body.data).toMatchObject({ demoCourier: true, districtCourier: "demo-steadfast" });
      const prices = await d.request<CourierPrices>(
        "GET",
        `/api/admin/orders/${placed.orderId}/courier-prices`,
        { cookie: clerk.cookie },
      );
      expect(
        prices.body.data!.prices.every((p) => p.state === "none" && /stands in/.test(p.message ?? "")),
      ).toBe(true);
      const res = await d.request<OrderFulfilment>("POST", `/api/admin/orders/${placed.orderId}/courier`, {
        body: { courier: name },
        cookie: clerk.cookie,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.message).toBe(`Booked with ${label}: consignment ${res.body.data!.consignment}`);
      const cn = res.body.data!.consignment!;
      expect(cn).toMatch(/^DEMO-/);
      const notes = await d.db
        .select({ note: orderEvents.note })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, placed.orderId));
      expect(notes.map((n) => n.note)).toContain(`Consignment ${cn} (${label})`);
      const tracking = await d.request<TrackingView>("GET", `/api/tracking/${cn}`);
      expect(tracking.body.data?.courier).toBe(label);
    }
    d.clock.advance(31 * 60_000);
    const [last] = await d.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.courier, "demo-redx"))
      .limit(1);
    const refresh = await d.request("POST", `/api/admin/orders/${last!.id}/courier/refresh`, {
      cookie: clerk.cookie,
    });
    expect(refresh.body.data).toMatchObject({ shipment: "delivered", status: "delivered" });
  });

  it("still follows a parcel booked with the plain demo courier before", async () => {
    const product = await createProduct(d.db, { price: 40_000, stock: 10 });
    const placed = await checkout(d, await d.createUser(), { items: [{ productId: product.id }] });
    const code = `DEMO-${placed.orderNumber}-${d.clock.now().getTime().toString(36)}`.toUpperCase();
    await d.db
      .update(orders)
      .set({ courier: "demo", consignment: code, status: "shipped" })
      .where(eq(orders.id, placed.orderId));
    await d.db
      .update(shipments)
      .set({ courier: "demo", consignment: code, state: "shipped" })
      .where(eq(shipments.orderId, placed.orderId));
    d.clock.advance(6 * 60_000);
    const refresh = await d.request("POST", `/api/admin/orders/${placed.orderId}/courier/refresh`, {
      cookie: clerk.cookie,
    });
    expect(refresh.status, refresh.text).toBe(200);
    expect(refresh.body.data).toMatchObject({ shipment: "in_transit", status: "shipped" });
  });
});
