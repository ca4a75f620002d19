import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OrderFulfilment } from "../../src/contracts/fulfilment";
import { auditLog, coupons, entitlements, orderEvents, products } from "../../src/server/db/schema";
import { checkout, orderRow, payAtSandbox, stockOf } from "./buying";
import { createCoupon, createProduct } from "./factories";
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

const setStatus = (id: number, body: unknown, u: TestUser | null = staff) =>
  h.request<OrderFulfilment>("PATCH", `/api/admin/orders/${id}/status`, { body, cookie: u?.cookie });
const setConsignment = (id: number, body: unknown, u: TestUser | null = staff) =>
  h.request<OrderFulfilment>("PUT", `/api/admin/orders/${id}/consignment`, { body, cookie: u?.cookie });

/** A confirmed cash-on-delivery order of a new customer, for one book (stock 10 unless said). */
async function confirmedOrder(opts: { stock?: number; quantity?: number } = {}) {
  const buyer = await h.createUser();
  const book = await createProduct(h.db, { price: 40_000, stock: opts.stock ?? 10 });
  const placed = await checkout(h, buyer, { items: [{ productId: book.id, quantity: opts.quantity ?? 1 }] });
  expect((await orderRow(h, placed.orderId)).status).toBe("confirmed");
  return { buyer, book, id: placed.orderId, number: placed.orderNumber };
}

