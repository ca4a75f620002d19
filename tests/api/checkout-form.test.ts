// The checkout form posted as a browser without JavaScript posts it (decision 53): the order placed
// through the checkout's own service, answering with a redirect (the confirmation with its message,
// or the gateway's page); refused input answers the page's data with each field's message and what
// was typed, changing nothing. The page's cart key makes a double tap or a second tab place one
// order, and refuses a cart changed since the page showed it with nothing charged; the API takes
// the same key (the page's scripts send it).
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedAddress } from "../../src/contracts/addresses";
import type { CartInfo } from "../../src/contracts/cart";
import { cartKeyOf } from "../../src/contracts/cart-key";
import { CART_CHANGED, type CheckoutResult } from "../../src/contracts/checkout";
import { inTransaction } from "../../src/server/db/client";
import { cartLines, carts, orders, payments, products, storeCreditEntries } from "../../src/server/db/schema";
import { appendCreditInTx } from "../../src/server/services/money/store-credit";
import { appContext } from "../../src/web/lib/app-context.server";
import { checkoutAction, loadCheckout } from "../../src/web/routes/shop/checkout.server";
import { createCoupon, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { flashOf, pageForms, withCookies } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

const ADDRESS = {
  name: "Nusrat Jahan",
  phone: "01712345678",
  district: "Dhaka",
  area: "Mirpur",
  address: "House 12, Road 3, Section 6",
};

const add = async (u: TestUser, productId: number, quantity = 1, type = "book") => {
  const res = await h.request("POST", "/api/cart", {
    body: { bookId: productId, quantity, source: "test", type },
    cookie: u.cookie,
  });
  expect(res.status, res.text).toBe(201);
};
const cartOf = async (u: TestUser) =>
  (await h.request<CartInfo>("GET", "/api/cart/info", { cookie: u.cookie })).body.data!;
/** The key the checkout page puts in its form for the cart it shows. */
const keyOf = (c: CartInfo) =>
  cartKeyOf(
    c.lines.map((l) => ({
      productId: l.productId,
      kind: l.type,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
    c.couponId,
  );
/** The checkout form as the page sends it, for the cart as it is now. */
async function formFor(u: TestUser, fields: Record<string, string> = {}) {
  const cart = await cartOf(u);
  return {
    ...ADDRESS,
    note: "",
    paymentMethod: "cod",
    cartKey: keyOf(cart),
    pricedFor: cart.district,
    intent: "place",
    ...fields,
  };
}
const ordersOf = async (u: TestUser) =>
  h.db.select().from(orders).where(eq(orders.userId, u.user.id)).orderBy(orders.id);
const linesOf = async (u: TestUser) =>
  h.db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, u.user.id));
const stockOf = async (id: number) =>
  (await h.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const post = (u: TestUser, fields: Record<string, string>) =>
  forms.post("/cart/checkout", fields, { cookie: u.cookie });

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, { "/cart/checkout": (context, request) => checkoutAction(context, request) });
});
afterAll(async () => {
  await h?.close();
});

