/**
 * The back office's reports (/admin/report, /admin/report/shop): sales over a range of Dhaka days
 * by day, month, product kind, source, district and product, and the stationery shop's figures.
 * What counts as a sale is decision 24's (SALES_MEANING); credit notes count as decision 32 says
 * (CREDIT_MEANING): they lower the sales of the order they correct, on the day it was placed.
 */
import type { reportSalesSchema, shopReportSchema } from "./answers/staff-money";
import { normaliseReferralCode } from "./referral";
import { addDays, dhakaDay, salesQuerySchema } from "./sales";
import { z } from "./zod";

/** "Sales by district": the row of the orders without a parcel (e-books and courses only). */
export const NO_DELIVERY = /*i18n*/ "No delivery";

/** A district of the report in words: an order without a parcel has none, "No delivery". */
export function describeDistrict(key: string, t: (id: string) => string): string {
  return key === "" ? t(NO_DELIVERY) : key;
}

// Where an order came from: the page its items were added on (the cart's `source`), the channel a
// link named, or a referral code.
const SOURCE_WORDS: Readonly<Record<string, string>> = {
  website: /*i18n*/ "Website",
  book: /*i18n*/ "Book page",
  ebook: /*i18n*/ "E-book page",
  bundle: /*i18n*/ "Bundle page",
  content: /*i18n*/ "Course page",
  stationery: /*i18n*/ "Stationery page",
  facebook: /*i18n*/ "Facebook",
  google: /*i18n*/ "Google",
  youtube: /*i18n*/ "YouTube",
  messenger: /*i18n*/ "Messenger",
  phone: /*i18n*/ "Phone order",
};
export const REFERRAL_SOURCE = /*i18n*/ "Referral code {code}";

/**
 * A sales source in words (`t` gives a message in the reader's language): a page or a channel by
 * name, a referral code as such; a name the shop does not know is shown as written, never looked
 * up as a message.
 */
export function describeSource(
  key: string,
  t: (id: string, values?: Record<string, string>) => string,
): string {
  const words = SOURCE_WORDS[key];
  if (words) return t(words);
  if (normaliseReferralCode(key) === key) return t(REFERRAL_SOURCE, { code: key });
  return key;
}

/** The one line the report shows to say how refunds count. */
export const CREDIT_MEANING =
  /*i18n*/ "Net sales are sales less the credit notes issued on those orders (partial refunds), counted on the day the order was placed; a credit note above an order's sales is delivery given back and lowers nothing.";

export const REPORT_PRESETS = ["last7", "last30", "thisMonth", "lastMonth", "thisYear"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  last7: /*i18n*/ "Last 7 days",
  last30: /*i18n*/ "Last 30 days",
  thisMonth: /*i18n*/ "This month",
  lastMonth: /*i18n*/ "Last month",
  thisYear: /*i18n*/ "This year",
};

/** The first and last Dhaka day of a preset, `today` being the Dhaka day now. */
export function presetRange(preset: ReportPreset, today: string): { from: string; to: string } {
  switch (preset) {
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
    case "thisMonth":
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case "lastMonth": {
      const lastOfPrevious = addDays(`${today.slice(0, 7)}-01`, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case "thisYear":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset a range is, if any (the page marks it as chosen). */
export function presetOf(from: string, to: string, now: Date): ReportPreset | null {
  const today = dhakaDay(now);
  return (
    REPORT_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.from === from && r.to === to;
    }) ?? null
  );
}

/** `?preset=…` or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (a preset wins); by default the last 30 days. */
export const reportQuerySchema = salesQuerySchema.omit({ group: true }).extend({
  preset: z
    .enum(REPORT_PRESETS, { error: `preset must be one of ${REPORT_PRESETS.join(", ")}` })
    .optional()
    .meta({ description: "A named range in Dhaka days; overrides from and to" }),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The tables of the sales report, each downloadable as CSV; `orders` is the rows behind them all. */
export const SALES_TABLES = ["day", "month", "kind", "source", "district", "products", "orders"] as const;
export type SalesTable = (typeof SALES_TABLES)[number];

export const SALES_TABLE_LABELS: Record<SalesTable, string> = {
  day: /*i18n*/ "Sales by day",
  month: /*i18n*/ "Sales by month",
  kind: /*i18n*/ "Sales by product kind",
  source: /*i18n*/ "Sales by source",
  district: /*i18n*/ "Sales by district",
  products: /*i18n*/ "Sales by product",
  orders: /*i18n*/ "The orders behind the figures",
};

export const salesCsvQuerySchema = reportQuerySchema.extend({
  table: z
    .enum(SALES_TABLES, { error: `table must be one of ${SALES_TABLES.join(", ")}` })
    .meta({ description: "Which table of the report" }),
});
export type SalesCsvQuery = z.infer<typeof salesCsvQuerySchema>;

/**
 * A CSV over more days than this, or over more orders than LONG_EXPORT_ORDERS, is made by a
 * background job (with progress) rather than streamed in the answer.
 */
export const LONG_EXPORT_DAYS = 90;
export const LONG_EXPORT_ORDERS = 20_000;

/** The shop report's stock value: units on hand at today's selling price (the shop keeps no cost price). */
export const STOCK_VALUE_MEANING =
  /*i18n*/ "Stock value is units on hand at today's selling price (the sale price where there is one); the shop keeps no cost price.";

export type ReportSales = z.infer<typeof reportSalesSchema>;
export type ShopReport = z.infer<typeof shopReportSchema>;