async function eventsOf(orderId: number) {
  return h.db
    .select({ status: orderEvents.status, note: orderEvents.note, actorId: orderEvents.actorId })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

describe("the buyer's language", () => {
  it("sends a Bangla reader's order SMS in Bangla, the amount (book and delivery) in Bangla digits", async () => {
    const o = await confirmedOrder();
    const chose = await h.request("POST", "/api/locale", { body: { locale: "bn" }, cookie: o.buyer.cookie });
    expect(chose.status, chose.text).toBe(200);
    const res = await setStatus(o.id, { status: "processing" });
    expect(res.status, res.text).toBe(200);
    await vi.waitFor(async () => {
      expect((await h.latestSms(o.buyer.phone))?.body).toContain(`অর্ডার ${o.number} (৳৫০০) প্যাক করা হচ্ছে।`);
    });
  });
});

describe("staff change an order's status", () => {
  it("moves a confirmed order to processing, shipped and delivered, each with a history line, an audit entry and an SMS", async () => {
    const o = await confirmedOrder();
    for (const status of ["processing", "shipped", "delivered"] as const) {
      const byHand = status === "shipped" ? { byHand: true } : {};
      const res = await setStatus(o.id, { status, note: `to ${status}`, ...byHand });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ id: o.id, status });
    }
    expect((await orderRow(h, o.id)).status).toBe("delivered");
    expect((await eventsOf(o.id)).slice(-3)).toEqual([
      { status: "processing", note: "to processing", actorId: staff.user.id },
      { status: "shipped", note: "Delivered by hand: to shipped", actorId: staff.user.id },
      { status: "delivered", note: "to delivered", actorId: staff.user.id },
    ]);
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(o.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      [
        "order.status",
        staff.user.id,
        { status: "confirmed" },
        { status: "processing", note: "to processing" },
      ],
      [
        "order.status",
        staff.user.id,
        { status: "processing" },
        { status: "shipped", note: "to shipped", byHand: true },
      ],
      ["order.status", staff.user.id, { status: "shipped" }, { status: "delivered", note: "to delivered" }],
    ]);
    await vi.waitFor(async () => {
      expect((await h.latestSms(o.buyer.phone))?.body).toContain(`Order ${o.number}`);
      expect((await h.latestSms(o.buyer.phone))?.body).toContain("delivered");
    });
  });

  it("refuses a change the order cannot make with a 409 that says what it can become", async () => {
    const o = await confirmedOrder();
    const skip = await setStatus(o.id, { status: "delivered" });
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe(
      `Order ${o.number} is confirmed and cannot become "Delivered"; it can become "Being packed", "Cancelled", "Refunded"`,
    );
    const same = await setStatus(o.id, { status: "confirmed" });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(`Order ${o.number} is already confirmed`);
    expect((await setStatus(o.id, { status: "pending_payment" })).status).toBe(409);

    expect((await setStatus(o.id, { status: "cancelled" })).status).toBe(200);
    const final = await setStatus(o.id, { status: "processing" });
    expect(final.status).toBe(409);
    expect(final.body.message).toBe(`Order ${o.number} is cancelled: its status can no longer change`);
    expect((await orderRow(h, o.id)).status).toBe("cancelled");
  });

  it("refuses to touch an order that is not paid yet", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db);
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    const res = await setStatus(placed.orderId, { status: "processing" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/waiting for payment: staff can change its status once it is paid/);
  });

  it("refuses to pack or ship an order of e-books alone", async () => {
    const buyer = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 15_000 });
    const placed = await checkout(h, buyer, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, placed.tranx);
    const res = await setStatus(placed.orderId, { status: "processing" });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("holds nothing to ship");
    expect((await setStatus(placed.orderId, { status: "refunded" })).status).toBe(200);
  });

  it("gives the stock and the coupon use back when staff cancel", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    const coupon = await createCoupon(h.db, { usageLimit: 10 });
    await h.request("POST", "/api/cart", {
      body: { bookId: book.id, quantity: 3, source: "test", type: "book" },
      cookie: buyer.cookie,
    });
    await h.request("POST", "/api/coupon/apply", { body: { code: coupon.code }, cookie: buyer.cookie });
    const placed = await checkout(h, buyer, { items: [] });
    expect(await stockOf(h, book.id)).toBe(2);
    const res = await setStatus(placed.orderId, { status: "cancelled", note: "Customer asked" });
    expect(res.status).toBe(200);
    expect(await stockOf(h, book.id)).toBe(5);
    expect((await orderRow(h, placed.orderId)).stockHeld).toBe(false);
    expect((await h.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount).toBe(0);
  });

  it("gives stock back for a refund before shipping, and not after (the goods left the shop)", async () => {
    const before = await confirmedOrder({ stock: 4, quantity: 2 });
    expect(await stockOf(h, before.book.id)).toBe(2);
    await setStatus(before.id, { status: "processing" });
    await setStatus(before.id, { status: "refunded" });
    expect(await stockOf(h, before.book.id)).toBe(4);

    const after = await confirmedOrder({ stock: 4, quantity: 2 });
    await setStatus(after.id, { status: "processing" });
    await setStatus(after.id, { status: "shipped", consignment: "BACK-NOT" });
    await setStatus(after.id, { status: "refunded" });
    expect(await stockOf(h, after.book.id)).toBe(2);
  });

  it("takes back the sale counts and the e-book a refunded order granted", async () => {
    const buyer = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 15_000 });
    const placed = await checkout(h, buyer, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, placed.tranx);
    const owned = () => h.db.select().from(entitlements).where(eq(entitlements.orderId, placed.orderId));
    expect(await owned()).toHaveLength(1);
    const sold = async () =>
      (await h.db.select({ n: products.soldCount }).from(products).where(eq(products.id, ebook.id)))[0]?.n;
    expect(await sold()).toBe(1);
    expect((await setStatus(placed.orderId, { status: "refunded" })).status).toBe(200);
    expect(await owned()).toHaveLength(0);
    expect(await sold()).toBe(0);
    const library = await h.request<{ ebooks: unknown[] }>("GET", "/api/library", { cookie: buyer.cookie });
    expect(library.body.data?.ebooks).toEqual([]);
  });

  it("marks an order paid online and then cancelled as refund due", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 3 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, placed.tranx);
    await setStatus(placed.orderId, { status: "cancelled" });
    expect((await eventsOf(placed.orderId)).map((e) => e.status).slice(-2)).toEqual([
      "cancelled",
      "refund_due",
    ]);
  });

  it("answers 403 to a customer and to staff without the orders permission, 401 to a visitor", async () => {
    const o = await confirmedOrder();
    const other = await h.createUser({ role: "staff", permissions: ["books"] });
    for (const u of [o.buyer, other]) {
      expect((await setStatus(o.id, { status: "processing" }, u)).status).toBe(403);
      expect((await setConsignment(o.id, { consignment: "CN123" }, u)).status).toBe(403);
      expect(
        (await h.request("POST", `/api/admin/orders/${o.id}/courier`, { cookie: u.cookie })).status,
      ).toBe(403);
    }
    expect((await setStatus(o.id, { status: "processing" }, null)).status).toBe(401);
    // A customer cannot probe which orders exist.
    expect((await setStatus(999_999, { status: "processing" }, o.buyer)).status).toBe(403);
    expect((await orderRow(h, o.id)).status).toBe("confirmed");
  });

  it("answers 404 for an unknown order and 400 for a bad status or id", async () => {
    const missing = await setStatus(999_999, { status: "processing" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("No such order");
    expect((await setConsignment(999_999, { consignment: "CN1234" })).status).toBe(404);
    expect(
      (await h.request("POST", "/api/admin/orders/999999/courier", { cookie: staff.cookie })).status,
    ).toBe(404);
    const o = await confirmedOrder();
    const bad = await setStatus(o.id, { status: "teleported" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("status");
    expect((await setStatus(0, { status: "processing" })).status).toBe(400);
  });

  it("lets an admin do it without any listed permission", async () => {
    const admin = await h.createUser({ role: "admin" });
    const o = await confirmedOrder();
    expect((await setStatus(o.id, { status: "processing" }, admin)).status).toBe(200);
  });
});

describe("staff give an order its consignment", () => {
  it("ships a confirmed order with the number (upper-cased) and texts the buyer the tracking link", async () => {
    const o = await confirmedOrder();
    const res = await setConsignment(o.id, { consignment: " sf-77aa12 ", courier: "Sundarban" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "shipped",
      consignment: "SF-77AA12",
      courier: "sundarban",
      trackingPath: "/tracking/SF-77AA12",
    });
    expect((await eventsOf(o.id)).at(-1)).toEqual({
      status: "shipped",
      note: "Consignment SF-77AA12 (Sundarban)",
      actorId: staff.user.id,
    });
    await vi.waitFor(async () => {
      expect((await h.latestSms(o.buyer.phone))?.body).toContain("/tracking/SF-77AA12");
    });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.consignment"), eq(auditLog.entityId, String(o.id))));
    expect(audit?.before).toEqual({ status: "confirmed", courier: null, consignment: null });
    expect(audit?.after).toEqual({ status: "shipped", courier: "sundarban", consignment: "SF-77AA12" });
  });

  it("changes the number of a shipped order without shipping it again", async () => {
    const o = await confirmedOrder();
    await setConsignment(o.id, { consignment: "FIRST1" });
    const res = await setConsignment(o.id, { consignment: "SECOND2" });
    expect(res.body.data).toMatchObject({ status: "shipped", consignment: "SECOND2", courier: "manual" });
    expect((await eventsOf(o.id)).filter((e) => e.status === "shipped")).toHaveLength(1);
    expect((await eventsOf(o.id)).at(-1)?.note).toBe("Consignment SECOND2, was FIRST1");
  });

  it("refuses a number another order holds, a malformed one, and an order that is delivered or not physical", async () => {
    const a = await confirmedOrder();
    const b = await confirmedOrder();
    await setConsignment(a.id, { consignment: "TAKEN99" });
    const clash = await setConsignment(b.id, { consignment: "taken99" });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`Consignment TAKEN99 is already on order ${a.number}`);
    expect((await orderRow(h, b.id)).consignment).toBeNull();

    const bad = await setConsignment(b.id, { consignment: "no spaces!" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.consignment).toBe("A consignment number has only letters, digits, - and _");

    await setStatus(a.id, { status: "delivered" });
    const late = await setConsignment(a.id, { consignment: "LATE123" });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain("is delivered");
  });

  it("cannot book with a courier when none is connected (manual courier)", async () => {
    const o = await confirmedOrder();
    const res = await h.request("POST", `/api/admin/orders/${o.id}/courier`, { cookie: staff.cookie });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/No courier system is connected/);
    expect((await orderRow(h, o.id)).status).toBe("confirmed");
  });
});
