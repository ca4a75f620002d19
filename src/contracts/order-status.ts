/** The statuses an order goes through (product spec, Orders); imported by the web and the server. */
export const ORDER_STATUSES = [
  "pending_payment",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "payment_failed",
  // A shipped parcel that came back (refused at the door, or undeliverable); after the specification's
  // statuses, whose strings stay as they are.
  "returned",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses in which an order counts as bought: paid online, or confirmed for cash on delivery. */
export const BOUGHT_STATUSES: readonly OrderStatus[] = ["confirmed", "processing", "shipped", "delivered"];

const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: /*i18n*/ "Waiting for payment",
  confirmed: /*i18n*/ "Confirmed",
  processing: /*i18n*/ "Being packed",
  shipped: /*i18n*/ "Shipped",
  delivered: /*i18n*/ "Delivered",
  cancelled: /*i18n*/ "Cancelled",
  refunded: /*i18n*/ "Refunded",
  payment_failed: /*i18n*/ "Payment failed",
  returned: /*i18n*/ "Returned",
};

/** The customer-facing words for an order status (in English; the page shows them with `i18n._`). */
export function describeOrderStatus(status: OrderStatus): string {
  return ORDER_STATUS_WORDS[status];
}

// An order of e-books and courses only has no parcel: once it is paid the buyer has access.
const DIGITAL_ORDER_STATUS_WORDS: Partial<Record<OrderStatus, string>> = {
  confirmed: /*i18n*/ "Access granted",
  delivered: /*i18n*/ "Access granted",
};

/** An order's status in words, an order without a parcel (e-books and courses only) speaking of access. */
export function describeOrderStatusOf(status: OrderStatus, physical: boolean): string {
  return (physical ? undefined : DIGITAL_ORDER_STATUS_WORDS[status]) ?? ORDER_STATUS_WORDS[status];
}

/**
 * Whether the buyer may cancel an order themselves (the cancellation policy page): an unpaid one,
 * or a confirmed one we have not started packing, unless it holds e-books or courses, which are
 * theirs the moment it is confirmed.
 */
export function buyerMayCancel(status: OrderStatus, hasDigital: boolean): boolean {
  if (status === "pending_payment" || status === "payment_failed") return true;
  return status === "confirmed" && !hasDigital;
}

export const CANNOT_CANCEL_DIGITAL =
  /*i18n*/ "An order with e-books or courses cannot be cancelled once it is confirmed: they are yours already";
export const CANNOT_CANCEL_PACKED =
  /*i18n*/ "This order is already being packed or has left the shop, so it cannot be cancelled here; see the cancellation policy";
