import type { ProductCard, ProductKind, Sort } from "../../../contracts/catalog";
import { isDigitalKind } from "../../../contracts/catalog";
import { LOW_STOCK } from "../../../contracts/stock";

/** What each kind is called in the shop's words (the API's `stationary` reads "stationery"). */
export const KIND_LABEL: Record<ProductKind, string> = {
  book: /*i18n*/ "Books",
  ebook: /*i18n*/ "E-books",
  bundle: /*i18n*/ "Bundles",
  stationary: /*i18n*/ "Stationery",
  content: /*i18n*/ "Learning content",
};

/** One of a kind, as a badge or breadcrumb says it. */
export const KIND_SINGULAR: Record<ProductKind, string> = {
  book: /*i18n*/ "Book",
  ebook: /*i18n*/ "E-book",
  bundle: /*i18n*/ "Bundle",
  stationary: /*i18n*/ "Stationery",
  content: /*i18n*/ "Course",
};

/** Where each kind's own list lives (books have none: they sit in the academic tracks). */
export const KIND_PATH: Record<ProductKind, string> = {
  book: "/search?kind=book",
  ebook: "/ebook",
  bundle: "/bundle",
  stationary: "/stationery",
  content: "/content",
};

export const SORT_LABEL: Record<Sort, string> = {
  relevance: /*i18n*/ "Best match",
  best_selling: /*i18n*/ "Best selling",
  newest: /*i18n*/ "Newest",
  price_asc: /*i18n*/ "Price: low to high",
  price_desc: /*i18n*/ "Price: high to low",
};

const LANGUAGES: Record<string, string> = { bn: /*i18n*/ "Bangla", en: /*i18n*/ "English" };

export function languageName(code: string): string {
  return LANGUAGES[code] ?? code;
}

/** At or below this many units a physical item says how many are left (the dashboard's low stock too). */
export { LOW_STOCK };

/** `label` is a catalogue message; "Only {count} left" takes `count`. */
export type StockState = { label: string; tone: "ok" | "low" | "out"; count?: number };

/** In stock / Only N left / Out of stock; digital kinds are always available. */
export function stockState(p: Pick<ProductCard, "kind" | "inStock"> & { stock?: number | null }): StockState {
  if (!p.inStock) return { label: /*i18n*/ "Out of stock", tone: "out" };
  if (isDigitalKind(p.kind)) return { label: /*i18n*/ "Instant access after purchase", tone: "ok" };
  if (p.stock != null && p.stock <= LOW_STOCK)
    return { label: /*i18n*/ "Only {count} left", tone: "low", count: p.stock };
  return { label: /*i18n*/ "In stock", tone: "ok" };
}
