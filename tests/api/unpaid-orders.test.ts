/**
 * What an order waiting for an online payment may hold, and for how long: the pay-by time set when
 * it is placed (paying again does not move it, but may start one further window), the limits on
 * one account's unpaid orders, and an e-book or course never bought twice through two orders.
 * The races are meant for the real PostgreSQL run (TEST_DATABASE_URL); on PGlite they take turns.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CheckoutResult,
  MAX_UNPAID_ORDERS,
  MAX_UNPAID_UNITS,
  type OrderView,
} from "../../src/contracts/checkout";
import { entitlements, orderEvents, orders } from "../../src/server/db/schema";
import { expireUnpaidOrders } from "../../src/server/services/orders/orders";
import { ADDRESS, orderRow, payAtSandbox, stockOf } from "./buying";
import { addBundleItems, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const MINUTE = 60_000;

async function add(u: TestUser, productId: number, quantity = 1, type = "book") {
  const res = await h.request("POST", "/api/cart", {
    body: { bookId: productId, quantity, source: "test", type },
    cookie: u.cookie,
  });
  expect(res.status, res.text).toBe(201);
}
const checkout = (u: TestUser, paymentMethod: "gateway" | "cod" = "gateway") =>
  h.request<CheckoutResult>("POST", "/api/checkout", {
    body: { ...ADDRESS, phone: u.phone, paymentMethod },
    cookie: u.cookie,
  });
/** Fills the cart and places an online order; fails the test unless it is placed. */
async function place(u: TestUser, items: { id: number; quantity?: number; type?: string }[]) {
  for (const i of items) await add(u, i.id, i.quantity ?? 1, i.type ?? "book");
  const res = await checkout(u);
  expect(res.status, res.text).toBe(201);
  return res.body.data!;
}
const payAgain = (u: TestUser, orderId: number) =>
  h.request<CheckoutResult>("POST", `/api/orders/${orderId}/pay`, { cookie: u.cookie });
const myOrder = async (u: TestUser, orderId: number) =>
  (await h.request<OrderView>("GET", `/api/orders/${orderId}`, { cookie: u.cookie })).body.data!;
/** Presses a button on the sandbox's page only: the shop hears of it when a callback comes. */
async function pressAtSandbox(tranx: string, outcome: "pay" | "fail") {
  const res = await h.request("POST", `/sandbox-gateway/${tranx}`, {
    body: new URLSearchParams({ outcome }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(303);
}
const ipn = (tranx: string) =>
  h.request("POST", `/api/payment/sandbox/${tranx}/ipn`, {
    body: new URLSearchParams({ tranx }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
async function eventsOf(orderId: number) {
  return h.db
    .select({ status: orderEvents.status, note: orderEvents.note })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
}
async function unpaidOf(u: TestUser) {
  const [row] = await h.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, u.user.id), eq(orders.status, "pending_payment")));
  return row!.n;
}
const at = (placed: Date, minutes: number) => new Date(placed.getTime() + minutes * MINUTE).toISOString();

describe("the hold on an unpaid order", () => {
  it("ends 30 minutes after the order is placed, however often the buyer presses pay now", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 2 });
    const placedAt = h.clock.now();
    const o = await place(u, [{ id: book.id, quantity: 2 }]);
    for (const minute of [5, 12, 19]) {
      h.clock.set(new Date(placedAt.getTime() + minute * MINUTE));
      const again = await payAgain(u, o.orderId);
      expect(again.status, again.text).toBe(201);
      expect((await myOrder(u, o.orderId)).payBy).toBe(at(placedAt, 30));
    }
    h.clock.set(new Date(placedAt.getTime() + 31 * MINUTE));
    await expireUnpaidOrders(h.ctx());
    expect((await orderRow(h, o.orderId)).status).toBe("cancelled");
    expect(await stockOf(h, book.id)).toBe(2);
  });

  it("gives a retry near or after the end one more 30 minutes, once, and then refuses", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 1 });
    const placedAt = h.clock.now();
    const o = await place(u, [{ id: book.id }]);
    // The payment fails at minute 28; the buyer on a slow phone tries again at minute 29.
    h.clock.set(new Date(placedAt.getTime() + 28 * MINUTE));
    await payAtSandbox(h, o.tranx, "fail");
    expect(await stockOf(h, book.id)).toBe(1);
    h.clock.set(new Date(placedAt.getTime() + 29 * MINUTE));
    const second = await payAgain(u, o.orderId);
    expect(second.status, second.text).toBe(201);
    expect(await stockOf(h, book.id)).toBe(0);
    expect((await myOrder(u, o.orderId)).payBy).toBe(at(placedAt, 59));
    // A retry inside the second window keeps its end.
    h.clock.set(new Date(placedAt.getTime() + 55 * MINUTE));
    const third = await payAgain(u, o.orderId);
    expect(third.status, third.text).toBe(201);
    expect((await myOrder(u, o.orderId)).payBy).toBe(at(placedAt, 59));
    await payAtSandbox(h, third.body.data!.tranx, "fail");
    // After the second window nothing more: the buyer orders again.
    h.clock.set(new Date(placedAt.getTime() + 60 * MINUTE));
    expect((await myOrder(u, o.orderId)).canPay).toBe(false);
    const late = await payAgain(u, o.orderId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      "The time to pay for this order has run out; please cancel it and order again",
    );
    expect(await stockOf(h, book.id)).toBe(1);
  });

  it("takes the stock again after the hold lapsed only if it is still there", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const book = await createProduct(h.db, { title: "Last Copy", stock: 1 });
    const placedAt = h.clock.now();
    const o = await place(u, [{ id: book.id }]);
    await payAtSandbox(h, o.tranx, "fail");
    await add(other, book.id);
    expect((await checkout(other, "cod")).status).toBe(201);
    h.clock.set(new Date(placedAt.getTime() + 40 * MINUTE));
    const again = await payAgain(u, o.orderId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Last Copy is out of stock");
    expect((await orderRow(h, o.orderId)).status).toBe("payment_failed");
  });

  it("cannot keep a book off sale for more than an hour by pressing pay now every few minutes", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 3 });
    const placedAt = h.clock.now();
    const o = await place(u, [{ id: book.id, quantity: 3 }]);
    let heldUntil = placedAt.getTime();
    for (let minute = 9; minute <= 180; minute += 9) {
      h.clock.set(new Date(placedAt.getTime() + minute * MINUTE));
      await payAgain(u, o.orderId);
      await expireUnpaidOrders(h.ctx());
      if ((await stockOf(h, book.id)) === 0) heldUntil = h.clock.now().getTime();
    }
    expect(await stockOf(h, book.id)).toBe(3);
    expect(heldUntil - placedAt.getTime()).toBeLessThanOrEqual(60 * MINUTE);
  });
});

