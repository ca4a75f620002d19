import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCT_KINDS, type ProductKind } from "../../../contracts/catalog";
import {
  COUPON_REFUSALS,
  type CouponRule,
  type CouponUsage,
  computeDelivery,
  deliveryRatesFrom,
  type PriceCartInput,
  type PricingLine,
  priceCart,
  spread,
} from "./pricing";

const NOW = new Date("2031-03-01T08:00:00Z");
const RATES = deliveryRatesFrom({ DELIVERY_BOOK_DHAKA: 60, DELIVERY_BOOK_OUTSIDE: 100 });
const UNUSED: CouponUsage = { totalUsed: 0, usedByUser: 0 };

let nextId = 1;
function line(kind: ProductKind, unitPrice: number, quantity = 1, productId = nextId++): PricingLine {
  return { productId, kind, title: `${kind} ${productId}`, unitPrice, quantity };
}

function rule(over: Partial<CouponRule> = {}): CouponRule {
  return {
    id: 7,
    code: "SAVE10",
    kind: "percent",
    value: 10,
    maxDiscount: null,
    minOrder: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perUserLimit: null,
    productKinds: [],
    productIds: [],
    active: true,
    ...over,
  };
}

function price(lines: PricingLine[], over: Partial<PriceCartInput> = {}) {
  return priceCart({ lines, coupon: null, district: "Dhaka", rates: RATES, now: NOW, ...over });
}

function withCoupon(lines: PricingLine[], r: CouponRule, usage = UNUSED, district = "Dhaka") {
  return price(lines, { coupon: { rule: r, usage }, district });
}

describe("priceCart: lines and totals", () => {
  it("multiplies each line and adds the goods up", () => {
    const p = price([line("book", 25_000, 2), line("ebook", 15_050)]);
    expect(p.lines.map((l) => l.lineTotal)).toEqual([50_000, 15_050]);
    expect(p.totalPrice).toBe(65_050);
    expect(p.qty).toBe(3);
    expect(p.netPrice).toBe(65_050 + 6_000);
  });

  it("prices an empty cart at nothing, with no delivery", () => {
    const p = price([]);
    expect(p).toMatchObject({ totalPrice: 0, deliveryCharges: 0, netPrice: 0, qty: 0, isStationary: false });
  });
});

describe("priceCart: delivery", () => {
  it("charges the book rates for a book: ৳60 in Dhaka, ৳100 outside", () => {
    expect(price([line("book", 10_000)], { district: "Dhaka" }).deliveryCharges).toBe(6_000);
    expect(price([line("book", 10_000)], { district: "Sylhet" }).deliveryCharges).toBe(10_000);
  });

  it("charges the book rates when a bundle is in the cart", () => {
    expect(price([line("bundle", 90_000)], { district: "Khulna" }).deliveryCharges).toBe(10_000);
  });

  it("charges the stationery rates for stationery only: ৳40 in Dhaka, ৳60 outside", () => {
    const items = [line("stationary", 5_000, 3)];
    expect(price(items, { district: "Dhaka" })).toMatchObject({ deliveryCharges: 4_000, isStationary: true });
    expect(price(items, { district: "Chattogram" }).deliveryCharges).toBe(6_000);
  });

  it("charges one parcel once: book rates when books and stationery travel together", () => {
    const p = price([line("book", 10_000), line("stationary", 5_000), line("book", 20_000, 3)], {
      district: "Rajshahi",
    });
    expect(p.deliveryCharges).toBe(10_000);
    expect(p.isStationary).toBe(false);
  });

  it("charges nothing for a digital-only cart", () => {
    const p = price([line("ebook", 20_000), line("content", 30_000)], { district: "Sylhet" });
    expect(p.deliveryCharges).toBe(0);
    expect(p.netPrice).toBe(50_000);
  });

  it("uses stationery rates for stationery with an e-book, yet the cart is not stationery-only", () => {
    const p = price([line("stationary", 5_000), line("ebook", 20_000)], { district: "Dhaka" });
    expect(p.deliveryCharges).toBe(4_000);
    expect(p.isStationary).toBe(false);
  });

  it("prices for Dhaka when no district is given, and reads old spellings", () => {
    expect(price([line("book", 10_000)], { district: null })).toMatchObject({
      district: "Dhaka",
      zone: "dhaka",
      deliveryCharges: 6_000,
    });
    expect(price([line("book", 10_000)], { district: "Chittagong" })).toMatchObject({
      district: "Chattogram",
      zone: "outside",
    });
  });

  it("counts only Dhaka district as Dhaka, not Gazipur next door", () => {
    expect(price([line("book", 10_000)], { district: "Gazipur" }).deliveryCharges).toBe(10_000);
  });

  it("takes the book rates from the configuration", () => {
    const rates = deliveryRatesFrom({ DELIVERY_BOOK_DHAKA: 55.5, DELIVERY_BOOK_OUTSIDE: 120 });
    expect(computeDelivery(["book"], "dhaka", rates)).toBe(5_550);
    expect(computeDelivery(["book"], "outside", rates)).toBe(12_000);
    expect(computeDelivery(["stationary"], "outside", rates)).toBe(6_000);
  });
});

