/**
 * True availability and pre-orders (contracts/availability.ts, services/catalog/preorders.ts):
 * what the shop says of a book, pre-orders and back-orders sold without stock, the buyer's choice
 * of one parcel or two, cash on delivery refused for an online-only pre-order, and the waiting
 * lines filled in the order orders were placed when stock arrives (staff receiving it, the sweep
 * on the release day), under parallel checkouts, with stock and the ledger exact.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../src/contracts/answers/staff-catalog";
import type { ProductDetail } from "../../src/contracts/catalog";
import { PREORDER_ONLINE_ONLY } from "../../src/contracts/checkout";
import {
  auditLog,
  cartLines,
  orderLines,
  orders,
  products,
  shipments,
  stockMovements,
} from "../../src/server/db/schema";
import { fillWaitingLines } from "../../src/server/services/catalog/preorders";
import { ADDRESS } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, START_TIME, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["books", "orders"], name: "Books Staff" });
});
afterAll(async () => {
  await h?.close();
});

/** A printed book with availability settings written straight to its row. */
async function book(
  over: {
    stock?: number;
    releaseDate?: string | null;
    backorderDays?: number | null;
    outOfPrint?: boolean;
    preorderOnlineOnly?: boolean;
  } = {},
) {
  const p = await createProduct(h.db, { stock: over.stock ?? 0 });
  await h.db
    .update(products)
    .set({
      releaseDate: over.releaseDate ?? null,
      backorderDays: over.backorderDays ?? null,
      outOfPrint: over.outOfPrint ?? false,
      preorderOnlineOnly: over.preorderOnlineOnly ?? false,
    })
    .where(eq(products.id, p.id));
  return p;
}

const add = (u: TestUser, productId: number, quantity = 1) =>
  h.request("POST", "/api/cart", {
    body: { bookId: productId, quantity, source: "test", type: "book" },
    cookie: u.cookie,
  });
const checkout = (u: TestUser, body: Record<string, unknown> = {}) =>
  h.request<{ orderId: number }>("POST", "/api/checkout", {
    body: { ...ADDRESS, phone: u.phone, paymentMethod: "cod", ...body },
    cookie: u.cookie,
  });
const receive = (id: number, change: number) =>
  h.request("POST", `/api/admin/books/${id}/stock`, {
    body: { change, reason: "received", note: "From the publisher" },
    cookie: staff.cookie,
  });

/** A buyer who ordered `quantity` of the book (its line waits or not, as the rule has it). */
async function buyerOf(productId: number, quantity = 1): Promise<{ user: TestUser; orderId: number }> {
  const user = await h.createUser();
  expect((await add(user, productId, quantity)).status).toBe(201);
  const res = await checkout(user);
  expect(res.status, res.text).toBe(201);
  return { user, orderId: res.body.data!.orderId };
}

async function stockOf(id: number) {
  const [p] = await h.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return p!.stock!;
}

async function ledgerSum(id: number) {
  const [row] = await h.db
    .select({ n: sql<number>`coalesce(sum(${stockMovements.change}), 0)::int` })
    .from(stockMovements)
    .where(eq(stockMovements.productId, id));
  return Number(row!.n);
}

