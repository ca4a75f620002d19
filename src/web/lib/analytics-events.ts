/**
 * GA4 e-commerce events on the tag manager's data layer: view_item_list, view_item, search,
 * add_to_cart, begin_checkout, purchase. Amounts are taka (GA4 wants the currency's major unit);
 * items name the product's id, title and kind. The data layer is pushed even when no tag manager is
 * configured or allowed: it is only an array, read by nobody until a tag loads (decision 56). The
 * page's events are also kept for the ad pixel, which maps them to its own (lib/tags.ts).
 */
import type { CartInfo, CartItem } from "../../contracts/cart";
import type { OrderView } from "../../contracts/checkout";
import { effectivePrice, toTaka } from "../../contracts/money";

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
const AWAITING_KEY = (orderNumber: string) => `ga4:awaiting:${orderNumber}`;
const CARRIED_KEY = "ga4:carried";
/** How long a sale's event waits for a page that may send it, and how many wait at most. */
const CARRY_MS = 7 * 24 * 3_600_000;
const CARRY_MAX = 20;

type Carried = { at: number; event: string; ecommerce: Record<string, unknown> };

/** The browser's storage, or null where it is refused (private mode, a sandboxed frame). */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function purchaseOf(order: OrderView): Record<string, unknown> {
  return {
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
  };
}

function readCarried(store: Storage): Carried[] {
  try {
    const list = JSON.parse(store.getItem(CARRIED_KEY) ?? "[]") as Carried[];
    return Array.isArray(list) ? list.filter((c) => Date.now() - c.at < CARRY_MS) : [];
  } catch {
    return [];
  }
}

/**
 * Pushes a sale's event, and when `carry` (this page's document may not load the tags: the payment
 * pages, decision 56) keeps it for the next page that may: else the sale would never reach them.
 */
function pushSale(event: string, ecommerce: Record<string, unknown>, carry: boolean) {
  pushEcommerce(event, ecommerce);
  const store = storage();
  if (!store || !carry) return;
  const list = [...readCarried(store), { at: Date.now(), event, ecommerce }].slice(-CARRY_MAX);
  try {
    store.setItem(CARRIED_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused: the event stays on this page only.
  }
}

/**
 * The sales kept by pages that could not send them: pushed here (a page that loads the tags, with
 * consent) when `send`, else dropped (the visitor declined: they are never sent). Called by the tags.
 */
export function releaseCarried(send: boolean) {
  const store = storage();
  if (!store?.getItem(CARRIED_KEY)) return;
  const list = send ? readCarried(store) : [];
  store.removeItem(CARRIED_KEY);
  for (const c of list) pushEcommerce(c.event, c.ecommerce);
}

/**
 * purchase, once per order in this browser: a reload or a second visit to the success page must
 * not count the sale again; `carry` as for `pushSale`. Returns whether it was pushed.
 */
export function pushPurchaseOnce(order: OrderView, carry: boolean): boolean {
  if (typeof window === "undefined") return false;
  const store = storage();
  const key = PURCHASE_KEY(order.number);
  try {
    if (store?.getItem(key)) return false;
    store?.setItem(key, "1");
    store?.removeItem(AWAITING_KEY(order.number));
  } catch {
    // Storage refused: the event is still worth sending once for this page.
  }
  pushSale("purchase", purchaseOf(order), carry);
  return true;
}

/**
 * An order whose online payment is not confirmed yet, seen on its payment page: remembered, so that
 * its purchase is counted where the buyer sees it confirmed later (their orders, `reportConfirmed`).
 */
export function awaitPurchase(order: OrderView) {
  try {
    const store = storage();
    if (store && !store.getItem(PURCHASE_KEY(order.number))) store.setItem(AWAITING_KEY(order.number), "1");
  } catch {
    // Storage refused: counted only if the payment page sees it confirmed.
  }
}

/** purchase for the orders awaited in this browser (`awaitPurchase`) among these, bought now. */
export function reportConfirmed(bought: readonly OrderView[]) {
  const store = storage();
  if (!store) return;
  for (const order of bought) {
    if (store.getItem(AWAITING_KEY(order.number))) pushPurchaseOnce(order, false);
  }
}