describe("the limits on one account's unpaid orders", () => {
  it(`holds at most ${MAX_UNPAID_ORDERS} orders waiting for payment, and counts neither cash on delivery nor failed ones`, async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 50 });
    const placed = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) placed.push(await place(u, [{ id: book.id }]));
    await add(u, book.id);
    const refused = await checkout(u);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `You already have ${MAX_UNPAID_ORDERS} orders waiting for payment. Pay for one of them or cancel one in My orders before placing another.`,
    );
    expect(await stockOf(h, book.id)).toBe(50 - MAX_UNPAID_ORDERS);
    // Cash on delivery is not a hold waiting for payment.
    expect((await checkout(u, "cod")).status).toBe(201);
    // A failed payment holds nothing, so another order may wait; paying the failed one again may not.
    await payAtSandbox(h, placed[0]!.tranx, "fail");
    await place(u, [{ id: book.id }]);
    const retry = await payAgain(u, placed[0]!.orderId);
    expect(retry.status).toBe(409);
    expect(retry.body.message).toMatch(/orders waiting for payment/);
    expect((await orderRow(h, placed[0]!.orderId)).status).toBe("payment_failed");
    // Cancelling one makes room.
    expect(
      (await h.request("POST", `/api/orders/${placed[1]!.orderId}/cancel`, { cookie: u.cookie })).status,
    ).toBe(200);
    expect((await payAgain(u, placed[0]!.orderId)).status).toBe(201);
    expect(await unpaidOf(u)).toBe(MAX_UNPAID_ORDERS);
  });

  it(`holds at most ${MAX_UNPAID_UNITS} printed items across unpaid orders`, async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { title: "Many Copies", stock: 100 });
    const ebook = await createProduct(h.db, { kind: "ebook" });
    await add(u, book.id, MAX_UNPAID_UNITS + 1);
    const tooMany = await checkout(u);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(
      `An order paid online can hold at most ${MAX_UNPAID_UNITS} printed items while it waits for payment; order fewer, or choose cash on delivery.`,
    );
    expect(await stockOf(h, book.id)).toBe(100);
    await h.request("PUT", "/api/cart/quantity", {
      body: { id: (await cartLineId(u))!, quantity: MAX_UNPAID_UNITS - 2 },
      cookie: u.cookie,
    });
    expect((await checkout(u)).status).toBe(201);
    await add(u, book.id, 3);
    const over = await checkout(u);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      `Your orders waiting for payment already hold ${MAX_UNPAID_UNITS - 2} printed items, and at most ${MAX_UNPAID_UNITS} can wait at once. Pay for one of them or cancel one in My orders, or order fewer.`,
    );
    // Two more copies fit; an e-book holds no stock and fits too.
    await h.request("PUT", "/api/cart/quantity", {
      body: { id: (await cartLineId(u))!, quantity: 2 },
      cookie: u.cookie,
    });
    await add(u, ebook.id, 1, "ebook");
    expect((await checkout(u)).status).toBe(201);
    expect(await stockOf(h, book.id)).toBe(100 - MAX_UNPAID_UNITS);
  });

  it("holds under parallel checkouts and retries of one account (PostgreSQL)", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 100 });
    // One order waiting, and three whose payment failed (they hold nothing).
    await place(u, [{ id: book.id, quantity: 5 }]);
    const failed = [];
    for (let i = 0; i < 3; i++) {
      const o = await place(u, [{ id: book.id, quantity: 5 }]);
      await payAtSandbox(h, o.tranx, "fail");
      failed.push(o);
    }
    expect(await unpaidOf(u)).toBe(1);
    await add(u, book.id, 5);
    // Three retries and five checkouts of the same cart at once: room for two more orders.
    const results = await Promise.all([
      ...failed.map((o) => payAgain(u, o.orderId)),
      ...Array.from({ length: 5 }, () => checkout(u)),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_UNPAID_ORDERS - 1);
    // The others are refused by the limits, or find the cart already placed.
    for (const r of results.filter((x) => x.status !== 201)) {
      expect([409, 400], r.text).toContain(r.status);
      if (r.status === 400) expect(r.body.message).toBe("Your cart is empty");
    }
    expect(await unpaidOf(u)).toBe(MAX_UNPAID_ORDERS);
    expect(await stockOf(h, book.id)).toBe(100 - 5 * MAX_UNPAID_ORDERS);
  });

  it("lets parallel checkouts of one cart place it once (the cart row lock takes them in turn)", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 10 });
    await add(u, book.id, 2);
    const results = await Promise.all(Array.from({ length: 6 }, () => checkout(u)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body.message).toBe("Your cart is empty");
    expect(await stockOf(h, book.id)).toBe(8);
  });
});

