/**
 * When a cart's parcels arrive (decision 73), apart from delivery-estimate.ts so that a product
 * page's first load carries none of it: only the cart and the checkout ask.
 */
import type { Availability } from "./availability";
import { type DayRange, type DeliveryEstimate, estimateDelivery, estimateFor } from "./delivery-estimate";

/** A cart line as the parcels' estimate reads it: its kind (`ebook` and `content` need no parcel) and availability. */
export type ParcelLine = { type: string; availability: Availability };

/** When a cart's parcels arrive in one zone: the items served now, and the items that come later. */
export type ParcelEstimates = { now: DeliveryEstimate | null; later: DeliveryEstimate | null };

/** A line that waits for stock at checkout: a pre-order before its release, a back-order from the publisher. */
export function comesLater(a: Availability): boolean {
  return a.state === "preorder" || a.state === "backorder";
}

/**
 * When the parcels of a cart arrive, as the checkout makes them (`planShipments` in
 * services/orders/shipments.ts): the printed items served now in one parcel (`now`), the items
 * that come later (pre-orders, back-orders) in another that is sent when the last of them has come
 * (`later`, the latest of their estimates). With "two parcels" (`split`, the default) each arrives
 * by its own date; "ship together" waits for `later`. Either is null when the cart has no such
 * item; both are null for a cart of e-books and courses alone.
 */
export function parcelEstimates(now: Date, days: DayRange, lines: readonly ParcelLine[]): ParcelEstimates {
  const printed = lines.filter((l) => l.type !== "ebook" && l.type !== "content");
  let later: DeliveryEstimate | null = null;
  for (const l of printed) {
    if (!comesLater(l.availability)) continue;
    const e = estimateFor(now, days, l.availability);
    if (later === null || e.to > later.to || (e.to === later.to && e.from > later.from)) later = e;
  }
  const servedNow = printed.some((l) => !comesLater(l.availability));
  return { now: servedNow ? estimateDelivery(now, days) : null, later };
}
