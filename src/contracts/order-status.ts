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
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses in which an order counts as bought: paid online, or confirmed for cash on delivery. */
export const BOUGHT_STATUSES: readonly OrderStatus[] = ["confirmed", "processing", "shipped", "delivered"];

const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: "Waiting for payment",
  confirmed: "Confirmed",
  processing: "Being packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  payment_failed: "Payment failed",
};

/** The customer-facing words for an order status. */
export function describeOrderStatus(status: OrderStatus): string {
  return ORDER_STATUS_WORDS[status];
}