describe("the checkout form", () => {
  it("places a cash-on-delivery order and goes to its confirmation, saying so", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000, stock: 4 });
    await add(u, book.id, 2);
    const res = await post(u, await formFor(u, { note: "Call before coming" }));
    expect(res.status).toBe(302);
    const [order] = await ordersOf(u);
    expect(order).toMatchObject({ status: "confirmed", paymentMethod: "cod", total: 66_000, area: "Mirpur" });
    expect(order!.note).toBe("Call before coming");
    const [attempt] = await h.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(res.location).toBe(`/payment/${attempt!.tranx}/success`);
    expect(flashOf(res.setCookie)).toEqual({
      title: "Your order is placed",
      description: "Follow it in My orders.",
      link: { href: "/orders", label: "My orders" },
    });
    expect(await linesOf(u)).toEqual([]);
    expect(await stockOf(book.id)).toBe(2);
    // The confirmation's page shows the message once.
    const page = await forms.get(res.location!, withCookies(u.cookie, res.setCookie));
    expect(page.body.flash).toMatchObject({ title: "Your order is placed" });
  });

  it("keeps the buyer's choice to wait for a pre-order and ship together, posted without JavaScript", async () => {
    const u = await h.createUser();
    const pre = await createProduct(h.db, { stock: 0 });
    await h.db.update(products).set({ releaseDate: "2031-04-15" }).where(eq(products.id, pre.id));
    const shelf = await createProduct(h.db, { stock: 5 });
    await add(u, pre.id);
    await add(u, shelf.id);
    const res = await post(u, await formFor(u, { waitShipping: "together" }));
    expect(res.status).toBe(302);
    const [order] = await ordersOf(u);
    expect(order).toMatchObject({
      status: "confirmed",
      waitShipping: "together",
      reservedStock: { [shelf.id]: 1 },
    });
    expect(await stockOf(pre.id)).toBe(0);
  });

  it("spends the buyer's store credit when its box is ticked, without JavaScript (decision 71)", async () => {
    const u = await h.createUser();
    await inTransaction(h.db, async (tx) => {
      await appendCreditInTx(tx, {
        userId: u.user.id,
        kind: "adjustment",
        amount: 10_000,
        key: `form-test-${u.user.id}`,
        now: h.clock.now(),
      });
    });
    const book = await createProduct(h.db, { price: 30_000, stock: 4 });
    await add(u, book.id);
    const res = await post(u, await formFor(u, { useStoreCredit: "on" }));
    expect(res.status).toBe(302);
    const [order] = await ordersOf(u);
    // ৳300 and ৳60 delivery in Dhaka, ৳100 of it paid with store credit.
    expect(order).toMatchObject({ status: "confirmed", storeCredit: 10_000, total: 26_000 });
    const [spent] = await h.db
      .select()
      .from(storeCreditEntries)
      .where(eq(storeCreditEntries.orderId, order!.id));
    expect(spent).toMatchObject({ kind: "spent", amount: -10_000, balance: 0 });
  });

  it("online payment goes on to the gateway's page, as the API's answer sends the page there", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 20_000, stock: 3 });
    await add(u, book.id);
    const res = await post(u, await formFor(u, { paymentMethod: "gateway" }));
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^http:\/\/localhost\/sandbox-gateway\/T\d+[0-9A-F]+$/);
    expect(flashOf(res.setCookie)).toBeNull();
    const [order] = await ordersOf(u);
    expect(order).toMatchObject({ status: "pending_payment", paymentMethod: "gateway", total: 26_000 });
    expect(await linesOf(u)).toEqual([]);
  });

  it("a double tap places one order, and the second tap lands where the first would have", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 15_000, stock: 5 });
    await add(u, book.id);
    const fields = await formFor(u);
    const first = await post(u, fields);
    const second = await post(u, fields);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.location).toBe(first.location);
    expect(await ordersOf(u)).toHaveLength(1);
    expect(await stockOf(book.id)).toBe(4);
  });

  it("the same cart sent from two tabs at once places one order (the cart's lock takes them in turn)", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 15_000, stock: 5 });
    await add(u, book.id);
    const fields = await formFor(u);
    const answers = await Promise.all([post(u, fields), post(u, { ...fields, area: "Uttara" })]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(new Set(answers.map((a) => a.location)).size).toBe(1);
    expect(await ordersOf(u)).toHaveLength(1);
    expect(await stockOf(book.id)).toBe(4);
  });

  it("a second tap on online payment opens a new attempt at the gateway for the same order", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 15_000, stock: 5 });
    await add(u, book.id);
    const fields = await formFor(u, { paymentMethod: "gateway" });
    const first = await post(u, fields);
    const second = await post(u, fields);
    expect(second.status).toBe(303);
    expect(second.location).toMatch(/\/sandbox-gateway\//);
    expect(second.location).not.toBe(first.location);
    const placed = await ordersOf(u);
    expect(placed).toHaveLength(1);
    const attempts = await h.db.select().from(payments).where(eq(payments.orderId, placed[0]!.id));
    expect(attempts.map((a) => a.status).sort()).toEqual(["cancelled", "initiated"]);
    expect(await stockOf(book.id)).toBe(4);
  });

  it("refuses a cart changed in another tab (a line removed) with nothing charged, what was typed kept", async () => {
    const u = await h.createUser();
    const kept = await createProduct(h.db, { price: 10_000, stock: 5 });
    const removed = await createProduct(h.db, { price: 12_000, stock: 5 });
    await add(u, kept.id);
    await add(u, removed.id);
    const fields = await formFor(u, { area: "Dhanmondi" });
    const line = (await cartOf(u)).lines.find((l) => l.productId === removed.id)!;
    expect((await h.request("DELETE", "/api/cart", { body: { id: line.id }, cookie: u.cookie })).status).toBe(
      200,
    );
    const res = await post(u, fields);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.text)).toMatchObject({
      ok: false,
      message: CART_CHANGED,
      values: { area: "Dhanmondi", paymentMethod: "cod" },
    });
    expect(await ordersOf(u)).toEqual([]);
    expect(await stockOf(kept.id)).toBe(5);
    expect(await linesOf(u)).toEqual([{ productId: kept.id, quantity: 1 }]);
    // The page read again gives the cart's new key: placed with it.
    expect((await post(u, await formFor(u))).status).toBe(302);
    expect(await ordersOf(u)).toHaveLength(1);
  });

  it("refuses a cart whose quantity or price moved since the page showed it", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const fields = await formFor(u);
    await h.db.update(products).set({ salePrice: 9_000 }).where(eq(products.id, book.id));
    expect((await post(u, fields)).status).toBe(409);
    const again = await formFor(u);
    await add(u, book.id);
    expect((await post(u, again)).status).toBe(409);
    expect(await ordersOf(u)).toEqual([]);
  });

  it("refuses empty and short fields with each field's message, keeping what was typed and changing nothing", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const res = await post(u, await formFor(u, { name: "N", area: "", address: "abc" }));
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text);
    expect(body.errors).toMatchObject({
      name: "Name must have at least 2 characters",
      area: "Area is required",
      address: "Address must have at least 5 characters",
    });
    expect(body.values).toMatchObject({ name: "N", area: "", address: "abc", phone: ADDRESS.phone });
    expect(body.values.cartKey).toBeUndefined();
    expect(await ordersOf(u)).toEqual([]);
    expect(await linesOf(u)).toHaveLength(1);
  });

  it("refuses cash on delivery for an e-book under the payment method, and no payment method at all", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 8_000 });
    await add(u, ebook.id, 1, "ebook");
    const { district: _d, area: _a, address: _ad, ...digital } = await formFor(u);
    const cod = await post(u, digital);
    expect(cod.status).toBe(400);
    expect(JSON.parse(cod.text).errors).toEqual({
      paymentMethod: "Cash on delivery is only for printed items; pay online for e-books and courses",
    });
    const { paymentMethod: _p, ...none } = digital;
    const missing = await post(u, none);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text).errors).toEqual({
      paymentMethod: "Choose online payment or cash on delivery",
    });
    expect(await ordersOf(u)).toEqual([]);
  });

  it("a coupon the page showed applied is placed with the order", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 50_000, stock: 5 });
    const coupon = await createCoupon(h.db, { code: "FORMCHECK", value: 10 });
    await add(u, book.id);
    expect(
      (await h.request("POST", "/api/coupon/apply", { body: { code: coupon.code }, cookie: u.cookie }))
        .status,
    ).toBe(200);
    const res = await post(u, await formFor(u));
    expect(res.status).toBe(302);
    const [order] = await ordersOf(u);
    expect(order).toMatchObject({ couponCode: "FORMCHECK", discount: 5_000 });
  });

  it("an empty cart is refused, and nothing is placed", async () => {
    const u = await h.createUser();
    const res = await post(u, { ...ADDRESS, paymentMethod: "cod", intent: "place" });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ message: "Your cart is empty" });
  });
});

