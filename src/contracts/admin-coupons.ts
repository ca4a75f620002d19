/**
 * Coupons in the back office (`/admin/coupon`, `/admin/coupon/bulk`, `/api/admin/coupons`): what
 * staff send to list, create, edit and disable coupons and to generate a batch of codes. Every
 * rule the database checks (schema.ts, `coupons`) is checked here first, so a bad value is a 400
 * naming its field, never a refused insert. Answers are in answers.ts (`adminCoupon*Schema`).
 */
import { adminListQuery, bulkIdsField, versionField } from "./admin";
import type {
  adminCouponDetailSchema,
  adminCouponSchema,
  couponBatchResultSchema,
  couponBatchSchema,
} from "./answers/staff-money";
import { PRODUCT_KINDS, type ProductKind } from "./catalog";
import { DEFAULT_LOCALE, formatNumber, type Locale } from "./locale";
import { formatTaka } from "./money";
import { idField } from "./paging";
import { isRealDay } from "./sales";
import { z } from "./zod";

export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * Where a coupon stands now, checked in this order: switched off (disabled), past its end
 * (expired), every use taken (used-up), before its start (scheduled), else active.
 */
export const COUPON_STATES = ["active", "scheduled", "expired", "used-up", "disabled"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  active: /*i18n*/ "Active",
  scheduled: /*i18n*/ "Scheduled",
  expired: /*i18n*/ "Expired",
  "used-up": /*i18n*/ "Used up",
  disabled: /*i18n*/ "Disabled",
};

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  book: /*i18n*/ "Books",
  ebook: /*i18n*/ "E-books",
  bundle: /*i18n*/ "Bundles",
  stationary: /*i18n*/ "Stationery",
  content: /*i18n*/ "Content",
};

/** The columns the coupons list sorts by. */
export const COUPON_SORTS = ["code", "createdAt", "uses", "endsAt"] as const;

/** `GET /api/admin/coupons`: paging, `q` over the code, a sort and the state, kind and batch filters. */
export const couponsQuerySchema = adminListQuery(COUPON_SORTS, "-createdAt").extend({
  state: z.enum(COUPON_STATES, { error: `state must be one of ${COUPON_STATES.join(", ")}` }).optional(),
  kind: z.enum(COUPON_KINDS, { error: "kind must be percent or fixed" }).optional(),
  batch: idField.optional().meta({ description: "Only the codes of this bulk generation" }),
});
export type CouponsQuery = z.output<typeof couponsQuerySchema>;

/** A code: letters A–Z, digits, - and _; stored upper-case, so `eid-25` is `EID-25`. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;
export const COUPON_CODE_RULE = "Use only letters, digits, - and _";
export const COUPON_CODE_TAKEN = "Another coupon has this code";

/** The largest fixed discount, cap or minimum order: ৳1,000,000, as the largest price. */
export const MAX_COUPON_MONEY = 100_000_000;
/** The largest usage limit a coupon may have. */
export const MAX_COUPON_USES = 1_000_000;
/** Products one coupon may be limited to. */
export const MAX_COUPON_PRODUCTS = 200;

const money = (what: string) =>
  z
    .number({ error: `Enter the ${what} in taka` })
    .int({ error: `The ${what} is in whole poisha` })
    .max(MAX_COUPON_MONEY, { error: `The ${what} is at most ৳1,000,000` });

