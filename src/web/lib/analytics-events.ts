/**
 * GA4 e-commerce events on the tag manager's data layer: view_item_list, view_item, search,
 * add_to_cart, begin_checkout, purchase. Amounts are taka (GA4 wants the currency's major unit);
 * items name the product's id, title and kind. The data layer is pushed even when no tag manager is
 * configured or allowed: it is only an array, read by nobody until a tag loads (decision 56). The
 * page's events are also kept for the ad pixel, which maps them to its own (lib/tags.ts).
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

export type EcommerceEvent = { event: string; ecommerce: Record<string, unknown> };

// This page's events, and who else wants them (the ad pixel, once loaded).
const pushed: EcommerceEvent[] = [];
const listeners = new Set<(e: EcommerceEvent) => void>();

/** Calls `listener` with each event of this page so far and every one after; answers how to stop. */
export function onEcommerce(listener: (e: EcommerceEvent) => void): () => void {
  for (const e of pushed) listener(e);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Pushes one e-commerce event, clearing the previous event's ecommerce object first (GA4's advice). */
function pushEcommerce(event: string, ecommerce: Record<string, unknown>) {
  if (typeof window === "undefined") return;
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({ ecommerce: null });
  w.dataLayer.push({ event, ecommerce });
  const e = { event, ecommerce };
  pushed.push(e);
  for (const listener of listeners) listener(e);
}

/** A product as a list or its page shows it (prices in poisha). */
type ShownProduct = { id: number; title: string; kind: string; price: number; salePrice?: number | null };

function shownItem(p: ShownProduct, index?: number): AnalyticsItem & { index?: number } {
  return {
    item_id: String(p.id),
    item_name: p.title,
    item_category: p.kind,
    price: toTaka(effectivePrice({ price: p.price, salePrice: p.salePrice ?? null })),
    quantity: 1,
    ...(index === undefined ? {} : { index }),
  };
}

/** view_item: a product's page. */
export function pushViewItem(p: ShownProduct) {
  const item = shownItem(p);
  pushEcommerce("view_item", { currency: "BDT", value: item.price, items: [item] });
}

/** view_item_list: a list's page of products (a search's results, a kind, a track). */
export function pushViewItemList(listName: string, products: readonly ShownProduct[]) {
  pushEcommerce("view_item_list", {
    item_list_name: listName,
    items: products.map((p, i) => ({ ...shownItem(p, i), item_list_name: listName })),
  });
}

/** search: what was searched for (GA4's recommended event; not an e-commerce one). */
export function pushSearch(term: string) {
  if (typeof window === "undefined" || !term) return;
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({ event: "search", search_term: term });
  const e = { event: "search", ecommerce: { search_term: term } };
  pushed.push(e);
  for (const listener of listeners) listener(e);
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
