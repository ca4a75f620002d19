/**
 * "Notify me": a signed-in buyer subscribes to an out-of-stock book (one alert per user and
 * product); when its stock returns above zero every alert becomes one SMS in the outbox, sent
 * once, and the alert is gone.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StockAlertState } from "../../src/contracts/stock-alerts";
import {
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_NO_PHONE,
  STOCK_ALERT_NO_STOCK,
} from "../../src/contracts/stock-alerts";
import { outbox, products, stockAlerts, users } from "../../src/server/db/schema";
import { sendStockAlerts } from "../../src/server/services/catalog/stock-alerts";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["books", "orders"] });
});
afterAll(async () => {
  await h?.close();
});

const subscribe = (u: TestUser | null, productId: unknown) =>
  h.request<StockAlertState>("POST", "/api/stock-alerts", { body: { productId }, cookie: u?.cookie });
const state = (u: TestUser, id: number) =>
  h.request<StockAlertState>("GET", `/api/stock-alerts/${id}`, { cookie: u.cookie });
const receive = (id: number, change: number) =>
  h.request("POST", `/api/admin/books/${id}/stock`, {
    body: { change, reason: "received" },
    cookie: staff.cookie,
  });
async function alertSms(phone: string) {
  return h.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), like(outbox.key, "stock-alert-%")));
}
async function waitFor<T>(read: () => Promise<T[]>, n: number): Promise<T[]> {
  for (let i = 0; i < 50; i++) {
    const rows = await read();
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

describe("Notify me", () => {
  it("subscribes once per user and product, and texts once when staff receive stock", async () => {
    const a = await h.createUser();
    const b = await h.createUser();
    const book = await createProduct(h.db, { stock: 0, title: "Higher Math 1st Paper" });
    expect((await state(a, book.id)).body.data).toEqual({ productId: book.id, subscribed: false });
    const first = await subscribe(a, book.id);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toEqual({ productId: book.id, subscribed: true });
    expect((await subscribe(a, book.id)).status).toBe(200);
    expect((await subscribe(b, book.id)).status).toBe(201);
    expect(await h.db.select().from(stockAlerts).where(eq(stockAlerts.productId, book.id))).toHaveLength(2);
    expect((await state(a, book.id)).body.data?.subscribed).toBe(true);

    expect((await receive(book.id, 5)).status).toBe(200);
    const sms = await waitFor(() => alertSms(a.phone), 1);
    expect(sms).toHaveLength(1);
    expect(JSON.stringify(sms[0]!.payload)).toContain("Back in stock: Higher Math 1st Paper");
    expect(await waitFor(() => alertSms(b.phone), 1)).toHaveLength(1);
    expect(await h.db.select().from(stockAlerts).where(eq(stockAlerts.productId, book.id))).toEqual([]);

    // More stock, or the sweep running again, sends nothing more.
    await receive(book.id, 3);
    await sendStockAlerts(h.ctx());
    expect(await alertSms(a.phone)).toHaveLength(1);
    expect((await state(a, book.id)).body.data?.subscribed).toBe(false);
  });

  it("texts when a cancelled order gives the last copies back", async () => {
    const buyer = await h.createUser();
    const waiting = await h.createUser();
    const book = await createProduct(h.db, { stock: 1 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    expect((await subscribe(waiting, book.id)).status).toBe(201);
    expect(
      (await h.request("POST", `/api/orders/${placed.orderId}/cancel`, { cookie: buyer.cookie })).status,
    ).toBe(200);
    expect(await waitFor(() => alertSms(waiting.phone), 1)).toHaveLength(1);
  });

  it("sends each alert once when two runs race", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 0 });
    await subscribe(u, book.id);
    await h.db.update(products).set({ stock: 2 }).where(eq(products.id, book.id));
    const counts = await Promise.all([sendStockAlerts(h.ctx()), sendStockAlerts(h.ctx())]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await alertSms(u.phone)).toHaveLength(1);
  });

  it("refuses what it cannot do, changing nothing", async () => {
    const u = await h.createUser();
    const inStock = await createProduct(h.db, { stock: 4 });
    const ebook = await createProduct(h.db, { kind: "ebook", price: 10_000 });
    const gone = await createProduct(h.db, { stock: 0 });
    expect((await subscribe(null, gone.id)).status).toBe(401);
    const stocked = await subscribe(u, inStock.id);
    expect(stocked.status).toBe(409);
    expect(stocked.body.message).toBe(STOCK_ALERT_IN_STOCK);
    const digital = await subscribe(u, ebook.id);
    expect(digital.status).toBe(400);
    expect(digital.body.message).toBe(STOCK_ALERT_NO_STOCK);
    expect((await subscribe(u, 99_999_999)).status).toBe(404);
    for (const bad of ["abc", -1, 0, null, { x: 1 }]) expect((await subscribe(u, bad)).status).toBe(400);
    const noPhone = await h.createUser();
    await h.db.update(users).set({ phone: null }).where(eq(users.id, noPhone.user.id));
    const refused = await subscribe(noPhone, gone.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(STOCK_ALERT_NO_PHONE);
    expect(await h.db.select().from(stockAlerts).where(eq(stockAlerts.userId, u.user.id))).toEqual([]);
    // Unsubscribing.
    await subscribe(u, gone.id);
    const off = await h.request<StockAlertState>("DELETE", `/api/stock-alerts/${gone.id}`, {
      cookie: u.cookie,
    });
    expect(off.body.data).toEqual({ productId: gone.id, subscribed: false });
    expect(await h.db.select().from(stockAlerts).where(eq(stockAlerts.userId, u.user.id))).toEqual([]);
  });
});
