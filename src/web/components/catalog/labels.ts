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

/** `label` is a catalogue message; its values are `count`, `days` or `date` (a Dhaka date, formatted by the caller). */
export type StockState = {
  label: string;
  tone: "ok" | "low" | "later" | "out";
  count?: number;
  days?: number;
  date?: string;
};

/** What a product's availability says on its page and card (the rule: contracts/availability.ts). */
export function stockState(p: Pick<ProductCard, "kind" | "availability">): StockState {
  const a = p.availability;
  if (isDigitalKind(p.kind)) return { label: /*i18n*/ "Instant access after purchase", tone: "ok" };
  switch (a.state) {
    case "in_stock":
      return a.left !== null
        ? { label: /*i18n*/ "Only {count} left", tone: "low", count: a.left }
        : { label: /*i18n*/ "In stock", tone: "ok" };
    case "backorder":
      return { label: /*i18n*/ "From the publisher, ships in {days} days", tone: "later", days: a.days ?? 0 };
    case "preorder":
      return { label: /*i18n*/ "Pre-order, releases on {date}", tone: "later", date: a.releaseDate ?? "" };
    case "out_of_print":
      return { label: /*i18n*/ "Out of print", tone: "out" };
    default:
      return { label: /*i18n*/ "Out of stock", tone: "out" };
  }
}

/** A stock state's words in the page's language (`date` a Dhaka day, `YYYY-MM-DD`). */
export function stockText(
  i18n: { _: (id: string, values?: Record<string, unknown>) => string },
  format: { number: (n: number) => string; date: (at: string) => string },
  s: StockState,
): string {
  return i18n._(s.label, {
    count: format.number(s.count ?? 0),
    days: format.number(s.days ?? 0),
    date: s.date ? format.date(`${s.date}T00:00:00+06:00`) : "",
  });
}