describe("the checkout form's district and saved address (without JavaScript)", () => {
  it("prices delivery for the district chosen, keeping what was typed; a district that is not one is refused", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const res = await post(
      u,
      await formFor(u, { intent: "district", district: "Sylhet", area: "Zindabazar" }),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      ok: true,
      notice: expect.stringMatching(/^Delivery is now priced/),
      values: { district: "Sylhet", area: "Zindabazar" },
    });
    expect((await cartOf(u)).district).toBe("Sylhet");
    const bad = await post(u, await formFor(u, { intent: "district", district: "Atlantis" }));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).errors).toEqual({ district: "Choose one of the 64 districts of Bangladesh" });
    expect((await cartOf(u)).district).toBe("Sylhet");
    expect(await ordersOf(u)).toEqual([]);
  });

  it("a district changed without its button is priced first: no order is charged a total the page did not show", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const fields = await formFor(u, { district: "Khulna" });
    expect(fields.pricedFor).toBe("Dhaka");
    const first = await post(u, fields);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ ok: true, values: { district: "Khulna" } });
    expect(await ordersOf(u)).toEqual([]);
    const cart = await cartOf(u);
    expect(cart.district).toBe("Khulna");
    // The page now priced for Khulna: placed.
    expect((await post(u, await formFor(u, { district: "Khulna" }))).status).toBe(302);
    expect(await ordersOf(u)).toMatchObject([{ district: "Khulna", delivery: cart.deliveryCharges }]);
  });

  it("fills in a saved address and prices delivery for it; another customer's address is not found", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const saved = await h.request<SavedAddress>("POST", "/api/addresses", {
      body: {
        name: "Rafiq Islam",
        phone: "01811111111",
        district: "Rajshahi",
        area: "Boalia",
        address: "Hall 2",
      },
      cookie: u.cookie,
    });
    const id = String(saved.body.data!.id);
    const res = await post(u, await formFor(u, { intent: "saved", saved: id, area: "typed" }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      ok: true,
      values: { name: "Rafiq Islam", district: "Rajshahi", area: "Boalia", address: "Hall 2", saved: id },
    });
    expect((await cartOf(u)).district).toBe("Rajshahi");
    const other = await h.createUser();
    await add(other, book.id);
    const theirs = await post(other, await formFor(other, { intent: "saved", saved: id }));
    expect(theirs.status).toBe(404);
    expect(await ordersOf(u)).toEqual([]);
  });

  it("a saved address chosen without its button is filled in first, not placed with the fields still showing another", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const made = async (district: string, address: string) =>
      String(
        (
          await h.request<SavedAddress>("POST", "/api/addresses", {
            body: { name: "Rafiq Islam", phone: "01811111111", district, area: "Sadar", address },
            cookie: u.cookie,
          })
        ).body.data!.id,
      );
    const shown = await made("Dhaka", "House 1, Road 1");
    const other = await made("Bogura", "House 2, Road 2");
    const fields = await formFor(u, { saved: other, savedShown: shown });
    const res = await post(u, fields);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      ok: true,
      values: { district: "Bogura", address: "House 2, Road 2" },
    });
    expect(await ordersOf(u)).toEqual([]);
    // The same address chosen and shown: placed.
    expect(
      (await post(u, await formFor(u, { saved: other, savedShown: other, district: "Bogura" }))).status,
    ).toBe(302);
    expect(await ordersOf(u)).toMatchObject([{ district: "Bogura" }]);
  });
});

