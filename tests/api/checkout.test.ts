import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResult, OrderView } from "../../src/contracts/checkout";
import {
  coupons,
  entitlements,
  invoices,
  orderEvents,
  orders,
  payments,
  products,
  sandboxPayments,
} from "../../src/server/db/schema";
import { effectivePrice } from "../../src/server/services/cart/pricing";
import type { InvoiceView } from "../../src/server/services/money/invoices";
import { expireUnpaidOrders } from "../../src/server/services/orders/orders";
import { createCoupon, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;

const ADDRESS = {
  name: "Nusrat Jahan",
  phone: "01712345678",
  district: "Dhaka",
  area: "Mirpur",
  address: "House 12, Road 3, Section 6",
};

const add = (u: TestUser, productId: number, quantity = 1, type = "book") =>
  h.request("POST", "/api/cart", {
    body: { bookId: productId, quantity, source: "test", type },
    cookie: u.cookie,
  });
const checkout = (u: TestUser, body: Record<string, unknown> = {}) =>
  h.request<CheckoutResult>("POST", "/api/checkout", {
    body: { ...ADDRESS, paymentMethod: "gateway", ...body },
    cookie: u.cookie,
  });
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** The sandbox gateway's page: press a button; answers where the browser is sent back to. */
async function press(tranx: string, outcome: "pay" | "fail" | "cancel"): Promise<string> {
  const res = await h.request("POST", `/sandbox-gateway/${tranx}`, form({ outcome }));
  expect(res.status).toBe(303);
  return res.headers.get("location") ?? "";
}

/** Follows the gateway's return to the shop: answers where the shop sends the buyer. */
async function returnTo(location: string): Promise<string> {
  const url = new URL(location);
  const res = await h.request("GET", `${url.pathname}${url.search}`);
  expect(res.status).toBe(303);
  return res.headers.get("location") ?? "";
}

async function orderRow(id: number) {
  const [o] = await h.db.select().from(orders).where(eq(orders.id, id));
  return o!;
}
async function stockOf(id: number) {
  const [p] = await h.db
    .select({ stock: products.stock, sold: products.soldCount })
    .from(products)
    .where(eq(products.id, id));
  return p!;
}
async function countWhere(table: typeof invoices | typeof entitlements, where: ReturnType<typeof eq>) {
  const [row] = await h.db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("checkout", () => {
  it("places a cash-on-delivery order: confirmed, invoiced, stock taken, cart emptied", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000, stock: 4 });
    expect((await add(u, book.id, 2)).status).toBe(201);
    const res = await checkout(u, { paymentMethod: "cod" });
    expect(res.status).toBe(201);
    expect(res.body.statusCode).toBe(201);
    const placed = res.body.data!;
    expect(placed.orderNumber).toMatch(/^\d{6,}$/);
    expect(placed.tranx).toMatch(/^T/);
    expect(placed.redirectUrl).toBeUndefined();
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({ status: "confirmed", subtotal: 60_000, delivery: 6_000, total: 66_000 });
    expect((await stockOf(book.id)).stock).toBe(2);
    expect((await stockOf(book.id)).sold).toBe(2);
    const cart = await h.request<{ qty: number }>("GET", "/api/cart/info", { cookie: u.cookie });
    expect(cart.body.data?.qty).toBe(0);
    const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, placed.orderId));
    expect(inv?.number).toMatch(/^INV-\d{4}-\d{6}$/);
  });

  it("charges the sale price when it is lower, by the one price rule", async () => {
    const u = await h.createUser();
    const onSale = await createProduct(h.db, { price: 40_000, salePrice: 31_000 });
    const plain = await createProduct(h.db, { price: 20_000 });
    await add(u, onSale.id, 2);
    await add(u, plain.id);
    const res = await checkout(u, { paymentMethod: "cod" });
    expect(res.status).toBe(201);
    const order = await orderRow(res.body.data!.orderId);
    const subtotal = effectivePrice(onSale) * 2 + effectivePrice(plain);
    expect(subtotal).toBe(82_000);
    expect(order).toMatchObject({ subtotal, delivery: 6_000, total: subtotal + 6_000 });
  });

  it("prices delivery for the chosen district and takes the coupon", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 50_000 });
    const coupon = await createCoupon(h.db, { kind: "fixed", value: 5_000 });
    await add(u, book.id);
    await h.request("POST", "/api/coupon/apply", { body: { code: coupon.code }, cookie: u.cookie });
    const res = await checkout(u, { paymentMethod: "cod", district: "Sylhet" });
    const order = await orderRow(res.body.data!.orderId);
    expect(order).toMatchObject({
      subtotal: 50_000,
      discount: 5_000,
      delivery: 10_000,
      total: 55_000,
      couponCode: coupon.code,
    });
    const [c] = await h.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c?.usedCount).toBe(1);
  });

  it("refuses an empty cart, bad fields, cash on delivery for an e-book, and a signed-out caller", async () => {
    const u = await h.createUser();
    expect((await checkout(u)).status).toBe(400);
    const book = await createProduct(h.db);
    await add(u, book.id);
    const bad = await checkout(u, { name: "", phone: "123", district: "Atlantis", paymentMethod: "card" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(["name", "phone", "district", "paymentMethod"]),
    );
    const ebook = await createProduct(h.db, { kind: "ebook", price: 10_000 });
    await add(u, ebook.id, 1, "ebook");
    const cod = await checkout(u, { paymentMethod: "cod" });
    expect(cod.status).toBe(400);
    expect(cod.body.message).toMatch(/Cash on delivery/);
    expect(
      (await h.request("POST", "/api/checkout", { body: { ...ADDRESS, paymentMethod: "cod" } })).status,
    ).toBe(401);
    expect((await stockOf(book.id)).stock).toBe(10);
  });
});

