/**
 * The cash-on-delivery risk check: a phone's parcels (the shop's own, and Steadfast's record on
 * its local fake), the rule staff set, a first-time buyer never flagged, a risky order held for a
 * phone call or asked to pay online, and a lookup that is late or fails counting as no history.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "../../src/contracts/admin-order";
import type { AdminOrder as AdminOrderRow } from "../../src/contracts/admin-orders";
import type { CodRiskRuleView } from "../../src/contracts/cod-risk";
import { auditLog, orders } from "../../src/server/db/schema";
import {
  type FakeSteadfast,
  startFakeSteadfast,
} from "../../src/server/integrations/couriers/fakes/steadfast-fake";
import { createSteadfastHistory } from "../../src/server/integrations/delivery-history/steadfast";
import { ADDRESS, checkout, orderRow } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let fake: FakeSteadfast;
let staff: TestUser;
let phoneSeq = 0;

beforeAll(async () => {
  fake = await startFakeSteadfast();
  h = await createHarness({
    deliveryHistory: (deps) =>
      createSteadfastHistory(
        { baseUrl: fake.baseUrl, apiKey: fake.apiKey, secretKey: fake.secretKey },
        deps.log,
      ),
  });
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** A buyer of a phone of their own, new to the shop and to Steadfast. */
async function newBuyer() {
  phoneSeq += 1;
  return h.createUser({ phone: `0171${String(500_000 + phoneSeq).padStart(7, "0")}` });
}

async function placeCod(buyer: TestUser) {
  const book = await createProduct(h.db, { price: 30_000, stock: 20 });
  return checkout(h, buyer, { items: [{ productId: book.id }] });
}

/** A cash-on-delivery parcel to the buyer that came back, refused at the door. */
async function refusedParcel(buyer: TestUser) {
  const placed = await placeCod(buyer);
  const patch = (body: unknown) =>
    h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, { cookie: staff.cookie, body });
  await h.request("POST", `/api/admin/orders/${placed.orderId}/cod-check`, {
    cookie: staff.cookie,
    body: { result: "confirmed" },
  });
  expect((await patch({ status: "processing" })).status).toBe(200);
  expect((await patch({ status: "shipped", byHand: true })).status).toBe(200);
  const back = await h.request("POST", `/api/admin/orders/${placed.orderId}/return`, {
    cookie: staff.cookie,
    body: { reason: "refused", charge: 0 },
  });
  expect(back.status, back.text).toBe(200);
}

const rule = () => h.request<CodRiskRuleView>("GET", "/api/admin/cod-risk-rule", { cookie: staff.cookie });
const setRule = (body: unknown) =>
  h.request<CodRiskRuleView>("PUT", "/api/admin/cod-risk-rule", { cookie: staff.cookie, body });

describe("the rule staff set", () => {
  it("is the default (under 50% delivered or 2 parcels back: a phone call) until saved, then audited", async () => {
    const first = await rule();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      enabled: true,
      minDeliveredPercent: 50,
      maxReturns: 2,
      action: "call",
      updatedAt: null,
      lookup: "steadfast",
    });
    const saved = await setRule({
      enabled: true,
      minDeliveredPercent: 60,
      maxReturns: 3,
      action: "call",
      version: 1,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ minDeliveredPercent: 60, maxReturns: 3, version: 2 });
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, "cod_risk.rule"));
    expect(entry).toMatchObject({
      actorId: staff.user.id,
      before: { maxReturns: 2 },
      after: { maxReturns: 3 },
    });
    // Back to the default for the tests below.
    expect(
      (await setRule({ enabled: true, minDeliveredPercent: 50, maxReturns: 2, action: "call", version: 2 }))
        .status,
    ).toBe(200);
  });

  it("refuses a stale version and bad input, changing nothing", async () => {
    const now = (await rule()).body.data!;
    const stale = await setRule({ ...now, maxReturns: 9, version: now.version - 1 });
    expect(stale.status).toBe(409);
    for (const bad of [
      { minDeliveredPercent: 120 },
      { maxReturns: 0 },
      { action: "block" },
      { enabled: 1 },
    ]) {
      const res = await setRule({ ...now, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await rule()).body.data).toEqual(now);
  });

  it("saves once when two tabs save from the same version", async () => {
    const now = (await rule()).body.data!;
    const body = {
      enabled: true,
      minDeliveredPercent: 50,
      maxReturns: 2,
      action: "call",
      version: now.version,
    };
    const [a, b] = await Promise.all([setRule(body), setRule(body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await rule()).body.data!.version).toBe(now.version + 1);
  });

  it("is for staff with the orders permission", async () => {
    const other = await h.createUser({ role: "staff", permissions: ["invoices"] });
    expect((await h.request("GET", "/api/admin/cod-risk-rule", { cookie: other.cookie })).status).toBe(403);
  });
});

