/**
 * GA4 e-commerce events on the tag manager's data layer (analytics-events.ts). Every shop page
 * can add to the cart, so `pushAddToCart` is here and loads the events' code when an add has
 * been made: no page needs it before. The checkout's event comes from its page; the sale's from
 * the payment pages (purchase-event.ts).
 */
import type { CartItem } from "../../contracts/cart";

export { type AnalyticsItem, pushBeginCheckout } from "./analytics-events";

/** add_to_cart, once the events' code has loaded (prices in poisha). */
export function pushAddToCart(item: CartItem, quantity: number): void {
  void import("./analytics-events").then((m) => m.pushAddToCart(item, quantity));
}