describe("paying at the sandbox gateway", () => {
  it("sends the buyer to the gateway, and a payment there confirms the order once", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 42_050, stock: 3 });
    await add(u, book.id);
    const placed = (await checkout(u)).body.data!;
    expect(placed.redirectUrl).toMatch(new RegExp(`/sandbox-gateway/${placed.tranx}$`));
    expect((await orderRow(placed.orderId)).status).toBe("pending_payment");
    expect((await stockOf(book.id)).stock).toBe(2);

    const back = await press(placed.tranx, "pay");
    expect(back).toContain(`/api/payment/sandbox/${placed.tranx}/success`);
    expect(await returnTo(back)).toBe(`/payment/${placed.tranx}/success`);
    expect((await orderRow(placed.orderId)).status).toBe("confirmed");

    const mine = await h.request<OrderView>("GET", `/api/orders/${placed.orderId}`, { cookie: u.cookie });
    expect(mine.body.data).toMatchObject({ status: "confirmed", total: 48_050, canPay: false });
    expect(mine.body.data?.invoiceId).toEqual(expect.any(Number));
  });

  it("confirms once however often the callback comes, at once and one after another", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    const ebook = await createProduct(h.db, { kind: "ebook", price: 15_000 });
    await add(u, book.id);
    await add(u, ebook.id, 1, "ebook");
    const placed = (await checkout(u)).body.data!;
    await press(placed.tranx, "pay");
    const ipn = () =>
      h.request("POST", `/api/payment/sandbox/${placed.tranx}/ipn`, form({ tranx: placed.tranx }));
    const together = await Promise.all(Array.from({ length: 10 }, ipn));
    for (const r of together) expect(r.status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await ipn()).status).toBe(200);
    expect((await stockOf(book.id)).stock).toBe(4);
    expect((await stockOf(book.id)).sold).toBe(1);
    expect(await countWhere(invoices, eq(invoices.orderId, placed.orderId))).toBe(1);
    expect(await countWhere(entitlements, eq(entitlements.orderId, placed.orderId))).toBe(1);
    const confirmations = await h.db
      .select({ n: count() })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, placed.orderId), eq(orderEvents.status, "confirmed")));
    expect(confirmations[0]?.n).toBe(1);
  });

  it("sends a single e-book's buyer to the e-book's own success page, and refuses to sell it twice", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 20_000 });
    await add(u, ebook.id, 1, "ebook");
    const placed = (await checkout(u)).body.data!;
    expect(await returnTo(await press(placed.tranx, "pay"))).toBe(`/ebook/payment/${ebook.id}/success`);
    const again = await add(u, ebook.id, 1, "ebook");
    expect(again.status).toBe(409);
  });

  it("gives the stock and coupon use back when the payment fails, and lets the buyer pay again", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 2 });
    const coupon = await createCoupon(h.db, { usageLimit: 5 });
    await add(u, book.id, 2);
    await h.request("POST", "/api/coupon/apply", { body: { code: coupon.code }, cookie: u.cookie });
    const placed = (await checkout(u)).body.data!;
    expect((await stockOf(book.id)).stock).toBe(0);
    expect(await returnTo(await press(placed.tranx, "fail"))).toBe(`/payment/failed?order=${placed.orderId}`);
    expect((await orderRow(placed.orderId)).status).toBe("payment_failed");
    expect((await stockOf(book.id)).stock).toBe(2);
    expect((await h.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount).toBe(0);

    const retry = await h.request<CheckoutResult>("POST", `/api/orders/${placed.orderId}/pay`, {
      cookie: u.cookie,
    });
    expect(retry.status).toBe(201);
    expect(retry.body.data?.tranx).not.toBe(placed.tranx);
    expect((await stockOf(book.id)).stock).toBe(0);
    await returnTo(await press(retry.body.data!.tranx, "pay"));
    expect((await orderRow(placed.orderId)).status).toBe("confirmed");
    expect((await h.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount).toBe(1);
  });

  it("lets an unpaid order lapse after 30 minutes, giving its stock back", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 1 });
    await add(u, book.id);
    const placed = (await checkout(u)).body.data!;
    h.clock.advance(29 * 60 * 1000);
    expect(await expireUnpaidOrders(h.ctx())).toBe(0);
    h.clock.advance(2 * 60 * 1000);
    expect(await expireUnpaidOrders(h.ctx())).toBeGreaterThanOrEqual(1);
    expect((await orderRow(placed.orderId)).status).toBe("cancelled");
    expect((await stockOf(book.id)).stock).toBe(1);
  });

  it("lets the buyer cancel an unpaid order, and nobody else", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const book = await createProduct(h.db, { stock: 3 });
    await add(u, book.id);
    const placed = (await checkout(u)).body.data!;
    for (const [method, path] of [
      ["GET", `/api/orders/${placed.orderId}`],
      ["POST", `/api/orders/${placed.orderId}/cancel`],
      ["POST", `/api/orders/${placed.orderId}/pay`],
    ] as const) {
      expect((await h.request(method, path, { cookie: other.cookie })).status).toBe(404);
    }
    expect((await h.request<OrderView[]>("GET", "/api/orders", { cookie: other.cookie })).body.data).toEqual(
      [],
    );
    const cancelled = await h.request<OrderView>("POST", `/api/orders/${placed.orderId}/cancel`, {
      cookie: u.cookie,
    });
    expect(cancelled.body.data?.status).toBe("cancelled");
    expect((await stockOf(book.id)).stock).toBe(3);
    // A payment arriving for it afterwards (another tab) takes its stock again and confirms it.
    await returnTo(await press(placed.tranx, "pay"));
    expect((await orderRow(placed.orderId)).status).toBe("confirmed");
    expect((await stockOf(book.id)).stock).toBe(2);
  });
});

