import type { ProductCard, ProductKind, Sort } from "../../../contracts/catalog";
import { LOW_STOCK } from "../../../contracts/stock";

/** What each kind is called in the shop's words (the API's `stationary` reads "stationery"). */
export const KIND_LABEL: Record<ProductKind, string> = {
  book: "Books",
  ebook: "E-books",
  bundle: "Bundles",
  stationary: "Stationery",
  content: "Learning content",
};

/** One of a kind, as a badge or breadcrumb says it. */
export const KIND_SINGULAR: Record<ProductKind, string> = {
  book: "Book",
  ebook: "E-book",
  bundle: "Bundle",
  stationary: "Stationery",
  content: "Course",
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
  relevance: "Best match",
  best_selling: "Best selling",
  newest: "Newest",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
};

const LANGUAGES: Record<string, string> = { bn: "Bangla", en: "English" };

export function languageName(code: string): string {
  return LANGUAGES[code] ?? code;
}

/** At or below this many units a physical item says how many are left (the dashboard's low stock too). */
export { LOW_STOCK };

export type StockState = { label: string; tone: "ok" | "low" | "out" };

/** In stock / Only N left / Out of stock; digital kinds are always available. */
export function stockState(p: Pick<ProductCard, "kind" | "inStock"> & { stock?: number | null }): StockState {
  if (!p.inStock) return { label: "Out of stock", tone: "out" };
  if (p.kind === "ebook" || p.kind === "content")
    return { label: "Instant access after purchase", tone: "ok" };
  if (p.stock != null && p.stock <= LOW_STOCK) return { label: `Only ${p.stock} left`, tone: "low" };
  return { label: "In stock", tone: "ok" };
}