/** The product's order lines in the order their orders were placed. */
async function linesOf(productId: number) {
  return h.db
    .select({
      orderId: orderLines.orderId,
      quantity: orderLines.quantity,
      waits: orderLines.waits,
      filledAt: orderLines.filledAt,
      reserved: orders.reservedStock,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.productId, productId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

describe("what the shop says of a book", () => {
  it("counts what is left at 5 or fewer, and says pre-order, back-order and out of print", async () => {
    const few = await createProduct(h.db, { stock: 3 });
    const many = await createProduct(h.db, { stock: 40 });
    const pre = await book({ stock: 0, releaseDate: "2040-01-15" });
    const back = await book({ stock: 0, backorderDays: 10 });
    const gone = await book({ stock: 0, outOfPrint: true, backorderDays: 10 });
    const get = async (id: number) => (await h.request<ProductDetail>("GET", `/api/books/${id}`)).body.data!;
    expect((await get(few.id)).availability).toEqual({
      state: "in_stock",
      left: 3,
      days: null,
      releaseDate: null,
    });
    expect((await get(many.id)).availability).toMatchObject({ state: "in_stock", left: null });
    expect((await get(pre.id)).availability).toMatchObject({ state: "preorder", releaseDate: "2040-01-15" });
    expect((await get(back.id)).availability).toMatchObject({ state: "backorder", days: 10 });
    expect((await get(gone.id)).availability).toMatchObject({ state: "out_of_print" });
  });
});

describe("buying what is not on the shelf", () => {
  it("sells a pre-order without stock: the line waits for its release, nothing is taken", async () => {
    const pre = await book({ stock: 0, releaseDate: "2031-03-20" });
    const { orderId, user } = await buyerOf(pre.id, 2);
    expect(await stockOf(pre.id)).toBe(0);
    const [line] = await linesOf(pre.id);
    expect(line).toMatchObject({ orderId, waits: "preorder", filledAt: null, reserved: {} });
    const mine = await h.request<{ id: number; lines: { wait: unknown }[]; waitShipping: string | null }[]>(
      "GET",
      "/api/orders",
      { cookie: user.cookie },
    );
    const order = mine.body.data!.find((o) => o.id === orderId)!;
    expect(order.lines[0]!.wait).toEqual({ kind: "preorder", expectedOn: "2031-03-20", filled: false });
    expect(order.waitShipping).toBe("together");
  });

  it("keeps the buyer's choice for a cart mixing pre-orders and books in stock: two parcels unless told to wait", async () => {
    const pre = await book({ stock: 0, releaseDate: "2031-04-01" });
    const shelf = await createProduct(h.db, { stock: 9 });
    const placeWith = async (choice: Record<string, unknown>) => {
      const u = await h.createUser();
      await add(u, pre.id);
      await add(u, shelf.id);
      const res = await checkout(u, choice);
      expect(res.status, res.text).toBe(201);
      const [o] = await h.db.select().from(orders).where(eq(orders.id, res.body.data!.orderId));
      return o!;
    };
    expect((await placeWith({})).waitShipping).toBe("split");
    const together = await placeWith({ waitShipping: "together" });
    expect(together.waitShipping).toBe("together");
    // The book in stock is taken now; the pre-order takes nothing until its release.
    expect(together.reservedStock).toEqual({ [shelf.id]: 1 });
    expect(await stockOf(shelf.id)).toBe(7);
    expect(await stockOf(pre.id)).toBe(0);
  });

  it("refuses cash on delivery for a pre-order paid online only, with a clear 400 and nothing changed", async () => {
    const pre = await book({ stock: 0, releaseDate: "2031-05-01", preorderOnlineOnly: true });
    const u = await h.createUser();
    await add(u, pre.id);
    const before = await h.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const res = await checkout(u, { paymentMethod: "cod" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PREORDER_ONLINE_ONLY);
    expect(res.body.errors).toMatchObject({ paymentMethod: PREORDER_ONLINE_ONLY });
    expect(await h.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
    expect(await h.db.select().from(cartLines).where(eq(cartLines.productId, pre.id))).toHaveLength(1);
    // Paid online it is placed, and waits for its payment.
    const online = await checkout(u, { paymentMethod: "gateway" });
    expect(online.status, online.text).toBe(201);
  });

  it("refuses a bad waitShipping with 400 and nothing placed", async () => {
    const pre = await book({ stock: 0, releaseDate: "2031-05-02" });
    const u = await h.createUser();
    await add(u, pre.id);
    const res = await checkout(u, { waitShipping: "later" });
    expect(res.status).toBe(400);
    expect(await h.db.select().from(cartLines).where(eq(cartLines.productId, pre.id))).toHaveLength(1);
  });

  it("refuses a book out of stock with back-orders not allowed, as before", async () => {
    const out = await book({ stock: 0 });
    const u = await h.createUser();
    expect((await add(u, out.id)).status).toBe(409);
  });
});

describe("filling waiting lines in the order orders were placed", () => {
  it("fills back-orders oldest first when staff receive stock, as checkouts run at the same time; stock and ledger exact", async () => {
    const back = await book({ stock: 0, backorderDays: 7 });
    // Six back-orders at once: none takes stock.
    const first = await Promise.all(Array.from({ length: 6 }, () => h.createUser()));
    for (const u of first) expect((await add(u, back.id)).status).toBe(201);
    const placed = await Promise.all(first.map((u) => checkout(u)));
    for (const r of placed) expect(r.status, r.text).toBe(201);
    expect(await stockOf(back.id)).toBe(0);
    h.clock.advance(60_000);

    // Eight copies arrive while six more buyers check out.
    const second = await Promise.all(Array.from({ length: 6 }, () => h.createUser()));
    for (const u of second) expect((await add(u, back.id)).status).toBe(201);
    const [received, ...more] = await Promise.all([receive(back.id, 8), ...second.map((u) => checkout(u))]);
    expect(received.status, received.text).toBe(200);
    for (const r of more) expect(r.status, r.text).toBe(201);

    const lines = await linesOf(back.id);
    // Every one of the first six was older than any of the others: all filled.
    const firstIds = new Set(placed.map((r) => r.body.data!.orderId));
    for (const l of lines.filter((x) => firstIds.has(x.orderId))) expect(l.filledAt).not.toBeNull();
    // Of the waiting lines, the filled ones are the oldest: none waits before one filled.
    const waiting = lines.filter((l) => l.waits !== null);
    const firstUnfilled = waiting.findIndex((l) => l.filledAt === null);
    if (firstUnfilled >= 0) expect(waiting.slice(firstUnfilled).every((l) => l.filledAt === null)).toBe(true);
    // Exact: what was taken (filled lines and lines served from stock) is what left the shelf.
    const taken = lines.filter((l) => l.waits === null || l.filledAt !== null).length;
    const stock = await stockOf(back.id);
    expect(stock).toBe(8 - taken);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(back.id)).toBe(stock);
    // Each order holds exactly what was taken for it, to give back on a cancellation.
    for (const l of lines) {
      const held = l.reserved[String(back.id)] ?? 0;
      expect(held).toBe(l.waits === null || l.filledAt !== null ? 1 : 0);
    }
    // The receipt is audited with what it filled.
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.stock"), eq(auditLog.entityId, String(back.id))));
    expect(entry!.after).toMatchObject({ stock: 8 });
  });

  it("fills pre-orders on their release day (the sweep), not before, oldest first, and a cancellation gives back exactly what was taken", async () => {
    const pre = await book({ stock: 0, releaseDate: "2031-03-10" });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => h.createUser()));
    for (const u of buyers) expect((await add(u, pre.id)).status).toBe(201);
    const placed = await Promise.all(buyers.map((u) => checkout(u)));
    for (const r of placed) expect(r.status, r.text).toBe(201);
    // Three copies arrive before the release: kept for the release day.
    expect((await receive(pre.id, 3)).status).toBe(200);
    expect(await stockOf(pre.id)).toBe(3);
    expect(await fillWaitingLines(h.deps)).toBe(0);

    h.clock.set(new Date("2031-03-10T00:30:00+06:00"));
    // Two sweeps at once fill each line once.
    const [a, b] = await Promise.all([fillWaitingLines(h.deps), fillWaitingLines(h.deps)]);
    expect(a + b).toBe(3);
    const lines = await linesOf(pre.id);
    expect(lines.map((l) => l.filledAt !== null)).toEqual([true, true, true, false, false]);
    expect(await stockOf(pre.id)).toBe(0);
    expect(await ledgerSum(pre.id)).toBe(0);
    // A filled order's parcel can now be booked; the others' still wait.
    const parcelStates = await Promise.all(
      lines.map(
        async (l) => (await h.db.select().from(shipments).where(eq(shipments.orderId, l.orderId)))[0]?.state,
      ),
    );
    expect(parcelStates).toEqual(["ready", "ready", "ready", "waiting", "waiting"]);

    // Staff cancel a filled order: its copy returns, and the next in line gets it from the sweep.
    const cancelled = lines[0]!.orderId;
    const res = await h.request<{ results: { ok: boolean }[] }>("POST", "/api/admin/orders/bulk/status", {
      body: { ids: [cancelled], status: "cancelled", note: "Changed their mind" },
      cookie: staff.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.results[0]!.ok).toBe(true);
    expect(await stockOf(pre.id)).toBe(1);
    expect(await fillWaitingLines(h.deps)).toBe(1);
    const after = await linesOf(pre.id);
    expect(after[3]!.filledAt).not.toBeNull();
    expect(after[4]!.filledAt).toBeNull();
    expect(await stockOf(pre.id)).toBe(0);
    expect(await ledgerSum(pre.id)).toBe(0);
    h.clock.set(START_TIME);
  });
});

describe("staff set availability on the product form", () => {
  const edit = (id: number, body: unknown) =>
    h.request<AdminProduct>("PATCH", `/api/admin/books/${id}`, { body, cookie: staff.cookie });
  const read = async (id: number) =>
    (await h.request<AdminProduct>("GET", `/api/admin/books/${id}`, { cookie: staff.cookie })).body.data!;

  it("saves the release date, lead time, out of print and online-only, audited and version-checked", async () => {
    const p = await createProduct(h.db, { stock: 0 });
    const v1 = (await read(p.id)).version;
    const saved = await edit(p.id, {
      version: v1,
      releaseDate: "2031-06-01",
      backorderDays: 14,
      preorderOnlineOnly: true,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({
      releaseDate: "2031-06-01",
      backorderDays: 14,
      outOfPrint: false,
      preorderOnlineOnly: true,
      waiting: { orders: 0, units: 0 },
    });
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.update"), eq(auditLog.entityId, String(p.id))));
    expect(entry!.after).toMatchObject({ releaseDate: "2031-06-01", backorderDays: 14 });
    // A second tab's edit from the first version is refused.
    const stale = await edit(p.id, { version: v1, outOfPrint: true });
    expect(stale.status).toBe(409);
    expect((await read(p.id)).outOfPrint).toBe(false);
  });

  it("refuses bad values with 400 and nothing changed", async () => {
    const p = await createProduct(h.db, { stock: 0 });
    const before = await read(p.id);
    for (const bad of [
      { releaseDate: "2031-02-30" },
      { releaseDate: "next week" },
      { backorderDays: 0 },
      { backorderDays: 91 },
      { backorderDays: 2.5 },
      { outOfPrint: "yes" },
    ]) {
      const res = await edit(p.id, { version: before.version, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const ebook = await createProduct(h.db, { kind: "ebook", stock: null, published: false });
    const onEbook = await edit(ebook.id, { version: 1, backorderDays: 5 });
    expect(onEbook.status).toBe(400);
    expect(await read(p.id)).toEqual(before);
  });

  it("shows staff the demand waiting for a title", async () => {
    const pre = await book({ stock: 0, releaseDate: "2031-07-01" });
    await buyerOf(pre.id, 2);
    await buyerOf(pre.id, 1);
    expect((await read(pre.id)).waiting).toEqual({ orders: 2, units: 3 });
    // The books list filters by it and shows the units waiting beside the stock.
    const list = await h.request<{ items: { id: number; waiting: number }[] }>(
      "GET",
      "/api/admin/books?waiting=true&limit=100",
      { cookie: staff.cookie },
    );
    expect(list.status).toBe(200);
    expect(list.body.data!.items.find((r) => r.id === pre.id)?.waiting).toBe(3);
    expect(list.body.data!.items.every((r) => r.waiting > 0)).toBe(true);
    const filled = await h.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.productId, pre.id), isNotNull(orderLines.filledAt)));
    expect(filled).toHaveLength(0);
  });
});