describe("tampered callbacks change nothing", () => {
  it("takes a JSON body of null, a number or a list as no fields, never a 500", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    await add(u, book.id);
    const placed = (await checkout(u)).body.data!;
    for (const body of ["null", "7", "[1]"]) {
      const res = await h.request("POST", `/api/payment/sandbox/${placed.tranx}/success`, {
        body,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, body).toBe(303);
    }
    expect((await orderRow(placed.orderId)).status).toBe("pending_payment");
  });

  it("refuses an unknown transaction, a wrong amount and another gateway's name", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    await add(u, book.id);
    const placed = (await checkout(u)).body.data!;
    expect((await h.request("POST", "/api/payment/sandbox/TNOSUCH123/ipn", form({}))).status).toBe(404);
    expect((await h.request("POST", `/api/payment/sslcommerz/${placed.tranx}/ipn`, form({}))).status).toBe(
      404,
    );
    // A return claiming failure while the gateway has no such word: the order keeps waiting.
    expect(await returnTo(`http://localhost/api/payment/sandbox/${placed.tranx}/fail?status=failed`)).toBe(
      `/payment/failed?order=${placed.orderId}`,
    );
    expect((await orderRow(placed.orderId)).status).toBe("pending_payment");
    expect((await stockOf(book.id)).stock).toBe(4);
    // The gateway says a different amount was paid than the order asked for.
    await press(placed.tranx, "pay");
    await h.db.update(sandboxPayments).set({ amount: 100 }).where(eq(sandboxPayments.tranx, placed.tranx));
    const wrong = await h.request(
      "POST",
      `/api/payment/sandbox/${placed.tranx}/ipn`,
      form({ amount: "100" }),
    );
    expect(wrong.status).toBe(400);
    expect((await orderRow(placed.orderId)).status).toBe("pending_payment");
    const [p] = await h.db.select().from(payments).where(eq(payments.tranx, placed.tranx));
    expect(p?.status).toBe("initiated");
    expect(await countWhere(invoices, eq(invoices.orderId, placed.orderId))).toBe(0);
  });
});