describe("the checkout page's loader", () => {
  /** The context React Router gives a page request's action and loaders (one per request). */
  const contextOf = (u: TestUser) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      ctx: h.ctx(u.user),
      requestId: "test",
      buildVersion: "test",
      origin: "http://localhost",
    });
    return context;
  };
  const formPost = (fields: Record<string, string>) =>
    new Request("http://localhost/cart/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("prices the cart for the address filled in, and after a post for the district the form shows", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    await h.request("POST", "/api/addresses", {
      body: {
        name: "Rafiq Islam",
        phone: "01811111111",
        district: "Rajshahi",
        area: "Boalia",
        address: "Hall 2",
      },
      cookie: u.cookie,
    });
    const opened = await loadCheckout(contextOf(u));
    expect(opened.prefill).toMatchObject({ district: "Rajshahi" });
    expect(opened.cart).toMatchObject({ district: "Rajshahi", deliveryCharges: 10_000 });

    // The district priced by the form's button: the page after the post shows it, not the saved one's.
    const context = contextOf(u);
    const fields = await formFor(u, { intent: "district", district: "Dhaka" });
    expect(await checkoutAction(context, formPost(fields))).toMatchObject({ ok: true });
    expect((await loadCheckout(context)).cart).toMatchObject({ district: "Dhaka", deliveryCharges: 6_000 });
    // Opened again later, it fills in the saved address and prices for it again.
    expect((await loadCheckout(contextOf(u))).cart.district).toBe("Rajshahi");
  });

  it("a cart of e-books alone is not priced for a district", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 8_000 });
    await add(u, ebook.id, 1, "ebook");
    await h.request("POST", "/api/addresses", {
      body: {
        name: "Rafiq Islam",
        phone: "01811111111",
        district: "Sylhet",
        area: "Zindabazar",
        address: "Hall 2",
      },
      cookie: u.cookie,
    });
    expect((await loadCheckout(contextOf(u))).cart).toMatchObject({ district: "Dhaka", deliveryCharges: 0 });
  });
});

