/**
 * One SMS per order event the buyer needs: an order paid online at once hears of its confirmation
 * only, and a parcel's tracking link is sent once for each consignment number it gets.
 */
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONSIGNMENT_ONLY_WHEN_SHIPPED,
  CONSIGNMENT_OR_BY_HAND,
  type OrderFulfilment,
  SHIPPED_NEEDS_CONSIGNMENT,
} from "../../src/contracts/fulfilment";
import { outbox, smsOutbox } from "../../src/server/db/schema";
import { PLACED_NOTICE_HOLD_MS } from "../../src/server/services/orders/lifecycle";
import { nudgeOutbox } from "../../src/server/services/platform/outbox";
import { checkout, orderRow, payAtSandbox } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
});
afterAll(async () => {
  await h?.close();
});

/** Every SMS delivered to a phone, oldest first, after the outbox has sent what is due. */
async function smsTo(phone: string): Promise<string[]> {
  await nudgeOutbox(h.deps);
  const rows = await h.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(asc(smsOutbox.id));
  return rows.map((r) => r.body);
}

/** The outbox rows of one order, by key. */
async function outboxOf(orderId: number) {
  return h.db
    .select({ key: outbox.key, status: outbox.status })
    .from(outbox)
    .where(like(outbox.key, `order-${orderId}-%`))
    .orderBy(asc(outbox.id));
}

describe("an order's first SMS", () => {
  it("sends an e-book paid online at once its confirmation only, never the 'received' before it", async () => {
    const buyer = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 15_000 });
    const placed = await checkout(h, buyer, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    // The buyer is at the gateway: nothing is sent yet.
    expect(await smsTo(buyer.phone)).toEqual([]);
    h.clock.advance(20_000);
    await payAtSandbox(h, placed.tranx);
    expect((await orderRow(h, placed.orderId)).status).toBe("confirmed");
    h.clock.advance(PLACED_NOTICE_HOLD_MS + 60_000);
    const sent = await smsTo(buyer.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`Order ${placed.orderNumber} confirmed.`);
    expect((await outboxOf(placed.orderId)).map((m) => m.key)).toEqual([
      `order-${placed.orderId}-confirmed-sms`,
    ]);
  });

  it("sends an online order whose payment failed the failure only", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, placed.tranx, "fail");
    h.clock.advance(PLACED_NOTICE_HOLD_MS + 60_000);
    const sent = await smsTo(buyer.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`Payment for order ${placed.orderNumber}`);
  });

  it("sends 'received' to an online order still unpaid once the hold is over, and once", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    h.clock.advance(PLACED_NOTICE_HOLD_MS - 1000);
    expect(await smsTo(buyer.phone)).toEqual([]);
    h.clock.advance(2000);
    const sent = await smsTo(buyer.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`Order ${placed.orderNumber} received.`);
    // Paid later: the confirmation follows; the "received" already sent stays sent.
    await payAtSandbox(h, placed.tranx);
    expect(await smsTo(buyer.phone)).toHaveLength(2);
    expect((await outboxOf(placed.orderId)).map((m) => [m.key, m.status])).toEqual([
      [`order-${placed.orderId}-placed-sms`, "sent"],
      [`order-${placed.orderId}-confirmed-sms`, "sent"],
    ]);
  });

  it("sends a cash-on-delivery order its confirmation at once, as before", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    const sent = await smsTo(buyer.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`Order ${placed.orderNumber} confirmed.`);
  });
});

const setStatus = (id: number, body: unknown) =>
  h.request<OrderFulfilment>("PATCH", `/api/admin/orders/${id}/status`, { body, cookie: staff.cookie });
const setConsignment = (id: number, body: unknown) =>
  h.request<OrderFulfilment>("PUT", `/api/admin/orders/${id}/consignment`, { body, cookie: staff.cookie });

/** A confirmed cash-on-delivery order of a new buyer for a printed book, moved to "being packed". */
async function packedOrder() {
  const buyer = await h.createUser();
  const book = await createProduct(h.db, { price: 40_000, stock: 10 });
  const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
  expect((await setStatus(placed.orderId, { status: "processing" })).status).toBe(200);
  return { buyer, id: placed.orderId, number: placed.orderNumber };
}