describe("invoices", () => {
  it("shows an invoice to its buyer and to staff, and is not found for anyone else", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const staff = await h.createUser({ role: "staff", permissions: ["invoices"] });
    const book = await createProduct(h.db, { title: "Invoice Test Book", price: 12_345 });
    await add(u, book.id);
    const placed = (await checkout(u, { paymentMethod: "cod" })).body.data!;
    const id = (await h.request<OrderView>("GET", `/api/orders/${placed.orderId}`, { cookie: u.cookie })).body
      .data!.invoiceId!;
    const mine = await h.request<InvoiceView>("GET", `/api/invoices/${id}`, { cookie: u.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.data?.snapshot.lines[0]).toMatchObject({
      title: "Invoice Test Book",
      unitPrice: 12_345,
    });
    expect((await h.request("GET", `/api/invoices/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await h.request("GET", `/api/invoices/${id}`, { cookie: staff.cookie })).status).toBe(200);
    expect((await h.request("GET", `/api/invoices/${id}`)).status).toBe(401);
  });

  it("numbers invoices one after another without gaps", async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await h.createUser();
      const book = await createProduct(h.db);
      await add(u, book.id);
      const placed = (await checkout(u, { paymentMethod: "cod" })).body.data!;
      const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, placed.orderId));
      numbers.push(Number(inv!.number!.slice(-6)));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
  });
});

describe("many buyers at once", () => {
  it("sells exactly the stock: 20 checkouts for 5 books make 5 orders", async () => {
    const book = await createProduct(h.db, { stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => h.createUser()));
    for (const b of buyers) expect((await add(b, book.id)).status).toBe(201);
    const results = await Promise.all(buyers.map((b) => checkout(b, { paymentMethod: "cod" })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/out of stock/);
    }
    expect((await stockOf(book.id)).stock).toBe(0);
  });

  it("counts a coupon limited to 3 uses exactly 3 times under 10 checkouts", async () => {
    const coupon = await createCoupon(h.db, { usageLimit: 3 });
    const book = await createProduct(h.db, { stock: 50 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => h.createUser()));
    for (const b of buyers) {
      await add(b, book.id);
      expect(
        (await h.request("POST", "/api/coupon/apply", { body: { code: coupon.code }, cookie: b.cookie }))
          .status,
      ).toBe(200);
    }
    const results = await Promise.all(buyers.map((b) => checkout(b, { paymentMethod: "cod" })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect((await h.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount).toBe(3);
  });
});