describe("a cash-on-delivery order's phone", () => {
  it("of a first-time buyer is never flagged, however strict the rule", async () => {
    const now = (await rule()).body.data!;
    await setRule({
      enabled: true,
      minDeliveredPercent: 100,
      maxReturns: 1,
      action: "pay_online",
      version: now.version,
    });
    const buyer = await newBuyer();
    const placed = await placeCod(buyer);
    const row = await orderRow(h, placed.orderId);
    expect(row.codRiskLevel).toBe("none");
    expect(row.codRisk).toMatchObject({
      delivered: 0,
      returned: 0,
      action: null,
      sources: ["shop", "steadfast"],
    });
    const pack = await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      cookie: staff.cookie,
      body: { status: "processing" },
    });
    expect(pack.status).toBe(200);
    const back = (await rule()).body.data!;
    await setRule({
      enabled: true,
      minDeliveredPercent: 50,
      maxReturns: 2,
      action: "call",
      version: back.version,
    });
  });

  it("with two parcels back is risky: its order is held for a phone call, badged and found by the filter", async () => {
    const buyer = await newBuyer();
    await refusedParcel(buyer);
    await refusedParcel(buyer);
    const placed = await placeCod(buyer);
    const row = await orderRow(h, placed.orderId);
    expect(row.codRiskLevel).toBe("risky");
    expect(row.codRisk).toMatchObject({
      delivered: 0,
      returned: 2,
      refused: 2,
      deliveredPercent: 0,
      action: "call",
    });

    const page = await h.request<AdminOrder>("GET", `/api/admin/orders/${placed.orderId}`, {
      cookie: staff.cookie,
    });
    expect(page.body.data?.codRisk).toMatchObject({ level: "risky", returned: 2, held: true });
    const list = await h.request<{ items: AdminOrderRow[] }>(
      "GET",
      "/api/admin/orders?codRisk=risky&limit=100",
      {
        cookie: staff.cookie,
      },
    );
    expect(list.status, list.text).toBe(200);
    expect(list.body.data!.items.map((o) => o.id)).toContain(placed.orderId);
    expect(list.body.data!.items.every((o) => o.codRisk === "risky")).toBe(true);

    const pack = () =>
      h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
        cookie: staff.cookie,
        body: { status: "processing" },
      });
    const held = await pack();
    expect(held.status).toBe(409);
    expect(held.body.message).toContain("held for a phone call");
    await h.request("POST", `/api/admin/orders/${placed.orderId}/cod-check`, {
      cookie: staff.cookie,
      body: { result: "confirmed" },
    });
    expect((await pack()).status).toBe(200);
  });

  it("is asked to pay online when the rule says so: cash on delivery refused in plain words, nothing placed", async () => {
    const buyer = await newBuyer();
    await refusedParcel(buyer);
    await refusedParcel(buyer);
    const now = (await rule()).body.data!;
    await setRule({ ...now, action: "pay_online" });
    const book = await createProduct(h.db, { price: 30_000, stock: 5 });
    await h.request("POST", "/api/cart", {
      cookie: buyer.cookie,
      body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
    });
    const before = await h.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.user.id));
    const res = await h.request("POST", "/api/checkout", {
      cookie: buyer.cookie,
      body: { ...ADDRESS, phone: buyer.phone, paymentMethod: "cod" },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Some earlier parcels to ${buyer.phone} came back undelivered, so cash on delivery is not available for this phone number. Please pay online (bKash, Nagad, Rocket or card).`,
    );
    expect(await h.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.user.id))).toEqual(
      before,
    );
    const online = await h.request("POST", "/api/checkout", {
      cookie: buyer.cookie,
      body: { ...ADDRESS, phone: buyer.phone, paymentMethod: "gateway" },
    });
    expect(online.status, online.text).toBe(201);
    const after = (await rule()).body.data!;
    await setRule({ ...after, action: "call" });
  });

  it("adds Steadfast's record, kept a day: a new buyer with 4 parcels back elsewhere is risky", async () => {
    const buyer = await newBuyer();
    fake.setHistory(buyer.phone, { delivered: 6, cancelled: 4 });
    const asked = fake.requests.length;
    const first = await placeCod(buyer);
    expect((await orderRow(h, first.orderId)).codRisk).toMatchObject({
      delivered: 6,
      returned: 4,
      deliveredPercent: 60,
    });
    expect((await orderRow(h, first.orderId)).codRiskLevel).toBe("risky");
    await placeCod(buyer);
    expect(fake.requests.length).toBe(asked + 1);
  });

  it("counts a lookup that is late or fails as no history, without making checkout wait", async () => {
    const slow = await newBuyer();
    fake.setHistory(slow.phone, { delivered: 0, cancelled: 9 });
    fake.delayMs = 5_000;
    const started = performance.now();
    const placed = await placeCod(slow);
    expect(performance.now() - started).toBeLessThan(4_000);
    expect((await orderRow(h, placed.orderId)).codRiskLevel).toBe("none");
    fake.delayMs = 0;

    const failing = await newBuyer();
    fake.setHistory(failing.phone, { delivered: 0, cancelled: 9 });
    fake.failNext(500);
    const again = await placeCod(failing);
    expect((await orderRow(h, again.orderId)).codRiskLevel).toBe("none");
  });

  it("is not checked for an order paid online", async () => {
    const buyer = await newBuyer();
    const book = await createProduct(h.db, { stock: 5 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    expect((await orderRow(h, placed.orderId)).codRiskLevel).toBeNull();
  });
});
