import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import { COUPON_APPLIED } from "../../src/contracts/messages";
import { carts, coupons } from "../../src/server/db/schema";
import { DEMO_COUPONS, ensureDemoCoupons } from "../../src/server/seed/coupons";
import { createCoupon, createProduct, createRedemption } from "./factories";
import { createHarness, type Harness, START_TIME, type TestUser } from "./harness";

let h: Harness;

const apply = (u: TestUser | undefined, body: unknown) =>
  h.request<CartInfo>("POST", "/api/coupon/apply", { body, cookie: u?.cookie });
const removeCoupon = (u: TestUser | undefined) =>
  h.request<CartInfo>("DELETE", "/api/coupon", { cookie: u?.cookie });
const info = (u: TestUser, query = "") =>
  h.request<CartInfo>("GET", `/api/cart/info${query}`, { cookie: u.cookie });

/** A signed-in shopper with printed books worth `goods` poisha in the cart (one line). */
async function shopperWith(goods: number, kind: "book" | "stationary" | "ebook" = "book") {
  const u = await h.createUser();
  const product = await createProduct(h.db, { kind, price: goods, stock: kind === "ebook" ? null : 10 });
  const res = await h.request("POST", "/api/cart", {
    body: { bookId: product.id, quantity: 1, source: "test", type: kind },
    cookie: u.cookie,
  });
  if (res.status !== 201) throw new Error(`could not fill the cart: ${res.text}`);
  return { u, product };
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("signed-out visitors", () => {
  it("get 401 from both coupon calls", async () => {
    expect((await apply(undefined, { code: "ANY" })).status).toBe(401);
    expect((await removeCoupon(undefined)).status).toBe(401);
  });
});

describe("POST /api/coupon/apply", () => {
  it("applies a percentage coupon with the exact success message, amounts in poisha", async () => {
    const coupon = await createCoupon(h.db, { code: "WELCOME10", value: 10 });
    const { u } = await shopperWith(45_000);
    const res = await apply(u, { code: "WELCOME10" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(COUPON_APPLIED);
    expect(res.body.message).toBe("Coupon applied successfully");
    expect(res.body.data).toMatchObject({
      totalPrice: 45_000,
      discountedAmount: 4_500,
      deliveryCharges: 6_000,
      netPrice: 46_500,
      couponId: coupon.id,
      couponCode: "WELCOME10",
    });
    expect(res.body.data?.couponMessage).toBeUndefined();
    // The summary read afterwards says the same.
    expect((await info(u)).body.data).toMatchObject({ couponId: coupon.id, discountedAmount: 4_500 });
  });

  it("finds a code whatever its case and spaces", async () => {
    const coupon = await createCoupon(h.db, { code: "EXAM50", kind: "fixed", value: 5_000 });
    const { u } = await shopperWith(30_000);
    const res = await apply(u, { code: "  exam50 " });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ couponId: coupon.id, discountedAmount: 5_000, netPrice: 31_000 });
  });

  it("answers 404 for a code that does not exist", async () => {
    const { u } = await shopperWith(30_000);
    const res = await apply(u, { code: "NOSUCHCODE" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: "This coupon does not exist" });
  });

  it("rounds a percentage down to the poisha", async () => {
    await createCoupon(h.db, { code: "THIRD33", value: 33 });
    const { u } = await shopperWith(10_001);
    // 33% of ৳100.01 is ৳33.0033: ৳33.00 off.
    expect((await apply(u, { code: "THIRD33" })).body.data).toMatchObject({
      totalPrice: 10_001,
      discountedAmount: 3_300,
      netPrice: 12_701,
    });
  });

  it("caps the discount at the coupon's maximum and never discounts delivery", async () => {
    await createCoupon(h.db, { code: "HALFCAP", value: 50, maxDiscount: 10_000 });
    const { u } = await shopperWith(100_000);
    expect((await apply(u, { code: "HALFCAP" })).body.data).toMatchObject({
      discountedAmount: 10_000,
      deliveryCharges: 6_000,
      netPrice: 96_000,
    });
    await createCoupon(h.db, { code: "BIGFIXED", kind: "fixed", value: 500_000 });
    const small = await shopperWith(20_000);
    expect((await apply(small.u, { code: "BIGFIXED" })).body.data).toMatchObject({
      discountedAmount: 20_000,
      deliveryCharges: 6_000,
      netPrice: 6_000,
    });
  });

  it("discounts only the kinds the coupon is for", async () => {
    await createCoupon(h.db, { code: "PENS20", value: 20, productKinds: ["stationary"] });
    const { u } = await shopperWith(50_000);
    const pen = await createProduct(h.db, { kind: "stationary", price: 10_000 });
    await h.request("POST", "/api/cart", {
      body: { bookId: pen.id, source: "stationery", type: "stationary" },
      cookie: u.cookie,
    });
    expect((await apply(u, { code: "PENS20" })).body.data).toMatchObject({
      totalPrice: 60_000,
      discountedAmount: 2_000,
    });
  });

  it("replaces the cart's coupon with a new one: one coupon per cart", async () => {
    const first = await createCoupon(h.db, { value: 5 });
    const second = await createCoupon(h.db, { value: 20 });
    const { u } = await shopperWith(10_000);
    await apply(u, { code: first.code });
    const res = await apply(u, { code: second.code });
    expect(res.body.data).toMatchObject({ couponId: second.id, discountedAmount: 2_000 });
  });

  it.each([
    [{}, "Required"],
    [{ code: "" }, "Enter a coupon code"],
    [{ code: "   " }, "Enter a coupon code"],
    [{ code: 12 }, "code must be text"],
    [{ code: "X".repeat(41) }, "A coupon code has at most 40 characters"],
  ])("answers 400 with the field's message to %j", async (body, message) => {
    const { u } = await shopperWith(10_000);
    const res = await apply(u, body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.code).toBe(message);
  });
});

describe("refusals in plain words (400)", () => {
  const refused = async (u: TestUser, code: string) => {
    const res = await apply(u, { code });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    // A refused coupon is not attached.
    const [cart] = await h.db
      .select({ couponId: carts.couponId })
      .from(carts)
      .where(eq(carts.userId, u.user.id));
    expect(cart?.couponId ?? null).toBeNull();
    return res.body.message;
  };

  it("a coupon switched off", async () => {
    const c = await createCoupon(h.db, { active: false });
    const { u } = await shopperWith(10_000);
    expect(await refused(u, c.code)).toBe("This coupon is no longer available");
  });

  it("a coupon whose window has not opened", async () => {
    const c = await createCoupon(h.db, { startsAt: new Date(START_TIME.getTime() + 86_400_000) });
    const { u } = await shopperWith(10_000);
    expect(await refused(u, c.code)).toBe("This coupon is not active yet");
  });

  it("a coupon that has ended", async () => {
    const c = await createCoupon(h.db, { endsAt: new Date(START_TIME.getTime() - 1) });
    const { u } = await shopperWith(10_000);
    expect(await refused(u, c.code)).toBe("This coupon has expired");
  });

  it("a coupon used up", async () => {
    const c = await createCoupon(h.db, { usageLimit: 2, usedCount: 2 });
    const { u } = await shopperWith(10_000);
    expect(await refused(u, c.code)).toBe("This coupon has reached its usage limit");
  });

  it("a coupon this shopper has already used, until the use is released", async () => {
    const c = await createCoupon(h.db, { perUserLimit: 1, usedCount: 1 });
    const { u } = await shopperWith(10_000);
    const use = await createRedemption(h.db, { couponId: c.id, userId: u.user.id });
    expect(await refused(u, c.code)).toBe("You have already used this coupon");
    // Another shopper's use does not count against this one.
    const other = await shopperWith(10_000);
    await createRedemption(h.db, {
      couponId: c.id,
      userId: other.u.user.id,
      releasedAt: new Date(START_TIME),
    });
    expect((await apply(other.u, { code: c.code })).status).toBe(200);
    expect(use.releasedAt).toBeNull();
  });

  it("a coupon for other kinds", async () => {
    const c = await createCoupon(h.db, { productKinds: ["ebook", "content"] });
    const { u } = await shopperWith(10_000);
    expect(await refused(u, c.code)).toBe("This coupon does not apply to the items in your cart");
  });

  it("a coupon for other products", async () => {
    const elsewhere = await createProduct(h.db);
    const c = await createCoupon(h.db, { productIds: [elsewhere.id] });
    const { u } = await shopperWith(10_000);
    expect(await refused(u, c.code)).toBe("This coupon does not apply to the items in your cart");
  });

  it("an order below the coupon's minimum, named in taka", async () => {
    const c = await createCoupon(h.db, { minOrder: 50_000 });
    const { u } = await shopperWith(49_999);
    expect(await refused(u, c.code)).toBe("Minimum order is ৳500");
  });

  it("an empty cart", async () => {
    const c = await createCoupon(h.db);
    const u = await h.createUser();
    expect(await refused(u, c.code)).toBe("Add something to your cart before using a coupon");
  });
});

describe("an attached coupon that stops qualifying", () => {
  it("stays attached with the reason and no discount, and applies again once it qualifies", async () => {
    const c = await createCoupon(h.db, { code: "MIN500", kind: "fixed", value: 5_000, minOrder: 50_000 });
    const { u, product } = await shopperWith(30_000);
    await h.request("PUT", "/api/cart/quantity", {
      body: { id: (await info(u)).body.data!.lines[0]!.id, quantity: 2 },
      cookie: u.cookie,
    });
    expect((await apply(u, { code: "MIN500" })).status).toBe(200);
    const line = (await info(u)).body.data!.lines[0]!;
    const lowered = await h.request<CartInfo>("PUT", "/api/cart/quantity", {
      body: { id: line.id, quantity: 1 },
      cookie: u.cookie,
    });
    expect(lowered.body.data).toMatchObject({
      couponId: null,
      couponCode: "MIN500",
      couponMessage: "Minimum order is ৳500",
      discountedAmount: 0,
      netPrice: 36_000,
    });
    const raised = await h.request<CartInfo>("PUT", "/api/cart/quantity", {
      body: { id: line.id, quantity: 2 },
      cookie: u.cookie,
    });
    expect(raised.body.data).toMatchObject({ couponId: c.id, couponCode: "MIN500", discountedAmount: 5_000 });
    expect(raised.body.data?.couponMessage).toBeUndefined();
    expect(product.id).toBe(line.productId);
  });

  it("says so when the coupon expires while attached", async () => {
    const c = await createCoupon(h.db, { endsAt: new Date(START_TIME.getTime() + 3_600_000) });
    const { u } = await shopperWith(10_000);
    expect((await apply(u, { code: c.code })).status).toBe(200);
    h.clock.advance(2 * 3_600_000);
    try {
      expect((await info(u)).body.data).toMatchObject({
        couponId: null,
        couponCode: c.code,
        couponMessage: "This coupon has expired",
        discountedAmount: 0,
      });
    } finally {
      h.clock.advance(-2 * 3_600_000);
    }
  });

  it("is dropped from the cart when staff delete the coupon", async () => {
    const c = await createCoupon(h.db);
    const { u } = await shopperWith(10_000);
    await apply(u, { code: c.code });
    await h.db.delete(coupons).where(eq(coupons.id, c.id));
    expect((await info(u)).body.data).toMatchObject({
      couponId: null,
      couponCode: null,
      discountedAmount: 0,
    });
  });
});

describe("DELETE /api/coupon", () => {
  it("takes the coupon off the cart", async () => {
    const c = await createCoupon(h.db);
    const { u } = await shopperWith(10_000);
    await apply(u, { code: c.code });
    const res = await removeCoupon(u);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Coupon removed");
    expect(res.body.data).toMatchObject({
      couponId: null,
      couponCode: null,
      discountedAmount: 0,
      netPrice: 16_000,
    });
  });

  it("answers 200 when there is no coupon (or no cart) to take off", async () => {
    const u = await h.createUser();
    expect((await removeCoupon(u)).status).toBe(200);
  });
});

describe("rate limit", () => {
  it("allows 10 coupon attempts a minute per shopper, then 429 until the next minute", async () => {
    const { u } = await shopperWith(10_000);
    for (let i = 0; i < 10; i++) expect((await apply(u, { code: `WRONG${i}` })).status).toBe(404);
    const limited = await apply(u, { code: "WRONG10" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many coupon attempts. Please wait a minute and try again.");
    // Another shopper is not held up.
    const other = await shopperWith(10_000);
    expect((await apply(other.u, { code: "WRONG" })).status).toBe(404);
    h.clock.advance(60_000);
    expect((await apply(u, { code: "WRONG11" })).status).toBe(404);
  });
});

describe("the demo coupons", () => {
  it("are added once, and WELCOME10 gives 10% off once per shopper", async () => {
    await ensureDemoCoupons(h.ctx());
    await ensureDemoCoupons(h.ctx());
    const rows = await h.db.select({ code: coupons.code }).from(coupons);
    for (const demo of DEMO_COUPONS) expect(rows.filter((r) => r.code === demo.code)).toHaveLength(1);
    const { u } = await shopperWith(30_000);
    expect((await apply(u, { code: "welcome10" })).body.data).toMatchObject({ discountedAmount: 3_000 });
    expect((await apply(u, { code: "BOOKS50" })).body.message).toBe("Minimum order is ৳500");
  });
});