describe("shipping an order", () => {
  it("refuses Shipped with no consignment number and no 'delivered by hand', changing nothing", async () => {
    const o = await packedOrder();
    const res = await setStatus(o.id, { status: "shipped" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SHIPPED_NEEDS_CONSIGNMENT);
    expect(res.body.errors).toEqual({ consignment: SHIPPED_NEEDS_CONSIGNMENT });
    expect((await orderRow(h, o.id)).status).toBe("processing");
  });

  it.each([
    [{ status: "delivered", consignment: "SF123" }, "consignment", CONSIGNMENT_ONLY_WHEN_SHIPPED],
    [{ status: "shipped", byHand: true, consignment: "SF123" }, "byHand", CONSIGNMENT_OR_BY_HAND],
    [
      { status: "shipped", consignment: "a" },
      "consignment",
      "A consignment number has at least 3 characters",
    ],
    [{ status: "shipped", byHand: "yes" }, "byHand", "byHand is true or false"],
  ])("refuses a bad shipping request with 400 (%#)", async (body, field, message) => {
    const o = await packedOrder();
    const res = await setStatus(o.id, body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    expect((await orderRow(h, o.id)).status).toBe("processing");
  });

  it("ships with the consignment number typed with the status, and texts the tracking link once", async () => {
    const o = await packedOrder();
    const res = await setStatus(o.id, { status: "shipped", consignment: "sf-777a", courier: "Sundarban" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "shipped",
      consignment: "SF-777A",
      courier: "sundarban",
      trackingPath: "/tracking/SF-777A",
    });
    // A double tap: refused (already shipped); the consignment saved again sends nothing more.
    expect((await setStatus(o.id, { status: "shipped", consignment: "SF-777A" })).status).toBe(409);
    expect((await setConsignment(o.id, { consignment: "SF-777A", courier: "sundarban" })).status).toBe(200);
    const sent = await smsTo(o.buyer.phone);
    const tracking = sent.filter((s) => s.includes("/tracking/"));
    expect(tracking).toHaveLength(1);
    expect(tracking[0]).toContain(`Order ${o.number} (Tk 500) is on its way.`);
    expect(tracking[0]).toContain("http://localhost:3000/tracking/SF-777A");
    expect(sent.some((s) => s.includes("/orders") && s.includes("on its way"))).toBe(false);
  });

  it("marks a parcel delivered by hand: shipped, courier 'hand', no number, the SMS without a tracking link", async () => {
    const o = await packedOrder();
    const res = await setStatus(o.id, { status: "shipped", byHand: true, note: "Collected at the shop" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "shipped",
      courier: "hand",
      consignment: null,
      trackingPath: null,
    });
    const sent = await smsTo(o.buyer.phone);
    expect(sent.at(-1)).toContain(`Order ${o.number} (Tk 500) is on its way.`);
    expect(sent.at(-1)).not.toContain("/tracking/");
    // A consignment saved later still brings the tracking link.
    expect((await setConsignment(o.id, { consignment: "LATE-1" })).status).toBe(200);
    expect((await smsTo(o.buyer.phone)).at(-1)).toContain("/tracking/LATE-1");
  });
});

describe("shipping orders in bulk", () => {
  it("refuses each order with the reason: each parcel has its own consignment number", async () => {
    const o = await packedOrder();
    const res = await h.request<{ results: { id: number; ok: boolean; message: string }[] }>(
      "POST",
      "/api/admin/orders/bulk/status",
      { body: { ids: [o.id], status: "shipped" }, cookie: staff.cookie },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data?.results).toEqual([
      { id: o.id, number: o.number, ok: false, message: SHIPPED_NEEDS_CONSIGNMENT },
    ]);
    expect((await orderRow(h, o.id)).status).toBe("processing");
  });
});

describe("the tracking SMS", () => {
  it("texts the link when a consignment is saved on a shipped order, once per number, whatever the retries", async () => {
    const o = await packedOrder();
    expect((await setConsignment(o.id, { consignment: "FIRST-1" })).status).toBe(200);
    // A retry or a double tap of the same number.
    const [a, b] = await Promise.all([
      setConsignment(o.id, { consignment: "first-1" }),
      setConsignment(o.id, { consignment: "FIRST-1" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Corrected to another number, then back: each number's link is sent once.
    expect((await setConsignment(o.id, { consignment: "SECOND-2" })).status).toBe(200);
    expect((await setConsignment(o.id, { consignment: "SECOND-2" })).status).toBe(200);
    expect((await setConsignment(o.id, { consignment: "FIRST-1" })).status).toBe(200);
    const tracking = (await smsTo(o.buyer.phone)).filter((s) => s.includes("/tracking/"));
    expect(tracking).toHaveLength(2);
    expect(tracking[0]).toContain("/tracking/FIRST-1");
    expect(tracking[1]).toContain("/tracking/SECOND-2");
    expect((await outboxOf(o.id)).filter((m) => m.key.includes("-tracking-")).map((m) => m.key)).toEqual([
      `order-${o.id}-tracking-FIRST-1-sms`,
      `order-${o.id}-tracking-SECOND-2-sms`,
    ]);
  });
});
