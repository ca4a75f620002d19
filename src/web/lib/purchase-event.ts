/**
 * GA4 purchase on the payment pages (analytics-events.ts): pushed once when the order is bought;
 * while its payment waits for the gateway's word, remembered, so that the buyer's orders page
 * counts it once confirmed later (`reportConfirmed`).
 */
import { useEffect } from "react";
import type { OrderView } from "../../contracts/checkout";
import { documentAllowsOutside } from "../../contracts/consent";
import { BOUGHT_STATUSES } from "../../contracts/order-status";
import { awaitPurchase, pushPurchaseOnce } from "./analytics-events";

export function usePurchaseEvent(order: OrderView) {
  const bought = BOUGHT_STATUSES.includes(order.status);
  const waiting = order.status === "pending_payment";
  useEffect(() => {
    if (bought) pushPurchaseOnce(order, !documentAllowsOutside());
    else if (waiting) awaitPurchase(order);
  }, [bought, waiting, order]);
}
