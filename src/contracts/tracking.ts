/**
 * The public tracking page and the referral report: what they show, and the little helpers both
 * sides use to show it. No server code here: the browser imports this module.
 */
import type { z } from "zod";
import type { referralReportSchema, trackingViewSchema } from "./answers/orders";
import { describeOrderStatus, ORDER_STATUSES, type OrderStatus } from "./order-status";
import { describeShipmentStatus, isShipmentStatus, type ShipmentStatus } from "./shipping";

/** A courier's status in the order's history is stored as `shipment:<status>`, beside the order's own. */
export const SHIPMENT_EVENT_PREFIX = "shipment:";

export const shipmentEvent = (status: ShipmentStatus) => `${SHIPMENT_EVENT_PREFIX}${status}`;

/** How many trailing digits of an order number may be shown to someone who is not its buyer. */
export const ORDER_ENDING_DIGITS = 3;

/** The last digits of an order number, all that the tracking page and referral report show of it. */
export function orderEnding(number: string): string {
  return number.slice(-ORDER_ENDING_DIGITS);
}

/** Order history entries the public timeline shows (internal markers such as `refund_due` are left out). */
const PUBLIC_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (s) => s !== "pending_payment" && s !== "payment_failed",
);

/**
 * The customer's words for one line of an order's history, or null when the line is not for the
 * public timeline (payment attempts, staff markers).
 */
export function describeTimelineStatus(status: string): string | null {
  if (status.startsWith(SHIPMENT_EVENT_PREFIX)) {
    const s = status.slice(SHIPMENT_EVENT_PREFIX.length);
    return isShipmentStatus(s) ? describeShipmentStatus(s) : describeShipmentStatus("unknown");
  }
  return (PUBLIC_ORDER_STATUSES as readonly string[]).includes(status)
    ? describeOrderStatus(status as OrderStatus)
    : null;
}

/** `/tracking/{cn}` as anyone holding the consignment number sees it. */
export type TrackingView = z.infer<typeof trackingViewSchema>;

/** `/reports`: the sales attributed to the signed-in user's referral code (money in poisha). */
export type ReferralReport = z.infer<typeof referralReportSchema>;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** `2031-03` as `March 2031`. */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
}
