/**
 * The pricing playground: staff price lines, a coupon, a district and a customer without a cart,
 * and the answer is what the cart would charge — the same pricing, the same refusals in the
 * customer's words — proven against the real cart for random carts.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import type { PlaygroundPrice } from "../../src/contracts/playground";
import { COUPON_NOT_FOUND } from "../../src/server/services/cart/coupons";
import { COUPON_REFUSALS } from "../../src/server/services/cart/pricing";
import { createCoupon, createProduct, createRedemption } from "./factories";
import { createHarness, type Harness, START_TIME, type TestUser } from "./harness";

let h: Harness;
let ordersStaff: TestUser;
let booksStaff: TestUser;
let customer: TestUser;
type P = { id: number; kind: "book" | "ebook" | "stationary" | "content" };
const catalogue: P[] = [];
const codes: string[] = [];
let usedOnce: string;

beforeAll(async () => {
  h = await createHarness();
  ordersStaff = await h.createUser({ role: "staff", permissions: ["orders"] });
  booksStaff = await h.createUser({ role: "staff", permissions: ["books"] });
  customer = await h.createUser({ name: "Playground Customer" });
  const made = [
    await createProduct(h.db, { price: 32_000, salePrice: 27_550, stock: 100 }),
    await createProduct(h.db, { price: 18_099, stock: 100 }),
    await createProduct(h.db, { kind: "stationary", price: 4_550, stock: 100 }),
    await createProduct(h.db, { kind: "stationary", price: 999, salePrice: 777, stock: 100 }),
    await createProduct(h.db, { kind: "ebook", price: 15_000 }),
    await createProduct(h.db, { kind: "content", price: 120_000, salePrice: 99_900 }),
  ];
  for (const p of made) catalogue.push({ id: p.id, kind: p.kind as P["kind"] });
  const day = 24 * 3600_000;
  const coupons = [
    await createCoupon(h.db, { code: "PCT15", kind: "percent", value: 15, maxDiscount: 10_000 }),
    await createCoupon(h.db, { code: "FLAT50", kind: "fixed", value: 5_000, minOrder: 40_000 }),
    await createCoupon(h.db, { code: "PENS", kind: "percent", value: 33, productKinds: ["stationary"] }),
    await createCoupon(h.db, { code: "OLD", endsAt: new Date(START_TIME.getTime() - day) }),
    await createCoupon(h.db, { code: "LATER", startsAt: new Date(START_TIME.getTime() + 365 * day) }),
    await createCoupon(h.db, { code: "ONCE", perUserLimit: 1 }),
    await createCoupon(h.db, { code: "OFF", active: false }),
  ];
  for (const c of coupons) codes.push(c.code);
  usedOnce = "ONCE";
  await createRedemption(h.db, { couponId: coupons[5]!.id, userId: customer.user.id });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const price = (query: string, who: TestUser = ordersStaff) =>
  h.request<PlaygroundPrice>("GET", `/api/admin/playground/price?${query}`, { cookie: who.cookie });

describe("the pricing playground", () => {
  it("prices lines, coupon and delivery as the cart does, with each line's share of the discount", async () => {
    const [book, , pen] = catalogue;
    const res = await price(`items=${book!.id}x2,${pen!.id}x3&coupon=pct15&district=Chittagong`);
    expect(res.status, res.text).toBe(200);
    const d = res.body.data!;
    expect(d.subtotal).toBe(2 * 27_550 + 3 * 4_550);
    // 15% of 68,750 is 10,312, capped at 10,000.
    expect(d.discount).toBe(10_000);
    expect(d.lines.reduce((s, l) => s + l.discount, 0)).toBe(10_000);
    expect(d.district).toBe("Chattogram");
    expect(d.zone).toBe("outside");
    expect(d.total).toBe(d.subtotal - d.discount + d.delivery);
    expect(d.coupon).toEqual({ code: "PCT15", applied: true, message: null });
    expect(d.lines[0]).toMatchObject({
      productId: book!.id,
      quantity: 2,
      unitPrice: 27_550,
      url: `/admin/books/${book!.id}`,
    });
  });

  it("says why a coupon takes nothing off, in the customer's words", async () => {
    const [book] = catalogue;
    const refusal = async (q: string) => (await price(q)).body.data!.coupon?.message;
    expect(await refusal(`items=${book!.id}&coupon=OLD`)).toBe(COUPON_REFUSALS.expired);
    expect(await refusal(`items=${book!.id}&coupon=LATER`)).toBe(COUPON_REFUSALS.notStarted);
    expect(await refusal(`items=${book!.id}&coupon=OFF`)).toBe(COUPON_REFUSALS.inactive);
    expect(await refusal(`items=${book!.id}&coupon=PENS`)).toBe(COUPON_REFUSALS.notApplicable);
    expect(await refusal(`items=${book!.id}&coupon=FLAT50`)).toBe(COUPON_REFUSALS.minOrder(40_000));
    expect(await refusal(`coupon=PCT15`)).toBe(COUPON_REFUSALS.emptyCart);
    expect(await refusal(`items=${book!.id}&coupon=NOSUCH`)).toBe(COUPON_NOT_FOUND);
    // A per-customer limit counts only when the customer is named.
    expect(await refusal(`items=${book!.id}&coupon=${usedOnce}`)).toBeNull();
    const named = await price(`items=${book!.id}&coupon=${usedOnce}&user=${customer.user.id}`);
    expect(named.body.data!.coupon?.message).toBe(COUPON_REFUSALS.perUser);
    // Staff holding only `orders` price for the customer by id: no name, no phone.
    expect(named.body.data!.user).toEqual({ id: customer.user.id, name: null, phone: null });
  });

  it("names the customer (name and phone) only to staff who may read accounts", async () => {
    const clerk = await h.createUser({ role: "staff", permissions: ["orders", "users"] });
    const query = `items=${catalogue[0]!.id}&user=${customer.user.id}`;
    const named = await price(query, clerk);
    expect(named.body.data!.user).toEqual({
      id: customer.user.id,
      name: "Playground Customer",
      phone: customer.phone,
    });
    const byId = await price(query);
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body.data!.user).toEqual({ id: customer.user.id, name: null, phone: null });
    expect(byId.text).not.toContain("Playground Customer");
    expect(byId.text).not.toContain(customer.phone.slice(-8));
  });

  it("notes a quantity above stock as the cart would refuse it", async () => {
    const low = await createProduct(h.db, { stock: 2 });
    const d = (await price(`items=${low.id}x3`)).body.data!;
    expect(d.lines[0]).toMatchObject({ maxQuantity: 2, note: "Only 2 left in stock" });
  });

  it("refuses bad input with 400 and a message for the field", async () => {
    const [book, , , , ebook] = catalogue;
    const cases: [string, string, RegExp][] = [
      ["items=12y2", "items", /12x2,40x1/],
      [`items=${book!.id}x0`, "items", /1 to 100/],
      [`items=${book!.id}x101`, "items", /1 to 100/],
      [`items=${book!.id},${book!.id}x2`, "items", /listed twice/],
      ["items=999999", "items", /not in the shop/],
      [`items=${ebook!.id}x2`, "items", /bought once/],
      [`items=${book!.id}&district=Atlantis`, "district", /64 districts/],
      [`items=${book!.id}&user=abc`, "user", /account/],
      [`items=${book!.id}&user=999999`, "user", /No such account/],
      [`coupon=${"X".repeat(41)}`, "coupon", /40 characters/],
    ];
    for (const [q, field, message] of cases) {
      const res = await price(q);
      expect(res.status, `${q}: ${res.text}`).toBe(400);
      expect(res.body.errors?.[field], q).toMatch(message);
    }
  });

  it("is for staff holding orders", async () => {
    expect((await price("items=1", booksStaff)).status).toBe(403);
    expect((await price("items=1", customer)).status).toBe(403);
    expect((await h.request("GET", "/api/admin/playground/price")).status).toBe(401);
  });

  it("charges what the customer's real cart charges, for random carts, coupons and districts", async () => {
    const cart = (method: string, path: string, body?: unknown) =>
      h.request<CartInfo>(method, path, { cookie: customer.cookie, body });
    const line = fc.record({
      index: fc.nat({ max: catalogue.length - 1 }),
      quantity: fc.integer({ min: 1, max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(line, { maxLength: 5, selector: (l) => l.index }),
        fc.option(fc.constantFrom(...codes), { nil: null }),
        fc.constantFrom("Dhaka", "Sylhet", "Cumilla", "Gazipur"),
        async (picked, code, district) => {
          // The coupon tries are limited per minute: each run is a minute later.
          h.clock.advance(61_000);
          const before = await cart("GET", "/api/cart/info");
          for (const l of before.body.data!.lines) await cart("DELETE", "/api/cart", { id: l.id });
          await cart("DELETE", "/api/coupon");
          const items = picked.map((l) => {
            const p = catalogue[l.index]!;
            const digital = p.kind === "ebook" || p.kind === "content";
            return { productId: p.id, kind: p.kind, quantity: digital ? 1 : l.quantity };
          });
          for (const i of items) {
            const added = await cart("POST", "/api/cart", {
              bookId: i.productId,
              quantity: i.quantity,
              type: i.kind,
            });
            expect(added.status, added.text).toBe(201);
          }
          await cart("GET", `/api/cart/info?district=${district}`);
          if (code) await cart("POST", "/api/coupon/apply", { code });
          const real = (await cart("GET", "/api/cart/info")).body.data!;
          const query = new URLSearchParams({
            items: items.map((i) => `${i.productId}x${i.quantity}`).join(","),
            district,
            user: String(customer.user.id),
            ...(code ? { coupon: code } : {}),
          });
          const played = await price(query.toString());
          expect(played.status, played.text).toBe(200);
          const d = played.body.data!;
          expect(d.total).toBe(real.netPrice);
          expect(d.subtotal).toBe(real.totalPrice);
          expect(d.discount).toBe(real.discountedAmount);
          expect(d.delivery).toBe(real.deliveryCharges);
          expect(d.lines.map((l) => l.lineTotal)).toEqual(real.lines.map((l) => l.lineTotal));
        },
      ),
      { numRuns: 25, seed: 11 },
    );
  }, 120_000);
});
