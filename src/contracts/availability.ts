/**
 * True availability: the one rule every card, product page, cart, checkout and stock check asks
 * of a product. A printed book or stationery item is, in this order:
 *
 *  1. a pre-order while its release date is after today (Dhaka), unless staff marked it out of print;
 *  2. in stock while units are on hand ("Only N left" at LOW_STOCK or fewer);
 *  3. from the publisher, shipping in N days, when staff allow back-orders with a lead time of N
 *     days and it is not out of print;
 *  4. out of print when staff marked it so, else out of stock (both offer "Notify me").
 *
 * E-books and courses are always available; a bundle is in stock while all its printed items are.
 * Pre-orders and back-orders are sold without stock: such an order line waits, and is filled from
 * stock in the order orders were placed (services/catalog/preorders.ts). No zod here: shop cards
 * import the rule, and its API schemas live in answers/availability.ts.
 */
import type { ProductKind } from "./enums";
import { LOW_STOCK } from "./stock";

export { LOW_STOCK };

export const AVAILABILITY_STATES = [
  "in_stock",
  "backorder",
  "preorder",
  "out_of_stock",
  "out_of_print",
] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

/** What the rule answers (its API shape: `availabilitySchema` in answers/availability.ts). */
export type Availability = {
  state: AvailabilityState;
  /** Units left, when in stock with LOW_STOCK or fewer. */
  left: number | null;
  /** A back-order's lead time from the publisher, in days. */
  days: number | null;
  /** A pre-order's release date, `YYYY-MM-DD` (Dhaka). */
  releaseDate: string | null;
};

/** What the rule reads of a product. `stock` is null for digital kinds; a bundle's is what its items allow. */
export type AvailabilityFacts = {
  kind: ProductKind;
  stock: number | null;
  /** `YYYY-MM-DD`, or null. */
  releaseDate: string | null;
  /** Back-orders allowed with this lead time (days); null: not allowed. */
  backorderDays: number | null;
  outOfPrint: boolean;
};

const of = (state: AvailabilityState, more: Partial<Availability> = {}): Availability => ({
  state,
  left: null,
  days: null,
  releaseDate: null,
  ...more,
});

/** The rule (see the top of this file); `today` is the Dhaka calendar day, `YYYY-MM-DD`. */
export function availabilityOf(p: AvailabilityFacts, today: string): Availability {
  if (p.kind === "ebook" || p.kind === "content") return of("in_stock");
  const stock = Math.max(0, p.stock ?? 0);
  if (p.kind === "bundle") return stock > 0 ? of("in_stock") : of("out_of_stock");
  if (p.releaseDate !== null && p.releaseDate > today && !p.outOfPrint)
    return of("preorder", { releaseDate: p.releaseDate });
  if (stock > 0) return of("in_stock", { left: stock <= LOW_STOCK ? stock : null });
  if (p.backorderDays !== null && !p.outOfPrint) return of("backorder", { days: p.backorderDays });
  return of(p.outOfPrint ? "out_of_print" : "out_of_stock");
}

/** Whether it can be ordered now: in stock, on back-order or on pre-order. */
export function isOrderable(a: Availability): boolean {
  return a.state === "in_stock" || a.state === "backorder" || a.state === "preorder";
}

/** Whether "Notify me" is offered: nothing to order now. */
export function offersNotifyMe(a: Availability): boolean {
  return a.state === "out_of_stock" || a.state === "out_of_print";
}

/**
 * How an order line of `quantity` units is served: from stock now, or waiting for stock (a
 * pre-order until its release, a back-order from the publisher). A printed item in stock with
 * back-orders allowed waits whole when its stock is short; otherwise a short stock is refused by
 * the stock take as before.
 */
export function lineWaits(
  p: AvailabilityFacts,
  quantity: number,
  today: string,
): { waits: "preorder" | "backorder"; expectedOn: string | null } | null {
  const a = availabilityOf(p, today);
  if (a.state === "preorder") return { waits: "preorder", expectedOn: a.releaseDate };
  if (a.state === "backorder") return { waits: "backorder", expectedOn: addDays(today, a.days ?? 0) };
  if (
    a.state === "in_stock" &&
    p.backorderDays !== null &&
    !p.outOfPrint &&
    Math.max(0, p.stock ?? 0) < quantity
  )
    return { waits: "backorder", expectedOn: addDays(today, p.backorderDays) };
  return null;
}

/** `YYYY-MM-DD` plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() + n * 86_400_000).toISOString().slice(0, 10);
}

/** The most days of lead time staff may set (a quarter of a year). */
export const MAX_BACKORDER_DAYS = 90;

/** How an order line sold without stock stands (null for a line served from stock at checkout). */
export type LineWait = {
  kind: "preorder" | "backorder";
  expectedOn: string | null;
  filled: boolean;
} | null;

/** An order line's wait as the API shows it. */
export function lineWaitOf(l: {
  waits: "preorder" | "backorder" | null;
  expectedOn: string | null;
  filledAt: Date | null;
}): LineWait {
  return l.waits === null ? null : { kind: l.waits, expectedOn: l.expectedOn, filled: l.filledAt !== null };
}
