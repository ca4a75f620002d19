/**
 * GA4 e-commerce events on the tag manager's data layer: add_to_cart, begin_checkout, purchase.
 * Amounts are taka (GA4 wants the currency's major unit); items name the product's id, title and
 * kind. The data layer is pushed even when no tag manager is configured: it is only an array.
 */
import type { CartInfo } from "../../contracts/cart";
import type { OrderView } from "../../contracts/checkout";
import { effectivePrice, toTaka } from "../../contracts/money";
import type { CartItem } from "./cart";

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export type AnalyticsItem = {
  item_id: string;
  item_name: string;
  item_category: string;
  price?: number;
  quantity: number;
};

/** Pushes one e-commerce event, clearing the previous event's ecommerce object first (GA4's advice). */
function pushEcommerce(event: string, ecommerce: Record<string, unknown>) {
  if (typeof window === "undefined") return;
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({ ecommerce: null });
  w.dataLayer.push({ event, ecommerce });
}

/** add_to_cart: the product as its page showed it (prices in poisha). */
export function pushAddToCart(item: CartItem, quantity: number) {
  const unit =
    item.price === undefined
      ? undefined
      : toTaka(effectivePrice({ price: item.price, salePrice: item.salePrice ?? null }));
  pushEcommerce("add_to_cart", {
    currency: "BDT",
    ...(unit === undefined ? {} : { value: unit * quantity }),
    items: [
      {
        item_id: String(item.id),
        item_name: item.title,
        item_category: item.kind,
        ...(unit === undefined ? {} : { price: unit }),
        quantity,
      },
    ],
  });
}

/** begin_checkout: the cart as GET /api/cart/info answered it (money in poisha). */
export function pushBeginCheckout(cart: CartInfo) {
  pushEcommerce("begin_checkout", {
    currency: "BDT",
    value: toTaka(cart.netPrice),
    ...(cart.couponId && cart.couponCode ? { coupon: cart.couponCode } : {}),
    items: cart.lines.map<AnalyticsItem>((l) => ({
      item_id: String(l.productId),
      item_name: l.title,
      item_category: l.type,
      price: toTaka(l.unitPrice),
      quantity: l.quantity,
    })),
  });
}

const PURCHASE_KEY = (orderNumber: string) => `ga4:purchase:${orderNumber}`;

/**
 * purchase, once per order in this browser session: a reload or a second visit to the success
 * page must not count the sale again. Returns whether it was pushed.
 */
export function pushPurchaseOnce(order: OrderView): boolean {
  if (typeof window === "undefined") return false;
  const key = PURCHASE_KEY(order.number);
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, "1");
  } catch {
    // Storage refused (private mode): the event is still worth sending once for this page.
  }
  pushEcommerce("purchase", {
    transaction_id: order.number,
    currency: "BDT",
    value: toTaka(order.total),
    shipping: toTaka(order.delivery),
    ...(order.couponCode ? { coupon: order.couponCode } : {}),
    items: order.lines.map<AnalyticsItem>((l) => ({
      item_id: String(l.productId),
      item_name: l.title,
      item_category: l.kind,
      price: toTaka(l.unitPrice),
      quantity: l.quantity,
    })),
  });
  return true;
}
