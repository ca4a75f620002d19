/**
 * The one pricing rule (architecture rule 1): the cart, checkout, invoices and the admin
 * playground all price through `priceCart`. Pure — no database, no clock of its own — and
 * integer poisha throughout; nothing here ever holds a fraction of a poisha.
 *
 * Order of the steps:
 *
 * 1. Lines: `lineTotal = unitPrice × quantity`; `totalPrice` is the sum (the goods).
 * 2. Coupon, checked in this order; the first failing check refuses it with its reason:
 *    inactive → not started → expired → total usage limit → the user's own limit → empty cart →
 *    no eligible line (product kinds / products) → minimum order (on the goods total).
 * 3. Discount on the eligible lines' total only: percent rounds DOWN to the poisha
 *    (`floor(eligible × value / 100)`), fixed is its value; then capped by `maxDiscount`, then by
 *    the eligible total. Delivery is never discounted.
 * 4. The discount is spread over the eligible lines in proportion to their totals (largest
 *    remainder), so the lines' shares add up to it exactly and no share exceeds its line.
 * 5. Delivery, one parcel and one charge, only when a physical item (book, bundle, stationery) is
 *    in the cart: book rates when any book or bundle is, else stationery rates (৳40 in Dhaka, ৳60 outside); Dhaka rate
 *    for Dhaka district, the outside rate for every other.
 * 6. `netPrice = totalPrice − discountedAmount + deliveryCharges`.
 */

import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { STATIONERY_DELIVERY } from "../../../contracts/cart";
import { PHYSICAL_KINDS, type ProductKind } from "../../../contracts/catalog";
import { DEFAULT_DISTRICT, type DeliveryZone, findDistrict, zoneOf } from "../../../contracts/districts";
import { formatTaka, toPoisha } from "../../../contracts/money";

/** The one price rule, shared with the browser: the sale price only when it is set and lower. */
export { effectivePrice } from "../../../contracts/money";

/**
 * `effectivePrice` in SQL, for every sort and filter on price: the sale price when it is set and
 * lower than the price, else the price. The database also refuses a sale price that is not below
 * the price; the query keeps to the rule on its own all the same.
 */
export function effectivePriceSql(t: { price: AnyColumn; salePrice: AnyColumn }): SQL<number> {
  return sql<number>`(case when ${t.salePrice} is not null and ${t.salePrice} < ${t.price} then ${t.salePrice} else ${t.price} end)`;
}

export type PricingLine = {
  productId: number;
  kind: ProductKind;
  title: string;
  /** Effective unit price in poisha: the sale price only when it is lower. */
  unitPrice: number;
  quantity: number;
};

/** A coupon's rule fields as stored (money in poisha). */
export type CouponRule = {
  id: number;
  code: string;
  kind: "percent" | "fixed";
  /** Percent 1–100, or poisha for fixed. */
  value: number;
  maxDiscount: number | null;
  minOrder: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  /** Empty: every kind. */
  productKinds: readonly string[];
  /** Empty: every product. */
  productIds: readonly number[];
  active: boolean;
};

export type CouponUsage = {
  /** Redemptions counted against the total limit. */
  totalUsed: number;
  /** This user's redemptions that still count (not released). */
  usedByUser: number;
};

export type ZoneRates = { dhaka: number; outside: number };
export type DeliveryRates = { book: ZoneRates; stationery: ZoneRates };

export type PriceCartInput = {
  lines: readonly PricingLine[];
  coupon: { rule: CouponRule; usage: CouponUsage } | null;
  /** The delivery district; null prices for DEFAULT_DISTRICT (Dhaka). */
  district: string | null;
  rates: DeliveryRates;
  now: Date;
};

export type PricedLine = PricingLine & { lineTotal: number; discount: number };

export type CouponOutcome =
  | { status: "applied"; couponId: number; code: string; discount: number }
  | { status: "refused"; couponId: number; code: string; reason: string };

export type CartPrice = {
  lines: PricedLine[];
  /** Units in the cart (the header's count). */
  qty: number;
  totalPrice: number;
  discountedAmount: number;
  deliveryCharges: number;
  netPrice: number;
  /** The cart holds stationery and nothing else. */
  isStationary: boolean;
  /** The official name of the district priced for. */
  district: string;
  zone: DeliveryZone;
  coupon: CouponOutcome | null;
};

/** The refusals, in plain words, as the shopper reads them in the toast after applying a coupon. */
export const COUPON_REFUSALS = {
  inactive: "This coupon is no longer available",
  notStarted: "This coupon is not active yet",
  expired: "This coupon has expired",
  usageLimit: "This coupon has reached its usage limit",
  perUser: "You have already used this coupon",
  emptyCart: "Add something to your cart before using a coupon",
  notApplicable: "This coupon does not apply to the items in your cart",
  minOrder: (minOrder: number) => `Minimum order is ${formatTaka(minOrder)}`,
} as const;

const BOOK_RATE_KINDS: readonly ProductKind[] = ["book", "bundle"];

/** Delivery rates in poisha from the configuration (book rates in taka) and the fixed stationery rates (৳40 / ৳60). */
export function deliveryRatesFrom(config: {
  DELIVERY_BOOK_DHAKA: number;
  DELIVERY_BOOK_OUTSIDE: number;
}): DeliveryRates {
  return {
    book: { dhaka: toPoisha(config.DELIVERY_BOOK_DHAKA), outside: toPoisha(config.DELIVERY_BOOK_OUTSIDE) },
    stationery: { ...STATIONERY_DELIVERY },
  };
}