describe("forms the checkout cannot take", () => {
  it("refuses an intent it does not know, a form from another site and a NUL character, placing nothing", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const fields = await formFor(u);
    expect((await post(u, { ...fields, intent: "explode" })).status).toBe(400);
    expect(
      (await forms.post("/cart/checkout", fields, { cookie: u.cookie, origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    expect((await post(u, { ...fields, note: "a\0b" })).status).toBe(400);
    expect((await post(u, { ...fields, cartKey: "not-a-key" })).status).toBe(400);
    expect(await ordersOf(u)).toEqual([]);
  });

  it("signed out: refused with 401, nothing placed", async () => {
    const placed = async () => (await h.db.select({ n: count() }).from(orders))[0]!.n;
    const before = await placed();
    const res = await forms.post("/cart/checkout", { ...ADDRESS, paymentMethod: "cod", intent: "place" });
    expect(res.status).toBe(401);
    expect(await placed()).toBe(before);
  });
});

describe("POST /api/checkout with the page's cart key (the scripts' path)", () => {
  const checkout = (u: TestUser, body: Record<string, unknown>) =>
    h.request<CheckoutResult>("POST", "/api/checkout", { body: { ...ADDRESS, ...body }, cookie: u.cookie });

  it("answers the same cart sent again with the same order, and refuses a changed one with 409", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    const other = await createProduct(h.db, { price: 11_000, stock: 5 });
    await add(u, book.id);
    const cartKey = keyOf(await cartOf(u));
    const [a, b] = await Promise.all([
      checkout(u, { paymentMethod: "cod", cartKey }),
      checkout(u, { paymentMethod: "cod", cartKey }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data).toEqual(a.body.data);
    expect(await ordersOf(u)).toHaveLength(1);

    await add(u, other.id);
    const stale = keyOf(await cartOf(u));
    await add(u, book.id);
    const changed = await checkout(u, { paymentMethod: "cod", cartKey: stale });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(CART_CHANGED);
    expect(await ordersOf(u)).toHaveLength(1);
  });

  it("without a key, as before: the second of two sends finds the cart empty", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    expect((await checkout(u, { paymentMethod: "cod" })).status).toBe(201);
    const again = await checkout(u, { paymentMethod: "cod" });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Your cart is empty");
  });

  it("an order cancelled since, or placed long ago, is not answered again: the cart is empty", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 5 });
    await add(u, book.id);
    const cartKey = keyOf(await cartOf(u));
    const placed = await checkout(u, { paymentMethod: "gateway", cartKey });
    expect(placed.status).toBe(201);
    const cancelled = await h.request("POST", `/api/orders/${placed.body.data!.orderId}/cancel`, {
      cookie: u.cookie,
    });
    expect(cancelled.status).toBe(200);
    expect((await checkout(u, { paymentMethod: "gateway", cartKey })).status).toBe(400);

    const later = await h.createUser();
    await add(later, book.id);
    const key = keyOf(await cartOf(later));
    expect((await checkout(later, { paymentMethod: "cod", cartKey: key })).status).toBe(201);
    h.clock.advance(31 * 60 * 1000);
    try {
      expect((await checkout(later, { paymentMethod: "cod", cartKey: key })).status).toBe(400);
    } finally {
      h.clock.advance(-31 * 60 * 1000);
    }
    expect(await ordersOf(later)).toHaveLength(1);
  });
});
