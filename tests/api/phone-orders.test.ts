/**
 * Orders taken by phone (`/api/admin/phone-orders`): placed by the checkout's own rules, so the
 * totals, the stock, the coupon's limits and the invoice are the checkout's; placed once per key;
 * a payment link sent once by SMS that pays the order at the gateway. Runs on PGlite and, for the
 * races, on PostgreSQL (scripts/with-postgres.ts).
 */
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PhoneOrderPlaced, PhoneQuote } from "../../src/contracts/answers/staff-phone-orders";
import type { CheckoutResult, OrderView } from "../../src/contracts/checkout";
import {
  auditLog,
  coupons,
  invoices,
  orderEvents,
  orderLines,
  orders,
  outbox,
  products,
  users,
} from "../../src/server/db/schema";
import { payLinkAction } from "../../src/web/routes/shop/pay.server";
import { payAtSandbox } from "./buying";
import { createCoupon, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { pageForms } from "./page-forms";

let h: Harness;
let clerk: TestUser;
let phoneSeq = 0;

beforeAll(async () => {
  h = await createHarness();
  clerk = await h.createUser({ role: "staff", permissions: ["orders"], name: "Clerk Rahima" });
});
afterAll(async () => {
  await h?.close();
});

/** A phone number no account has yet. */
function newPhone(): string {
  phoneSeq += 1;
  return `0191${String(7_000_000 + phoneSeq).padStart(7, "0")}`;
}

const ADDRESS = { district: "Sylhet", area: "Zindabazar", address: "House 12, Road 3" };

type Lines = { productId: number; quantity: number }[];

const quote = (body: Record<string, unknown>, cookie = clerk.cookie) =>
  h.request<PhoneQuote>("POST", "/api/admin/phone-orders/quote", { body, cookie });

const place = (body: Record<string, unknown>, cookie = clerk.cookie) =>
  h.request<PhoneOrderPlaced>("POST", "/api/admin/phone-orders", { body, cookie });

let keySeq = 0;
/** A fresh key, as the clerk's page makes one per order. */
const newKey = () => `phone-order-key-${++keySeq}-${Date.now()}`;

/** The quote, then the order placed with its key: what the page does. */
async function quoteAndPlace(o: {
  phone: string;
  lines: Lines;
  paymentMethod?: "cod" | "gateway";
  couponCode?: string;
  name?: string;
}) {
  const q = await quote({
    phone: o.phone,
    lines: o.lines,
    district: ADDRESS.district,
    couponCode: o.couponCode,
  });
  expect(q.status, q.text).toBe(200);
  const body = {
    name: o.name ?? "Karim Uddin",
    phone: o.phone,
    ...ADDRESS,
    lines: o.lines,
    couponCode: o.couponCode,
    paymentMethod: o.paymentMethod ?? "cod",
    cartKey: q.body.data!.cartKey,
    placeKey: newKey(),
  };
  return { quote: q.body.data!, body, res: await place(body) };
}

async function orderOf(id: number) {
  const [o] = await h.db.select().from(orders).where(eq(orders.id, id));
  return o!;
}
async function stockOf(id: number) {
  const [p] = await h.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return p!.stock;
}
async function countOf(table: typeof orders | typeof users) {
  const [row] = await h.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

/** A customer's cart filled and checked out through the shop's own API. */
async function shopCheckout(u: TestUser, lines: Lines, extra: Record<string, unknown> = {}) {
  for (const l of lines) {
    const added = await h.request("POST", "/api/cart", {
      body: { bookId: l.productId, quantity: l.quantity, source: "test", type: "book" },
      cookie: u.cookie,
    });
    expect(added.status, added.text).toBe(201);
  }
  return (body: Record<string, unknown> = {}) =>
    h.request<CheckoutResult>("POST", "/api/checkout", {
      body: { name: "Nusrat Jahan", phone: u.phone, ...ADDRESS, paymentMethod: "cod", ...extra, ...body },
      cookie: u.cookie,
    });
}

describe("the same rules as checkout", () => {
  it("charges a phone order exactly what a checkout of the same cart and coupon charges", async () => {
    const book = await createProduct(h.db, { price: 45_000, salePrice: 39_900, stock: 20 });
    const other = await createProduct(h.db, { price: 12_000, stock: 20 });
    const coupon = await createCoupon(h.db, { kind: "percent", value: 10 });
    const lines = [
      { productId: book.id, quantity: 2 },
      { productId: other.id, quantity: 1 },
    ];
    const buyer = await h.createUser();
    const go = await shopCheckout(buyer, lines);
    const applied = await h.request("POST", "/api/coupon/apply", {
      body: { code: coupon.code },
      cookie: buyer.cookie,
    });
    expect(applied.status, applied.text).toBe(200);
    const shop = await go();
    expect(shop.status, shop.text).toBe(201);

    const { quote: q, res } = await quoteAndPlace({ phone: newPhone(), lines, couponCode: coupon.code });
    expect(res.status, res.text).toBe(201);
    const [bought, taken] = [await orderOf(shop.body.data!.orderId), await orderOf(res.body.data!.orderId)];
    for (const k of ["subtotal", "discount", "delivery", "total"] as const) expect(taken[k]).toBe(bought[k]);
    // What the clerk was shown is what the buyer is charged.
    expect(q.netPrice).toBe(taken.total);
    expect(q.deliveryCharges).toBe(taken.delivery);
    expect(q.discountedAmount).toBe(taken.discount);
    expect(taken.couponCode).toBe(coupon.code);
  });

  it("confirms a cash-on-delivery phone order at once, with its invoice, source phone and the clerk", async () => {
    const book = await createProduct(h.db, { stock: 5 });
    const phone = newPhone();
    const { res } = await quoteAndPlace({ phone, lines: [{ productId: book.id, quantity: 2 }] });
    expect(res.status, res.text).toBe(201);
    const placed = res.body.data!;
    expect(placed.status).toBe("confirmed");
    expect(placed.paymentLink).toBeNull();
    expect(placed.newCustomer).toBe(true);
    const o = await orderOf(placed.orderId);
    expect(o.source).toBe("phone");
    expect(o.takenBy).toBe(clerk.user.id);
    expect(o.paymentMethod).toBe("cod");
    expect(await stockOf(book.id)).toBe(3);
    const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, o.id));
    expect(inv?.number).toMatch(/^INV-/);
    const history = await h.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(history.find((e) => e.note === "Order taken by phone")?.actorId).toBe(clerk.user.id);
  });

  it("makes a new phone's account without a password, and audits the order and the account", async () => {
    const book = await createProduct(h.db, { stock: 5 });
    const phone = newPhone();
    const { res } = await quoteAndPlace({
      phone,
      name: "Shirin Akter",
      lines: [{ productId: book.id, quantity: 1 }],
    });
    expect(res.status, res.text).toBe(201);
    const [account] = await h.db.select().from(users).where(eq(users.phone, phone));
    expect(account).toMatchObject({ name: "Shirin Akter", role: "customer", passwordHash: null });
    expect(account!.id).toBe(res.body.data!.customerId);
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.actorId, clerk.user.id));
    const orderId = String(res.body.data!.orderId);
    expect(entries.filter((e) => e.action === "order.phone" && e.entityId === orderId)).toHaveLength(1);
    expect(
      entries.filter((e) => e.action === "user.create" && e.entityId === String(account!.id)),
    ).toHaveLength(1);

    // The next call from that phone finds the account, with the address the order went to.
    const found = await h.request<{ customer: { id: number } | null; addresses: { area: string }[] }>(
      "GET",
      `/api/admin/phone-orders/customer?phone=${encodeURIComponent(`+88${phone}`)}`,
      { cookie: clerk.cookie },
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.data!.customer?.id).toBe(account!.id);
    expect(found.body.data!.addresses[0]?.area).toBe(ADDRESS.area);
    const again = await quoteAndPlace({ phone, lines: [{ productId: book.id, quantity: 1 }] });
    expect(again.res.body.data).toMatchObject({ customerId: account!.id, newCustomer: false });
  });

  it("finds products as the back office's search does, with their price and stock", async () => {
    const book = await createProduct(h.db, { title: "Zoology Phone Primer", price: 30_000, stock: 7 });
    const res = await h.request<{ items: { id: number; available: number | null; unitPrice: number }[] }>(
      "GET",
      "/api/admin/phone-orders/products?q=zoology%20phone",
      { cookie: clerk.cookie },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.items[0]).toMatchObject({ id: book.id, available: 7, unitPrice: 30_000 });
  });
});