async function cartLineId(u: TestUser): Promise<number | undefined> {
  const info = await h.request<{ lines: { id: number }[] }>("GET", "/api/cart/info", { cookie: u.cookie });
  return info.body.data?.lines[0]?.id;
}

describe("an e-book or course bought once", () => {
  async function newEbook(title: string) {
    return createProduct(h.db, { kind: "ebook", title, price: 12_000 });
  }
  async function owners(productId: number) {
    return h.db
      .select({ orderId: entitlements.orderId })
      .from(entitlements)
      .where(eq(entitlements.productId, productId));
  }

  it("refuses a second checkout while an unpaid order holds it, alone or in a bundle", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("Physics Notes");
    const first = await place(u, [{ id: ebook.id, type: "ebook" }]);
    const number = (await orderRow(h, first.orderId)).number;
    await add(u, ebook.id, 1, "ebook");
    const again = await checkout(u);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Physics Notes is already in your order ${number}, which is waiting for payment: pay for that order or cancel it in My orders before ordering it again`,
    );
    await h.request("DELETE", "/api/cart", { body: { id: (await cartLineId(u))! }, cookie: u.cookie });
    const book = await createProduct(h.db, { stock: 5 });
    const bundle = await createProduct(h.db, { kind: "bundle", title: "Physics Bundle", price: 30_000 });
    await addBundleItems(h.db, bundle.id, [
      { itemId: ebook.id, quantity: 1 },
      { itemId: book.id, quantity: 1 },
    ]);
    await add(u, bundle.id, 1, "bundle");
    const inBundle = await checkout(u);
    expect(inBundle.status).toBe(409);
    expect(inBundle.body.message).toBe(
      `Physics Notes, which comes in Physics Bundle, is already in your order ${number}, which is waiting for payment: pay for that order or cancel it in My orders before ordering it again`,
    );
    expect(await stockOf(h, book.id)).toBe(5);
    // Once that order is cancelled, the bundle may be ordered.
    await h.request("POST", `/api/orders/${first.orderId}/cancel`, { cookie: u.cookie });
    expect((await checkout(u)).status).toBe(201);
  });

  it("refuses a bundle whose e-book the buyer owns, and a cart that gives one e-book twice", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("Chemistry Notes");
    const bundle = await createProduct(h.db, { kind: "bundle", title: "Chemistry Bundle", price: 30_000 });
    await addBundleItems(h.db, bundle.id, [{ itemId: ebook.id, quantity: 1 }]);
    await add(u, ebook.id, 1, "ebook");
    await add(u, bundle.id, 1, "bundle");
    const twice = await checkout(u);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      "Chemistry Notes comes twice in your cart (also in Chemistry Bundle); remove one of them",
    );
    await h.request("DELETE", "/api/cart", { body: { id: (await cartLineId(u))! }, cookie: u.cookie });
    const placed = await place(u, []);
    await payAtSandbox(h, placed.tranx);
    expect(await owners(ebook.id)).toEqual([{ orderId: placed.orderId }]);
    await add(u, bundle.id, 1, "bundle");
    const owned = await checkout(u);
    expect(owned.status).toBe(409);
    expect(owned.body.message).toBe(
      "You already own Chemistry Notes, which comes in Chemistry Bundle; remove Chemistry Bundle from your cart",
    );
  });

  it("refuses to take payment again for an order whose e-book the buyer has since bought or holds elsewhere", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("Biology Notes");
    const first = await place(u, [{ id: ebook.id, type: "ebook" }]);
    await payAtSandbox(h, first.tranx, "fail");
    // A failed order holds nothing: a new order of the same e-book may be placed.
    const second = await place(u, [{ id: ebook.id, type: "ebook" }]);
    const secondNumber = (await orderRow(h, second.orderId)).number;
    const whileUnpaid = await payAgain(u, first.orderId);
    expect(whileUnpaid.status).toBe(409);
    expect(whileUnpaid.body.message).toBe(
      `Biology Notes is also in your order ${secondNumber}, which is waiting for payment: pay for that order, or cancel it first`,
    );
    await payAtSandbox(h, second.tranx);
    const afterPaid = await payAgain(u, first.orderId);
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.body.message).toBe(
      `You already own Biology Notes (order ${secondNumber}), so this order can no longer be paid; please cancel it`,
    );
    expect((await orderRow(h, first.orderId)).status).toBe("payment_failed");
  });

  it("does not grant it twice when an old attempt is paid after all: the order is cancelled, refund due", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("Math Notes");
    const first = await place(u, [{ id: ebook.id, type: "ebook" }]);
    await h.request("POST", `/api/orders/${first.orderId}/cancel`, { cookie: u.cookie });
    const second = await place(u, [{ id: ebook.id, type: "ebook" }]);
    await payAtSandbox(h, second.tranx);
    // The first attempt, left open in another tab, is paid too.
    await payAtSandbox(h, first.tranx);
    expect(await owners(ebook.id)).toEqual([{ orderId: second.orderId }]);
    expect((await orderRow(h, first.orderId)).status).toBe("cancelled");
    const secondNumber = (await orderRow(h, second.orderId)).number;
    expect((await eventsOf(first.orderId)).at(-1)).toEqual({
      status: "refund_due",
      note: `Paid for what the buyer already had: Math Notes (order ${secondNumber}); refund due`,
    });
  });

  it("confirms an order of printed books and an e-book bought since, granting it once, with a refund due for it", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("English Notes");
    const book = await createProduct(h.db, { stock: 5 });
    const first = await place(u, [{ id: book.id }, { id: ebook.id, type: "ebook" }]);
    await h.request("POST", `/api/orders/${first.orderId}/cancel`, { cookie: u.cookie });
    const second = await place(u, [{ id: ebook.id, type: "ebook" }]);
    await payAtSandbox(h, second.tranx);
    await payAtSandbox(h, first.tranx);
    expect((await orderRow(h, first.orderId)).status).toBe("confirmed");
    expect(await owners(ebook.id)).toEqual([{ orderId: second.orderId }]);
    const secondNumber = (await orderRow(h, second.orderId)).number;
    const events = await eventsOf(first.orderId);
    expect(events.map((e) => e.status).slice(-2)).toEqual(["confirmed", "refund_due"]);
    expect(events.at(-1)?.note).toBe(
      `Already bought: English Notes (order ${secondNumber}); refund due for it`,
    );
  });

  it("grants it once when two orders of it are paid at the same moment (PostgreSQL)", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("History Notes");
    const first = await place(u, [{ id: ebook.id, type: "ebook" }]);
    await h.request("POST", `/api/orders/${first.orderId}/cancel`, { cookie: u.cookie });
    const second = await place(u, [{ id: ebook.id, type: "ebook" }]);
    await pressAtSandbox(first.tranx, "pay");
    await pressAtSandbox(second.tranx, "pay");
    const callbacks = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ipn(i % 2 === 0 ? first.tranx : second.tranx)),
    );
    for (const r of callbacks) expect(r.status, r.text).toBe(200);
    const rows = await owners(ebook.id);
    expect(rows).toHaveLength(1);
    const winner = rows[0]!.orderId;
    const loser = winner === first.orderId ? second.orderId : first.orderId;
    expect((await orderRow(h, winner)).status).toBe("confirmed");
    expect((await orderRow(h, loser)).status).toBe("cancelled");
    const refunds = (await eventsOf(loser)).filter((e) => e.status === "refund_due");
    expect(refunds).toHaveLength(1);
    expect((await eventsOf(winner)).filter((e) => e.status === "refund_due")).toEqual([]);
  });
});