describe("priceCart: coupons", () => {
  it("takes a percentage off the goods, rounded down to the poisha, never off delivery", () => {
    const p = withCoupon([line("book", 33_333)], rule({ value: 10 }), UNUSED, "Sylhet");
    // 10% of ৳333.33 is ৳33.3333…: ৳33.33 off.
    expect(p.discountedAmount).toBe(3_333);
    expect(p.deliveryCharges).toBe(10_000);
    expect(p.netPrice).toBe(33_333 - 3_333 + 10_000);
    expect(p.coupon).toEqual({ status: "applied", couponId: 7, code: "SAVE10", discount: 3_333 });
  });

  it("takes a fixed amount off, but never more than the goods", () => {
    expect(withCoupon([line("book", 50_000)], rule({ kind: "fixed", value: 10_000 })).discountedAmount).toBe(
      10_000,
    );
    const small = withCoupon([line("book", 5_000)], rule({ kind: "fixed", value: 10_000 }));
    expect(small.discountedAmount).toBe(5_000);
    expect(small.netPrice).toBe(6_000);
  });

  it("caps the discount at maxDiscount", () => {
    const p = withCoupon([line("book", 200_000)], rule({ value: 50, maxDiscount: 15_000 }));
    expect(p.discountedAmount).toBe(15_000);
  });

  it("discounts only the eligible kinds and products", () => {
    const book = line("book", 40_000);
    const pen = line("stationary", 10_000);
    const byKind = withCoupon([book, pen], rule({ value: 50, productKinds: ["stationary"] }));
    expect(byKind.discountedAmount).toBe(5_000);
    expect(byKind.lines.map((l) => l.discount)).toEqual([0, 5_000]);
    const byProduct = withCoupon([book, pen], rule({ value: 50, productIds: [book.productId] }));
    expect(byProduct.discountedAmount).toBe(20_000);
  });

  it("spreads the discount over the lines so the shares add up to the poisha", () => {
    const p = withCoupon(
      [line("book", 10_000), line("book", 10_000), line("book", 10_000)],
      rule({ kind: "fixed", value: 100 }),
    );
    expect(p.lines.map((l) => l.discount)).toEqual([34, 33, 33]);
  });

  it.each<[string, Partial<CouponRule>, CouponUsage, string]>([
    ["switched off", { active: false }, UNUSED, COUPON_REFUSALS.inactive],
    ["not started", { startsAt: new Date(NOW.getTime() + 1) }, UNUSED, "This coupon is not active yet"],
    ["ended", { endsAt: NOW }, UNUSED, "This coupon has expired"],
    [
      "used up",
      { usageLimit: 5 },
      { totalUsed: 5, usedByUser: 0 },
      "This coupon has reached its usage limit",
    ],
    [
      "used by this user",
      { perUserLimit: 1 },
      { totalUsed: 1, usedByUser: 1 },
      "You have already used this coupon",
    ],
    [
      "for other kinds",
      { productKinds: ["ebook"] },
      UNUSED,
      "This coupon does not apply to the items in your cart",
    ],
    [
      "for other products",
      { productIds: [999_999] },
      UNUSED,
      "This coupon does not apply to the items in your cart",
    ],
    ["below the minimum", { minOrder: 50_000 }, UNUSED, "Minimum order is ৳500"],
  ])("refuses a coupon %s with its reason and no discount", (_what, over, usage, reason) => {
    const p = withCoupon([line("book", 30_000)], rule(over), usage);
    expect(p.coupon).toEqual({ status: "refused", couponId: 7, code: "SAVE10", reason });
    expect(p.discountedAmount).toBe(0);
    expect(p.netPrice).toBe(30_000 + 6_000);
  });

  it("refuses a coupon on an empty cart", () => {
    expect(withCoupon([], rule()).coupon).toMatchObject({
      status: "refused",
      reason: COUPON_REFUSALS.emptyCart,
    });
  });

  it("accepts a coupon on the first moment of its window and at exactly the minimum order", () => {
    const p = withCoupon(
      [line("book", 50_000)],
      rule({ startsAt: NOW, endsAt: new Date(NOW.getTime() + 1), minOrder: 50_000, usageLimit: 3 }),
      { totalUsed: 2, usedByUser: 0 },
    );
    expect(p.coupon?.status).toBe("applied");
  });
});