/**
 * One charge per parcel: nothing without a physical item; book rates when a book or bundle is in
 * it, otherwise stationery rates; the Dhaka rate only for Dhaka district.
 */
export function computeDelivery(
  kinds: readonly ProductKind[],
  zone: DeliveryZone,
  rates: DeliveryRates,
): number {
  if (!kinds.some((k) => PHYSICAL_KINDS.includes(k))) return 0;
  const table = kinds.some((k) => BOOK_RATE_KINDS.includes(k)) ? rates.book : rates.stationery;
  return table[zone];
}

/** Why a coupon gives nothing to these lines now, or null when it applies. */
function refusalOf(
  rule: CouponRule,
  usage: CouponUsage,
  lines: readonly PricedLine[],
  eligible: readonly PricedLine[],
  totalPrice: number,
  now: Date,
): string | null {
  if (!rule.active) return COUPON_REFUSALS.inactive;
  if (rule.startsAt && now < rule.startsAt) return COUPON_REFUSALS.notStarted;
  if (rule.endsAt && now >= rule.endsAt) return COUPON_REFUSALS.expired;
  if (rule.usageLimit !== null && usage.totalUsed >= rule.usageLimit) return COUPON_REFUSALS.usageLimit;
  if (rule.perUserLimit !== null && usage.usedByUser >= rule.perUserLimit) return COUPON_REFUSALS.perUser;
  if (lines.length === 0) return COUPON_REFUSALS.emptyCart;
  if (eligible.length === 0) return COUPON_REFUSALS.notApplicable;
  if (rule.minOrder !== null && totalPrice < rule.minOrder) return COUPON_REFUSALS.minOrder(rule.minOrder);
  return null;
}

function isEligible(rule: CouponRule, line: PricingLine): boolean {
  return (
    (rule.productKinds.length === 0 || rule.productKinds.includes(line.kind)) &&
    (rule.productIds.length === 0 || rule.productIds.includes(line.productId))
  );
}

/** The discount a coupon gives on an eligible total: percent rounded down, capped, never above it. */
export function computeDiscount(
  rule: Pick<CouponRule, "kind" | "value" | "maxDiscount">,
  eligibleTotal: number,
): number {
  const raw = rule.kind === "percent" ? Math.floor((eligibleTotal * rule.value) / 100) : rule.value;
  const capped = rule.maxDiscount === null ? raw : Math.min(raw, rule.maxDiscount);
  return Math.max(0, Math.min(capped, eligibleTotal));
}

/**
 * Splits `amount` over `weights` in proportion, in whole poisha, by largest remainder: the parts
 * add up to `amount` exactly, and with `amount ≤ Σ weights` no part exceeds its weight.
 * BigInt keeps `amount × weight` exact past 2^53.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const a = BigInt(amount);
  const t = BigInt(total);
  const parts = weights.map((w) => {
    const scaled = a * BigInt(w);
    return { share: scaled / t, remainder: scaled % t };
  });
  let left = amount - parts.reduce((s, p) => s + Number(p.share), 0);
  // Leftover poisha go one each to the largest remainders; ties to the earlier line.
  const order = parts
    .map((p, i) => ({ i, remainder: p.remainder }))
    .sort((x, y) => (x.remainder === y.remainder ? x.i - y.i : x.remainder > y.remainder ? -1 : 1));
  const out = parts.map((p) => Number(p.share));
  for (const { i } of order) {
    if (left === 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** Prices a cart: lines, coupon, delivery and the total, in the order documented above. */
export function priceCart(input: PriceCartInput): CartPrice {
  const district = findDistrict(input.district ?? DEFAULT_DISTRICT)?.name ?? DEFAULT_DISTRICT;
  const zone = zoneOf(district);

  // 1. Lines.
  // Each field named: a spread copies by the runtime's slow path (a cart's every line, every call).
  const lines: PricedLine[] = input.lines.map((l) => ({
    productId: l.productId,
    kind: l.kind,
    title: l.title,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    lineTotal: l.unitPrice * l.quantity,
    discount: 0,
  }));
  const totalPrice = lines.reduce((s, l) => s + l.lineTotal, 0);
  const qty = lines.reduce((s, l) => s + l.quantity, 0);

  // 2–4. Coupon.
  let coupon: CouponOutcome | null = null;
  let discountedAmount = 0;
  if (input.coupon) {
    const { rule, usage } = input.coupon;
    const eligible = lines.filter((l) => isEligible(rule, l));
    const reason = refusalOf(rule, usage, lines, eligible, totalPrice, input.now);
    if (reason) {
      coupon = { status: "refused", couponId: rule.id, code: rule.code, reason };
    } else {
      const eligibleTotal = eligible.reduce((s, l) => s + l.lineTotal, 0);
      discountedAmount = computeDiscount(rule, eligibleTotal);
      const shares = spread(
        discountedAmount,
        eligible.map((l) => l.lineTotal),
      );
      eligible.forEach((l, i) => {
        l.discount = shares[i]!;
      });
      coupon = { status: "applied", couponId: rule.id, code: rule.code, discount: discountedAmount };
    }
  }

  // 5. Delivery.
  const kinds = lines.map((l) => l.kind);
  const deliveryCharges = computeDelivery(kinds, zone, input.rates);

  return {
    lines,
    qty,
    totalPrice,
    discountedAmount,
    deliveryCharges,
    // 6. The parts add up.
    netPrice: totalPrice - discountedAmount + deliveryCharges,
    isStationary: kinds.length > 0 && kinds.every((k) => k === "stationary"),
    district,
    zone,
    coupon,
  };
}