describe("stock, coupons and changed totals", () => {
  it("takes the last copy once when a phone order and a checkout race for it: one wins, the other is refused", async () => {
    const book = await createProduct(h.db, { stock: 1 });
    const buyer = await h.createUser();
    const go = await shopCheckout(buyer, [{ productId: book.id, quantity: 1 }]);
    const lines = [{ productId: book.id, quantity: 1 }];
    const phone = newPhone();
    const q = await quote({ phone, lines, district: ADDRESS.district });
    const [shop, byPhone] = await Promise.all([
      go(),
      place({
        name: "Karim Uddin",
        phone,
        ...ADDRESS,
        lines,
        paymentMethod: "cod",
        cartKey: q.body.data!.cartKey,
        placeKey: newKey(),
      }),
    ]);
    expect([shop.status, byPhone.status].sort()).toEqual([201, 409]);
    const refused = shop.status === 409 ? shop : byPhone;
    expect(refused.body.message).toMatch(/out of stock/);
    expect(await stockOf(book.id)).toBe(0);
    const [sold] = await h.db
      .select({ n: count() })
      .from(orderLines)
      .where(eq(orderLines.productId, book.id));
    expect(Number(sold!.n)).toBe(1);
  });

  it("holds a coupon's usage limit: two phone orders at once for its last use make one with it", async () => {
    const coupon = await createCoupon(h.db, { usageLimit: 1 });
    const book = await createProduct(h.db, { stock: 20 });
    const lines = [{ productId: book.id, quantity: 1 }];
    const bodies = await Promise.all(
      [newPhone(), newPhone()].map(async (phone) => {
        const q = await quote({ phone, lines, district: ADDRESS.district, couponCode: coupon.code });
        expect(q.body.data!.coupon?.applied).toBe(true);
        return {
          name: "Karim Uddin",
          phone,
          ...ADDRESS,
          lines,
          couponCode: coupon.code,
          paymentMethod: "cod",
          cartKey: q.body.data!.cartKey,
          placeKey: newKey(),
        };
      }),
    );
    const results = await Promise.all(bodies.map((b) => place(b)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/usage limit/);
    const [row] = await h.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(1);
    expect(await stockOf(book.id)).toBe(19);
    // Once used up, the quote says so in plain words.
    const after = await quote({ phone: newPhone(), lines, couponCode: coupon.code });
    expect(after.body.data!.coupon).toMatchObject({ applied: false });
    expect(after.body.data!.coupon!.message).toBeTruthy();
  });

  it("refuses totals other than those the clerk was shown, and places nothing", async () => {
    const book = await createProduct(h.db, { price: 20_000, stock: 5 });
    const lines = [{ productId: book.id, quantity: 1 }];
    const phone = newPhone();
    const q = await quote({ phone, lines, district: ADDRESS.district });
    await h.db.update(products).set({ price: 25_000 }).where(eq(products.id, book.id));
    const before = await countOf(orders);
    const res = await place({
      name: "Karim Uddin",
      phone,
      ...ADDRESS,
      lines,
      paymentMethod: "cod",
      cartKey: q.body.data!.cartKey,
      placeKey: newKey(),
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toMatch(/changed since the totals were shown/);
    expect(await countOf(orders)).toBe(before);
    expect(await stockOf(book.id)).toBe(5);
  });

  it("shows a line above the stock as a problem before the order is placed", async () => {
    const book = await createProduct(h.db, { title: "Scarce Atlas", stock: 2 });
    const q = await quote({ lines: [{ productId: book.id, quantity: 3 }] });
    expect(q.status, q.text).toBe(200);
    expect(q.body.data!.problems).toEqual(["Scarce Atlas: Only 2 left in stock"]);
    expect(q.body.data!.lines[0]!.available).toBe(2);
  });
});

describe("bad input and double taps", () => {
  it("refuses bad input with 400 and changes nothing", async () => {
    const book = await createProduct(h.db, { stock: 5 });
    const ebook = await createProduct(h.db, { kind: "ebook" });
    const lines = [{ productId: book.id, quantity: 1 }];
    const q = await quote({ lines, district: ADDRESS.district });
    const good = {
      name: "Karim Uddin",
      phone: newPhone(),
      ...ADDRESS,
      lines,
      paymentMethod: "cod",
      cartKey: q.body.data!.cartKey,
      placeKey: newKey(),
    };
    const [ordersBefore, usersBefore] = [await countOf(orders), await countOf(users)];
    const bad: [string, Record<string, unknown>][] = [
      ["no lines", { ...good, lines: [] }],
      ["a product twice", { ...good, lines: [...lines, ...lines] }],
      ["no such product", { ...good, lines: [{ productId: 999_999, quantity: 1 }] }],
      ["a quantity of 0", { ...good, lines: [{ productId: book.id, quantity: 0 }] }],
      ["a phone that is not a mobile", { ...good, phone: "12345" }],
      ["no address for a parcel", { ...good, address: undefined, area: undefined }],
      ["an unknown district", { ...good, district: "Atlantis" }],
      ["an unknown coupon", { ...good, couponCode: "NO-SUCH-CODE" }],
      [
        "an e-book twice",
        { ...good, lines: [{ productId: ebook.id, quantity: 2 }], paymentMethod: "gateway" },
      ],
      ["no totals shown", { ...good, cartKey: undefined }],
      ["no key", { ...good, placeKey: undefined }],
      ["a payment method of none", { ...good, paymentMethod: "barter" }],
    ];
    for (const [what, body] of bad) {
      const res = await place(body);
      expect(res.status, `${what}: ${res.text}`).toBe(400);
    }
    expect(await countOf(orders)).toBe(ordersBefore);
    expect(await countOf(users)).toBe(usersBefore);
    expect(await stockOf(book.id)).toBe(5);
  });

  it("places one order for a double submit, at once and again later", async () => {
    const book = await createProduct(h.db, { stock: 10 });
    const phone = newPhone();
    const lines = [{ productId: book.id, quantity: 2 }];
    const q = await quote({ phone, lines, district: ADDRESS.district });
    const body = {
      name: "Karim Uddin",
      phone,
      ...ADDRESS,
      lines,
      paymentMethod: "cod",
      cartKey: q.body.data!.cartKey,
      placeKey: newKey(),
    };
    const before = await countOf(orders);
    const [a, b] = await Promise.all([place(body), place(body)]);
    const c = await place(body);
    for (const r of [a, b, c]) expect(r.status, r.text).toBe(201);
    expect(new Set([a, b, c].map((r) => r.body.data!.orderId)).size).toBe(1);
    expect(await countOf(orders)).toBe(before + 1);
    expect(await stockOf(book.id)).toBe(8);
    const [made] = await h.db.select({ n: count() }).from(users).where(eq(users.phone, phone));
    expect(Number(made!.n)).toBe(1);
  });

  it("refuses a customer without the orders permission", async () => {
    const customer = await h.createUser();
    const res = await quote({ lines: [{ productId: 1, quantity: 1 }] }, customer.cookie);
    expect(res.status).toBe(403);
  });
});

describe("the payment link", () => {
  it("sends the link by SMS once, and the link pays the order at the gateway", async () => {
    const book = await createProduct(h.db, { stock: 5 });
    const phone = newPhone();
    const { res, body } = await quoteAndPlace({
      phone,
      lines: [{ productId: book.id, quantity: 1 }],
      paymentMethod: "gateway",
    });
    expect(res.status, res.text).toBe(201);
    const placed = res.body.data!;
    expect(placed.status).toBe("pending_payment");
    const link = new URL(placed.paymentLink!);
    expect(link.pathname).toMatch(new RegExp(`^/pay/${placed.orderNumber}/[A-Za-z0-9_-]{16}$`));
    // The same tap again answers with the same order and sends nothing more.
    expect((await place(body)).body.data!.orderId).toBe(placed.orderId);
    const messages = await h.db
      .select()
      .from(outbox)
      .where(and(like(outbox.key, `order-${placed.orderId}-%`), eq(outbox.channel, "sms")));
    expect(messages.map((m) => m.key)).toEqual([`order-${placed.orderId}-payment_link-sms`]);
    expect((messages[0]!.payload as { body: string }).body).toContain(link.pathname);
    expect(await stockOf(book.id)).toBe(4);

    // A wrong key names no order.
    const wrong = await h.request("GET", `/api/pay/${placed.orderNumber}/AAAAAAAAAAAAAAAA`);
    expect(wrong.status).toBe(404);
    const seen = await h.request<OrderView>("GET", `/api/pay${link.pathname.slice(4)}`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data).toMatchObject({ id: placed.orderId, status: "pending_payment", canPay: true });

    // Whoever holds the link pays, signed in or not; the gateway brings them back to the link.
    const started = await h.request<CheckoutResult>("POST", `/api/pay${link.pathname.slice(4)}`);
    expect(started.status, started.text).toBe(201);
    expect(started.body.data!.redirectUrl).toBeTruthy();
    await payAtSandbox(h, started.body.data!.tranx);
    const paid = await orderOf(placed.orderId);
    expect(paid.status).toBe("confirmed");
    const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, paid.id));
    expect(inv?.number).toMatch(/^INV-/);
    // Paid: the link starts no other payment.
    const again = await h.request("POST", `/api/pay${link.pathname.slice(4)}`);
    expect(again.status).toBe(409);
  });

  it("pays from the link's page without JavaScript: its form goes on to the gateway", async () => {
    const book = await createProduct(h.db, { stock: 5 });
    const { res } = await quoteAndPlace({
      phone: newPhone(),
      lines: [{ productId: book.id, quantity: 1 }],
      paymentMethod: "gateway",
    });
    const path = new URL(res.body.data!.paymentLink!).pathname;
    const guessedPath = path.replace(/[^/]{16}$/, "AAAAAAAAAAAAAAAA");
    const forms = pageForms(h, { [path]: payLinkAction, [guessedPath]: payLinkAction });
    const posted = await forms.post(path, {});
    expect(posted.status, posted.text).toBe(303);
    expect(posted.location).toMatch(/\/sandbox-gateway\//);
    // A link whose key was guessed is refused, and starts nothing.
    const guessed = await forms.post(guessedPath, {});
    expect(guessed.status).toBeGreaterThanOrEqual(300);
    expect(guessed.status).toBeLessThan(400);
    expect(guessed.location).toBe(guessedPath);
  });
});
