/** Poisha (integer) to taka, a number with at most two decimals: for outside parties that want taka (GA4, couriers, schema.org). */
export function toTaka(poisha: number): number {
  return Math.round(poisha) / 100;
}

/** Taka (from a query or form) to integer poisha. */
export function toPoisha(taka: number): number {
  return Math.round(taka * 100);
}

import type { Locale } from "./locale";

// Indian grouping in both languages (১,২৫,০০০ as 1,25,000); Bangla with its own digits.
const TAG: Record<Locale, string> = { en: "en-IN", bn: "en-IN-u-nu-beng" };
const whole = (l: Locale) => new Intl.NumberFormat(TAG[l], { maximumFractionDigits: 0 });
const exact = (l: Locale) =>
  new Intl.NumberFormat(TAG[l], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formats = { en: [whole("en"), exact("en")], bn: [whole("bn"), exact("bn")] } as const;

/**
 * `৳1,250` (or `৳1,250.50` when there are poisha), from poisha; in Bangla `৳১,২৫০`
 * (`৳১,২৫০.৫০`). English is the default, for every text that is not shown in a language.
 */
export function formatTaka(poisha: number, locale: Locale = "en"): string {
  const [w, e] = formats[locale];
  return `৳${poisha % 100 === 0 ? w.format(poisha / 100) : e.format(poisha / 100)}`;
}

/** An item's price fields (poisha): `salePrice` is null when the item is not on sale. */
export type Priced = { price: number; salePrice: number | null };

/**
 * The one price rule: what an item costs is its sale price when one is set and lower than the
 * price, else its price. Every total, sort, filter and badge follows it; the database refuses a
 * sale price that is not below the price, and `effectivePriceSql` is its twin in SQL.
 */
export function effectivePrice({ price, salePrice }: Priced): number {
  return salePrice !== null && salePrice < price ? salePrice : price;
}

/** The sale price to show struck-through beside the price, or null when the item is not on sale. */
export function shownSalePrice(p: Priced): number | null {
  return effectivePrice(p) < p.price ? effectivePrice(p) : null;
}

/** Whole percent off the price (the card's badge); 0 when not on sale. */
export function percentOff(p: Priced): number {
  const sale = shownSalePrice(p);
  return sale === null || p.price <= 0 ? 0 : Math.round(((p.price - sale) / p.price) * 100);
}

/**
 * What a person typed as an amount of taka ("1,250", "৳1250.50", "১২৫০") in poisha; NaN when it
 * is not an amount with at most two decimals, null when empty.
 */
export function parseTaka(text: string): number | null {
  const s = text
    .trim()
    .replace(/[০-৯]/g, (d) => String("০১২৩৪৫৬৭৮৯".indexOf(d)))
    .replace(/^৳\s*/, "")
    .replace(/,/g, "");
  if (s === "") return null;
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return Number.NaN;
  return toPoisha(Number(s));
}