const limit = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a number, or leave it empty` })
    .int({ error: `The ${what} is a whole number` })
    .min(1, { error: `The ${what} is at least 1 (leave it empty for no limit)` })
    .max(MAX_COUPON_USES, { error: `The ${what} is at most 1,000,000` })
    .nullable()
    .default(null);

/** An instant in the API: ISO 8601 with its offset (UTC `Z` as answered), or null for "open". */
const instant = (what: string) =>
  z
    .string({ error: `The ${what} must be a date and time` })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v), {
      error: `The ${what} must be a date and time with its offset, e.g. 2026-03-01T00:00:00Z`,
    })
    .refine(
      (v) => isRealDay(v.slice(0, 10)) && Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60,
      {
        error: `The ${what} is not a date and time in the calendar`,
      },
    )
    .transform((v) => new Date(v).toISOString())
    .nullable()
    .default(null);

/** The rules a coupon has (one generated code each of a batch has the same). Money in poisha. */
const couponRuleFields = {
  kind: z.enum(COUPON_KINDS, { error: "Choose percent or a fixed amount" }),
  value: z
    .number({ error: "Enter the discount" })
    .int({ error: "The discount is a whole number (poisha for an amount)" })
    .min(1, { error: "The discount must be more than 0" })
    .max(MAX_COUPON_MONEY, { error: "The discount is at most ৳1,000,000" }),
  maxDiscount: money("largest discount")
    .min(1, { error: "The largest discount must be more than ৳0 (leave it empty for no cap)" })
    .nullable()
    .default(null),
  minOrder: money("minimum order")
    .min(0, { error: "The minimum order cannot be negative" })
    .nullable()
    .default(null),
  startsAt: instant("start"),
  endsAt: instant("end"),
  usageLimit: limit("usage limit"),
  perUserLimit: limit("limit per customer"),
  productKinds: z
    .array(z.enum(PRODUCT_KINDS, { error: `A kind is one of ${PRODUCT_KINDS.join(", ")}` }), {
      error: "productKinds must be a list",
    })
    .default([])
    .transform((v) => [...new Set(v)]),
  productIds: z
    .array(idField, { error: "productIds must be a list of product ids" })
    .max(MAX_COUPON_PRODUCTS, { error: `At most ${MAX_COUPON_PRODUCTS} products` })
    .default([])
    .transform((v) => [...new Set(v)]),
  active: z.boolean({ error: "active must be true or false" }).default(true),
  note: z
    .string({ error: "The note must be text" })
    .trim()
    .max(500, { error: "The note is at most 500 characters" })
    .nullish()
    .transform((v) => (v ? v : null)),
};

type RuleValues = {
  kind: CouponKind;
  value: number;
  maxDiscount: number | null;
  startsAt: string | null;
  endsAt: string | null;
};

/** The rules that tie fields together, as the database's checks do, each on its field. */
function checkRules(v: RuleValues, ctx: z.RefinementCtx) {
  if (v.kind === "percent" && v.value > 100) {
    ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is at most 100" });
  }
  if (v.kind === "fixed" && v.maxDiscount !== null) {
    ctx.addIssue({
      code: "custom",
      path: ["maxDiscount"],
      message: "A fixed amount needs no largest discount: leave it empty",
    });
  }
  if (v.startsAt && v.endsAt && Date.parse(v.startsAt) >= Date.parse(v.endsAt)) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
  }
}

export const couponCodeField = z
  .string({ error: "Enter the code" })
  .trim()
  .min(1, { error: "Enter the code" })
  .max(40, { error: "A code has at most 40 characters" })
  .transform((v) => v.toUpperCase())
  .refine((v) => COUPON_CODE_PATTERN.test(v), { error: COUPON_CODE_RULE });

/** `POST /api/admin/coupons`: a coupon's code and rules. */
export const couponInputSchema = z
  .object({ code: couponCodeField, ...couponRuleFields })
  .superRefine(checkRules);
export type CouponInput = z.input<typeof couponInputSchema>;

/** `PATCH /api/admin/coupons/{id}`: the same fields and the version the form started from. */
export const couponEditSchema = z
  .object({ code: couponCodeField, ...couponRuleFields, version: versionField })
  .superRefine(checkRules);
export type CouponEdit = z.input<typeof couponEditSchema>;

/** `POST /api/admin/coupons/active`: switch many coupons on or off at once. */
export const couponBulkActiveSchema = z.object({
  ids: bulkIdsField,
  active: z.boolean({ error: "active must be true or false" }),
});

// ---- bulk codes

/**
 * The characters of a generated code: no look-alikes (no 0/O, 1/I/L), 31 in all. A random part of
 * 8 gives 31^8 ≈ 852 billion codes, so 10,000 of them leave a guesser one chance in 85 million.
 */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const MAX_BATCH_CODES = 10_000;
export const MIN_RANDOM_LENGTH = 6;
export const MAX_RANDOM_LENGTH = 16;
export const DEFAULT_RANDOM_LENGTH = 8;
export const MAX_PREFIX_LENGTH = 20;

/** `POST /api/admin/coupons/bulk`: how many codes, their prefix and random length, and the rules they share. */
export const couponBatchInputSchema = z
  .object({
    quantity: z
      .number({ error: "Enter how many codes" })
      .int({ error: "The number of codes is a whole number" })
      .min(1, { error: "Make at least 1 code" })
      .max(MAX_BATCH_CODES, { error: `At most ${MAX_BATCH_CODES.toLocaleString("en-US")} codes at once` }),
    prefix: z
      .string({ error: "The prefix must be text" })
      .trim()
      .max(MAX_PREFIX_LENGTH, { error: `The prefix is at most ${MAX_PREFIX_LENGTH} characters` })
      .transform((v) => v.toUpperCase())
      .refine((v) => v === "" || COUPON_CODE_PATTERN.test(v), { error: COUPON_CODE_RULE })
      .default(""),
    length: z
      .number({ error: "Enter the length of the random part" })
      .int({ error: "The length is a whole number" })
      .min(MIN_RANDOM_LENGTH, { error: `The random part is at least ${MIN_RANDOM_LENGTH} characters` })
      .max(MAX_RANDOM_LENGTH, { error: `The random part is at most ${MAX_RANDOM_LENGTH} characters` })
      .default(DEFAULT_RANDOM_LENGTH),
    ...couponRuleFields,
  })
  .superRefine(checkRules);
export type CouponBatchInput = z.input<typeof couponBatchInputSchema>;

/** The codes of a batch as CSV (code, uses). */
export function couponBatchCsvPath(batchId: number): string {
  return `/api/admin/coupons/batches/${batchId}/codes.csv`;
}

export const COUPON_USED = "This coupon has been used: it cannot be deleted, but you can disable it.";

/** What an edit of a used coupon changes, said on the form. */
export const USED_COUPON_EDIT =
  /*i18n*/ "Orders already placed keep the totals they were priced at: a change applies only to orders placed from now on.";

type Translate = (id: string, values?: Record<string, unknown>) => string;
/** The English as written, its placeholders filled (the server's answer, and tests). */
const asWritten: Translate = (id, values) =>
  id.replace(/\{(\w+)\}/g, (whole, key: string) => (values && key in values ? String(values[key]) : whole));

/**
 * A coupon's rules in one line, as the list shows them: "10% off, at most ৳100, min. order ৳500";
 * in a page's language with its `locale` and catalogue `t`.
 */
export function couponSummary(
  c: {
    kind: CouponKind;
    value: number;
    maxDiscount: number | null;
    minOrder: number | null;
    productKinds: readonly ProductKind[];
    productIds: readonly number[];
    usageLimit: number | null;
    perUserLimit: number | null;
  },
  locale: Locale = DEFAULT_LOCALE,
  t: Translate = asWritten,
): string {
  const num = (n: number) => (locale === "bn" ? formatNumber(n, locale) : n.toLocaleString("en-US"));
  const taka = (poisha: number) => formatTaka(poisha, locale);
  const parts = [
    c.kind === "percent"
      ? t(/*i18n*/ "{value}% off", { value: num(c.value) })
      : t(/*i18n*/ "{amount} off", { amount: taka(c.value) }),
  ];
  if (c.maxDiscount !== null) parts.push(t(/*i18n*/ "at most {amount}", { amount: taka(c.maxDiscount) }));
  if (c.minOrder !== null && c.minOrder > 0)
    parts.push(t(/*i18n*/ "min. order {amount}", { amount: taka(c.minOrder) }));
  if (c.productKinds.length > 0)
    parts.push(c.productKinds.map((k) => t(PRODUCT_KIND_LABELS[k]).toLowerCase()).join(", "));
  if (c.productIds.length > 0)
    parts.push(
      c.productIds.length === 1
        ? t(/*i18n*/ "1 product")
        : t(/*i18n*/ "{count} products", { count: num(c.productIds.length) }),
    );
  if (c.usageLimit !== null)
    parts.push(
      c.usageLimit === 1 ? t(/*i18n*/ "1 use") : t(/*i18n*/ "{count} uses", { count: num(c.usageLimit) }),
    );
  if (c.perUserLimit !== null) parts.push(t(/*i18n*/ "{count} per customer", { count: num(c.perUserLimit) }));
  return parts.join(", ");
}

// ---- Dhaka local times in the form (the API speaks ISO UTC)

/** `YYYY-MM-DDTHH:mm` in Dhaka (UTC+6 all year) for an ISO instant; "" for none. */
export function isoToDhakaLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  return new Date(t + 6 * 3_600_000).toISOString().slice(0, 16);
}

/** The ISO UTC instant of a Dhaka local `YYYY-MM-DDTHH:mm`; null for empty, the text itself when unreadable (the schema refuses it). */
export function dhakaLocalToIso(local: string): string | null {
  const s = local.trim();
  if (s === "") return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s)) return s;
  const t = Date.parse(`${s}:00+06:00`);
  return Number.isNaN(t) ? s : new Date(t).toISOString();
}

export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export type AdminCouponDetail = z.infer<typeof adminCouponDetailSchema>;
export type CouponBatch = z.infer<typeof couponBatchSchema>;
export type CouponBatchResult = z.infer<typeof couponBatchResultSchema>;