describe("spread", () => {
  it("gives nothing when there is nothing to spread", () => {
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    expect(spread(5, [])).toEqual([]);
  });

  it("stays exact past 2^53", () => {
    const parts = spread(1_000_000_000, [9_000_000_000, 1]);
    expect(parts.reduce((s, x) => s + x, 0)).toBe(1_000_000_000);
  });
});

// Property tests: the money rules hold for any cart and any coupon.
const kindArb = fc.constantFrom<ProductKind>(...PRODUCT_KINDS);
const linesArb = fc.array(
  fc.record({
    productId: fc.integer({ min: 1, max: 20 }),
    kind: kindArb,
    title: fc.constant("item"),
    unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
    quantity: fc.integer({ min: 1, max: 100 }),
  }),
  { maxLength: 8 },
);
const ruleArb: fc.Arbitrary<CouponRule> = fc
  .record({
    kind: fc.constantFrom<"percent" | "fixed">("percent", "fixed"),
    percent: fc.integer({ min: 1, max: 100 }),
    fixed: fc.integer({ min: 1, max: 10_000_000 }),
    maxDiscount: fc.option(fc.integer({ min: 1, max: 5_000_000 })),
    minOrder: fc.option(fc.integer({ min: 0, max: 500_000 })),
    productKinds: fc.subarray([...PRODUCT_KINDS]),
    productIds: fc.subarray([1, 2, 3, 4, 5]),
  })
  .map((r) => rule({ ...r, value: r.kind === "percent" ? r.percent : r.fixed }));
const districtArb = fc.option(fc.constantFrom("Dhaka", "Sylhet", "Gazipur", "Cumilla"));

describe("priceCart: properties", () => {
  it("adds up exactly: net = goods − discount + delivery, and never negative", () => {
    fc.assert(
      fc.property(linesArb, fc.option(ruleArb), districtArb, (lines, r, district) => {
        const p = price(lines, { coupon: r ? { rule: r, usage: UNUSED } : null, district });
        expect(p.netPrice).toBe(p.totalPrice - p.discountedAmount + p.deliveryCharges);
        expect(p.netPrice).toBeGreaterThanOrEqual(0);
        expect(p.totalPrice).toBe(p.lines.reduce((s, l) => s + l.lineTotal, 0));
        for (const v of [p.totalPrice, p.discountedAmount, p.deliveryCharges, p.netPrice]) {
          expect(Number.isInteger(v)).toBe(true);
        }
      }),
    );
  });

  it("never discounts more than the goods, the eligible goods or the cap", () => {
    fc.assert(
      fc.property(linesArb, ruleArb, (lines, r) => {
        const p = price(lines, { coupon: { rule: r, usage: UNUSED } });
        expect(p.discountedAmount).toBeGreaterThanOrEqual(0);
        expect(p.discountedAmount).toBeLessThanOrEqual(p.totalPrice);
        if (r.maxDiscount !== null) expect(p.discountedAmount).toBeLessThanOrEqual(r.maxDiscount);
        if (p.coupon?.status === "refused") expect(p.discountedAmount).toBe(0);
      }),
    );
  });

  it("spreads the discount so the lines' shares add up to it, none above its line", () => {
    fc.assert(
      fc.property(linesArb, ruleArb, (lines, r) => {
        const p = price(lines, { coupon: { rule: r, usage: UNUSED } });
        expect(p.lines.reduce((s, l) => s + l.discount, 0)).toBe(p.discountedAmount);
        for (const l of p.lines) {
          expect(l.discount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.lineTotal);
        }
      }),
    );
  });

  it("rounds a percentage down: never more than value% of the eligible goods", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (goods, pct) => {
          const p = withCoupon([line("book", goods, 1, 1)], rule({ value: pct }));
          if (p.coupon?.status !== "applied") return;
          expect(p.discountedAmount * 100).toBeLessThanOrEqual(goods * pct);
          expect((p.discountedAmount + 1) * 100).toBeGreaterThan(goods * pct);
        },
      ),
    );
  });

  it("spread parts always add up and stay within their weights", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        (w, n) => {
          const total = w.reduce((s, x) => s + x, 0);
          const amount = total === 0 ? 0 : n % (total + 1);
          const parts = spread(amount, w);
          expect(parts.reduce((s, x) => s + x, 0)).toBe(amount);
          parts.forEach((x, i) => {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(w[i]!);
          });
        },
      ),
    );
  });
});
