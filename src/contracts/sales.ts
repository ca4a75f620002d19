/**
 * Sales figures for the back office: the dashboard and a product's sales page. A sale is an order
 * that counts as bought (BOUGHT_STATUSES: confirmed, being packed, shipped, delivered), on the
 * Dhaka day it was placed, at what its lines sold for after their share of the discount, without
 * delivery. A cancelled, refunded or unpaid order is not a sale: an order refunded later drops out
 * of every figure, the day it was placed included.
 */
import type { dashboardSchema, productSalesSchema, salesRowSchema } from "./answers/staff-money";
import type { ProductKind } from "./catalog";
import { dhakaParts } from "./dhaka-time";
import type { AdminArea } from "./permissions";
import { z } from "./zod";

/** The one line the pages show to say what the figures count. */
export const SALES_MEANING =
  /*i18n*/ "Sales are orders confirmed, being packed, shipped or delivered, on the Dhaka day they were placed, after discounts and without delivery; cancelled, refunded and unpaid orders do not count.";

export const SALES_GROUPS = ["day", "month"] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

/** The default range: the last 30 Dhaka days, today included. */
export const DEFAULT_SALES_DAYS = 30;
/** The longest range one request may ask for: two years (731 days, a leap day included). */
export const MAX_SALES_DAYS = 731;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD`, a date that exists (2026-02-30 does not). */
export const dayField = (name: string) =>
  z
    .string()
    .regex(DAY, { error: `${name} must be a date written YYYY-MM-DD` })
    .refine((v) => isRealDay(v), { error: `${name} is not a date in the calendar` })
    .optional();

/** `?group=day|month&from=YYYY-MM-DD&to=YYYY-MM-DD`; the range's own rules are the service's (they need today). */
export const salesQuerySchema = z.object({
  group: z.enum(SALES_GROUPS, { error: "group must be day or month" }).default("day"),
  from: dayField("from").meta({
    description: "The first Dhaka day, YYYY-MM-DD (default: 29 days before to)",
  }),
  to: dayField("to").meta({ description: "The last Dhaka day, YYYY-MM-DD (default: today in Dhaka)" }),
});
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/** The admin area whose permission a product's sales need: its kind's. */
export const SALES_AREA: Record<ProductKind, AdminArea> = {
  book: "books",
  ebook: "books",
  bundle: "bundles",
  content: "content",
  stationary: "stationery",
};

/** A product's admin page (the stationery list, searched by its title, for stationery). */
export function adminProductPath(p: { kind: ProductKind; id: number; title: string }): string {
  switch (p.kind) {
    case "book":
    case "ebook":
      return `/admin/books/${p.id}`;
    case "bundle":
      return `/admin/bundles/${p.id}`;
    case "content":
      return `/admin/content/${p.id}`;
    case "stationary":
      return `/admin/stationary?${new URLSearchParams({ q: p.title })}`;
  }
}

/** A product's sales page, for the kinds that have one (books, e-books and bundles). */
export function adminSalesPath(p: { kind: ProductKind; id: number }): string | null {
  if (p.kind === "book" || p.kind === "ebook") return `/admin/books/${p.id}/sales`;
  if (p.kind === "bundle") return `/admin/bundles/${p.id}/sales`;
  return null;
}

// ---- Dhaka days. Bangladesh keeps UTC+6 all year; the server's SQL groups with
// `at time zone 'Asia/Dhaka'`, and these name the same days.

/** The Dhaka day of an instant, `YYYY-MM-DD`. */
export function dhakaDay(at: Date): string {
  const p = dhakaParts(at);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Whether `YYYY-MM-DD` names a day of the calendar. */
export function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted (1 for the same day; 0 or less when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The instant a Dhaka day starts. */
export function dhakaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+06:00`);
}

/** Every period of a range, in order: its days, or its months (`YYYY-MM`). */
export function periodsOf(from: string, to: string, group: SalesGroup): string[] {
  const out: string[] = [];
  if (group === "day") {
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  }
  let [y, m] = from.split("-").map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `5 Mar 2026` for a day, `Mar 2026` for a month. */
export function periodLabel(period: string): string {
  const [y, m, d] = period.split("-");
  const month = MONTHS[Number(m) - 1] ?? m;
  return d ? `${Number(d)} ${month} ${y}` : `${month} ${y}`;
}

/** `5 Mar` for a day (the chart's axis), `Mar 26` for a month. */
export function periodShortLabel(period: string): string {
  const [y, m, d] = period.split("-");
  const month = MONTHS[Number(m) - 1] ?? m;
  return d ? `${Number(d)} ${month}` : `${month} ${y?.slice(2)}`;
}

export type ProductSales = z.infer<typeof productSalesSchema>;
export type SalesRow = z.infer<typeof salesRowSchema>;
export type Dashboard = z.infer<typeof dashboardSchema>;
