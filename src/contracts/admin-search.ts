/**
 * The back office's one search box (`/admin/search`, and the same search in a dialog on every
 * admin page): orders, accounts and products, a few of each, exact matches first. Each group is
 * answered only to staff holding its area; for the others it is null.
 */
import type { adminSearchSchema } from "./answers/staff";
import { z } from "./zod";

/** How many hits each group shows at most. */
export const SEARCH_GROUP_LIMIT = 5;

/** What a search shorter than this looks for by name: a shorter one only by exact number. */
export const MIN_NAME_SEARCH = 2;

export const EMPTY_SEARCH = "Type something to search for";

/** `GET /api/admin/search?q=`. */
export const adminSearchQuery = z.object({
  q: z
    .string({ error: EMPTY_SEARCH })
    .trim()
    .min(1, { error: EMPTY_SEARCH })
    .max(100, { error: "The search is at most 100 characters" }),
});
export type AdminSearchQuery = z.output<typeof adminSearchQuery>;

export type AdminSearchResult = z.infer<typeof adminSearchSchema>;
export type AdminSearchHit = NonNullable<AdminSearchResult["orders"]>[number];

/** The groups in the order the box shows them. */
export const SEARCH_GROUPS = [
  { key: "orders", label: /*i18n*/ "Orders" },
  { key: "users", label: /*i18n*/ "Users" },
  { key: "products", label: /*i18n*/ "Products" },
] as const;

/**
 * An invoice number as staff type it (`inv-2026-42`, `INV-2026-000042`) in its stored form
 * `INV-YYYY-NNNNNN`, or null when the search is not one.
 */
export function normaliseInvoiceNumber(q: string): string | null {
  const m = /^INV[-\s]?(\d{4})[-\s]?(\d{1,6})$/i.exec(q.trim());
  return m ? `INV-${m[1]}-${m[2]!.padStart(6, "0")}` : null;
}

/** An order number as typed, with or without a leading `#`: its digits, or null. */
export function orderNumberOf(q: string): string | null {
  const m = /^#?\s*(\d{1,18})$/.exec(q.trim());
  return m ? m[1]! : null;
}
