/**
 * The audit log as staff read it (`/admin/audit`, `GET /api/admin/audit`): every staff change, who
 * made it and when, with the record before and after. Admins only. A page is read newest first in
 * the order of an index and goes on from the last row seen (`before`), so a log of millions of rows
 * is never counted nor skipped through.
 */
import { idField } from "./paging";
import { dayField } from "./sales";
import { z } from "./zod";

/** The areas (the `entity` of an entry) the page's filter offers, with their words. */
export const AUDIT_AREAS = {
  order: /*i18n*/ "Orders",
  refund: /*i18n*/ "Refunds",
  cod_remittance: /*i18n*/ "Cash remittances",
  courier_district: /*i18n*/ "Couriers by district",
  product: /*i18n*/ "Products",
  author: /*i18n*/ "Authors",
  content_chapter: /*i18n*/ "Chapters",
  review: /*i18n*/ "Reviews",
  coupon: /*i18n*/ "Coupons",
  coupon_batch: /*i18n*/ "Coupon batches",
  info_page: /*i18n*/ "Info pages",
  user: /*i18n*/ "Users",
} as const satisfies Record<string, string>;

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/audit` and the page's URL: the filters, and where the page starts. */
export const auditQuery = z.object({
  staff: idField.optional().meta({ description: "Only the changes of this staff account (its id)" }),
  area: z
    .string()
    .trim()
    .regex(/^[a-z][a-z_]{0,39}$/, { error: "area must be an area's name, such as order or product" })
    .optional()
    .meta({ description: `The kind of record changed: ${Object.keys(AUDIT_AREAS).join(", ")}` }),
  record: z
    .string()
    .trim()
    .min(1, { error: "record must not be empty" })
    .max(64, { error: "record is at most 64 characters" })
    .optional()
    .meta({ description: "The changed record's id (with area: that one record's history)" }),
  from: dayField("from").meta({ description: "Changes on or after this Dhaka day, YYYY-MM-DD" }),
  to: dayField("to").meta({ description: "Changes on or before this Dhaka day, YYYY-MM-DD" }),
  before: idField
    .optional()
    .meta({ description: "The next page: the entries older than this one (the last page's `next`)" }),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be 1 to 100" })
    .max(100, { error: "limit must be 1 to 100" })
    .default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.output<typeof auditQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().meta({ description: "When, an ISO instant" }),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  next: z.number().int().nullable().meta({ description: "`before` for the next page; null on the last" }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The history of one record, as a link from its own page. */
export function auditPath(entity: string, entityId: string | number): string {
  return `/admin/audit?${new URLSearchParams({ area: entity, record: String(entityId) })}`;
}

/** The CSV of the same filter: every matching entry, newest first. */
export function auditCsvPath(
  q: Partial<Record<"staff" | "area" | "record" | "from" | "to", string | number>>,
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") params.set(k, String(v));
  const text = params.toString();
  return `/api/admin/audit.csv${text ? `?${text}` : ""}`;
}

/** One changed field between before and after: its dotted path and its two values (undefined: absent). */
export type AuditChange = { path: string; before: unknown; after: unknown };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * What changed, field by field: nested objects are walked (`address.city`), arrays and other
 * values are compared whole. A creation lists every field of after, a removal every field of
 * before; unchanged fields are left out.
 */
export function auditDiff(before: unknown, after: unknown, prefix = ""): AuditChange[] {
  if (isPlainObject(before) || isPlainObject(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    if (!isPlainObject(before) && before !== null && before !== undefined) {
      return [{ path: prefix || "value", before, after }];
    }
    if (!isPlainObject(after) && after !== null && after !== undefined) {
      return [{ path: prefix || "value", before, after }];
    }
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.flatMap((k) => auditDiff(b[k], a[k], prefix ? `${prefix}.${k}` : k));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: prefix || "value", before, after }];
}

/** A value of a diff as one line of text: strings bare, absent as an em dash, the rest as JSON. */
export function auditValueText(v: unknown): string {
  if (v === undefined || v === null) return "—";
  if (typeof v === "string") return v;
  return JSON.stringify(v);
}
