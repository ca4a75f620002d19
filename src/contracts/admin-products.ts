/**
 * What staff send and read about products (decision 23; decision 22's dialect: camelCase, money
 * in whole poisha). One schema serves every kind; the fields of another kind are refused.
 */
import { adminListQuery, bulkIdsField, queryFlag, versionField } from "./admin";
import { MAX_BACKORDER_DAYS } from "./availability";
import { PRODUCT_KINDS, type ProductKind, TRACKS } from "./catalog";
import { idField } from "./paging";
import { STAFF_STOCK_REASONS } from "./stock";

export { LOW_STOCK } from "./stock";

import { z } from "./zod";

/** The admin areas that own products, with the kinds each lists (their URL segment). */
export const PRODUCT_AREAS = {
  books: { kinds: ["book", "ebook"], permission: "books", label: "Books" },
  bundles: { kinds: ["bundle"], permission: "bundles", label: "Bundles" },
  content: { kinds: ["content"], permission: "content", label: "Content" },
  stationery: { kinds: ["stationary"], permission: "stationery", label: "Stationery" },
} as const satisfies Record<string, { kinds: readonly ProductKind[]; permission: string; label: string }>;
export type ProductArea = keyof typeof PRODUCT_AREAS;

/** Areas whose products have stock of their own (printed books, stationery). */
export const STOCKED_AREAS: readonly ProductArea[] = ["books", "stationery"];

export function areaOfKind(kind: ProductKind): ProductArea {
  return kind === "book" || kind === "ebook"
    ? "books"
    : kind === "bundle"
      ? "bundles"
      : kind === "content"
        ? "content"
        : "stationery";
}

/** The largest price staff may set: ৳1,000,000. */
export const MAX_PRICE = 100_000_000;

export const SALE_NOT_BELOW = /*i18n*/ "The sale price must be below the price";

/** Nothing sells that cannot be delivered: why a product is not published (decision 50). */
export const EBOOK_NEEDS_PDF =
  /*i18n*/ "An e-book is published once its PDF is uploaded: upload it under “PDF and pages” first";
export const COURSE_NEEDS_CHAPTER =
  /*i18n*/ "A course is published once it has a chapter to show (a text, a video, or a PDF with its file): add one under “Chapters” first";
export const BUNDLE_DEARER =
  /*i18n*/ "This bundle costs more than its items bought one by one: confirm “Publish anyway” to publish it";
export const BUNDLE_DEARER_BULK =
  /*i18n*/ "This bundle costs more than its items bought one by one: publish it from its own page, which asks to confirm";
export const LAST_CHAPTER_OF_PUBLISHED =
  /*i18n*/ "This is the only chapter a published course can show: unpublish the course before deleting it";
export const LAST_CHAPTER_TO_PDF =
  /*i18n*/ "This is the only chapter a published course can show, and a PDF chapter starts without its file: add the PDF as a new chapter instead";

// The money fields' messages, one set per field so that each is a whole sentence to translate.
const MONEY_MESSAGES = {
  price: [
    /*i18n*/ "Enter the price in taka",
    /*i18n*/ "The price is in whole poisha",
    /*i18n*/ "The price cannot be negative",
    /*i18n*/ "The price is at most ৳1,000,000",
  ],
  "sale price": [
    /*i18n*/ "Enter the sale price in taka",
    /*i18n*/ "The sale price is in whole poisha",
    /*i18n*/ "The sale price cannot be negative",
    /*i18n*/ "The sale price is at most ৳1,000,000",
  ],
} as const;

const money = (what: keyof typeof MONEY_MESSAGES) => {
  const [required, whole, negative, most] = MONEY_MESSAGES[what];
  return z
    .number({ error: required })
    .int({ error: whole })
    .min(0, { error: negative })
    .max(MAX_PRICE, { error: most });
};

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${what} is at most ${max} characters` })
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .default(null);

/** ISBN-10 or ISBN-13 with a right check digit, hyphens and spaces ignored; stored without them. */
export function normaliseIsbn(raw: string): string | null {
  const s = raw.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{13}$/.test(s)) {
    const sum = [...s].reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0 ? s : null;
  }
  if (/^\d{9}[\dX]$/.test(s)) {
    const sum = [...s].reduce((n, d, i) => n + (d === "X" ? 10 : Number(d)) * (10 - i), 0);
    return sum % 11 === 0 ? s : null;
  }
  return null;
}

export const INVALID_ISBN = /*i18n*/ "Not a valid ISBN: check the digits (10 or 13, with the check digit)";

const isbnField = z
  .string()
  .trim()
  .max(20, { error: INVALID_ISBN })
  .transform((s, ctx) => {
    if (s === "") return null;
    const isbn = normaliseIsbn(s);
    if (!isbn) ctx.addIssue({ code: "custom", message: INVALID_ISBN });
    return isbn;
  })
  .nullable()
  .default(null);

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const slugField = z
  .string()
  .trim()
  .max(80, { error: /*i18n*/ "The address is at most 80 characters" })
  .refine((s) => s === "" || SLUG_PATTERN.test(s), {
    error: "Use lower-case English letters, digits and single hyphens",
  })
  .default("");

/** A stored image's key (what `POST /api/admin/images` answered). */
export const imageKeyField = z
  .string()
  .regex(/^[a-f0-9]{8,64}$/, { error: /*i18n*/ "Upload the picture again" })
  .nullable()
  .default(null);

const bundleItem = z.object({
  productId: idField,
  quantity: z
    .number({ error: /*i18n*/ "Enter a quantity" })
    .int({ error: /*i18n*/ "A quantity is a whole number" })
    .min(1, { error: /*i18n*/ "At least 1" })
    .max(99, { error: /*i18n*/ "At most 99" }),
});

/** Every field staff edit on a product; each kind uses its own (see KIND_FIELDS). */
export const productFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: /*i18n*/ "Enter a title" })
    .max(300, { error: /*i18n*/ "At most 300 characters" }),
  titleBn: optionalText(300, "The Bangla title"),
  slug: slugField,
  description: z.string().max(20_000, { error: /*i18n*/ "At most 20,000 characters" }).default(""),
  price: money("price"),
  salePrice: money("sale price").nullable().default(null),
  published: z.boolean().default(false),
  tracks: z
    .array(z.enum(TRACKS, { error: /*i18n*/ "Unknown track" }))
    .max(TRACKS.length)
    .default([])
    .transform((t) => [...new Set(t)]),
  hscYear: z
    .number({ error: /*i18n*/ "Enter a year" })
    .int()
    .min(2000, { error: /*i18n*/ "A year from 2000" })
    .max(2100, { error: /*i18n*/ "A year up to 2100" })
    .nullable()
    .default(null),
  language: z.enum(["bn", "en"], { error: /*i18n*/ "Bangla or English" }).default("bn"),
  image: imageKeyField,
  authorIds: z
    .array(idField)
    .max(20, { error: /*i18n*/ "At most 20 authors" })
    .default([])
    .transform((ids) => [...new Set(ids)]),
  // Printed books
  publisher: optionalText(200, "The publisher"),
  edition: optionalText(100, "The edition"),
  isbn: isbnField,
  pages: z.number().int().min(1, { error: /*i18n*/ "At least 1 page" }).max(20_000).nullable().default(null),
  // E-books: the printed book they are the digital edition of
  bookId: idField.nullable().default(null),
  // Bundles
  items: z.array(bundleItem).max(50, { error: /*i18n*/ "At most 50 items" }).default([]),
  // Stationery
  brand: optionalText(100, "The brand"),
  category: optionalText(100, "The category"),
  // Availability (printed books and stationery; a release date for books only): contracts/availability.ts
  releaseDate: z
    .string()
    .trim()
    .refine((s) => s === "" || isCalendarDay(s), {
      error: /*i18n*/ "Enter the release date as a day of the calendar",
    })
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .default(null),
  backorderDays: z
    .number({ error: /*i18n*/ "Enter the lead time in days" })
    .int({ error: /*i18n*/ "The lead time is a whole number of days" })
    .min(1, { error: /*i18n*/ "The lead time is at least 1 day" })
    .max(MAX_BACKORDER_DAYS, { error: /*i18n*/ "The lead time is at most 90 days" })
    .nullable()
    .default(null),
  outOfPrint: z.boolean({ error: "outOfPrint is true or false" }).default(false),
  preorderOnlineOnly: z.boolean({ error: "preorderOnlineOnly is true or false" }).default(false),
});

/** `YYYY-MM-DD` naming a real day (2000 to 2100). */
function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  const year = Number(s.slice(0, 4));
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && year >= 2000 && year <= 2100;
}

/** The availability fields and the kinds that have them (the rest must leave them empty or false). */
export const AVAILABILITY_FIELDS = {
  releaseDate: ["book"],
  backorderDays: ["book", "stationary"],
  outOfPrint: ["book", "stationary"],
  preorderOnlineOnly: ["book"],
} as const satisfies Partial<Record<keyof z.output<typeof productFields>, readonly ProductKind[]>>;
export type ProductFields = z.output<typeof productFields>;

/** Which of the kind-specific fields each kind has; the rest must be left empty. */
export const KIND_FIELDS: Record<ProductKind, readonly (keyof ProductFields)[]> = {
  book: ["authorIds", "publisher", "edition", "isbn", "pages"],
  ebook: ["authorIds", "publisher", "bookId"],
  bundle: ["items"],
  stationary: ["brand", "category"],
  content: ["authorIds"],
};

function saleBelowPrice(v: { price?: number; salePrice?: number | null }, ctx: z.RefinementCtx) {
  if (v.price !== undefined && v.salePrice != null && v.salePrice >= v.price) {
    ctx.addIssue({ code: "custom", path: ["salePrice"], message: SALE_NOT_BELOW });
  }
}

export const productCreateSchema = productFields
  .extend({
    kind: z.enum(PRODUCT_KINDS, { error: /*i18n*/ "Unknown kind" }),
    /** Units on hand when the product is added (physical kinds but bundles). */
    stock: z
      .number({ error: /*i18n*/ "Enter a number" })
      .int({ error: /*i18n*/ "A whole number" })
      .min(0, { error: /*i18n*/ "Cannot be negative" })
      .max(1_000_000)
      .nullable()
      .default(null),
    /** Publishes a bundle dearer than its items all the same (staff confirmed). */
    publishAnyway: z.boolean({ error: "publishAnyway is true or false" }).optional(),
  })
  .superRefine(saleBelowPrice);
export type ProductCreateInput = z.input<typeof productCreateSchema>;

/**
 * Each field of `shape` optional and without its default: an edit changes only what it sends
 * (zod applies a default even inside `.optional()`, which would reset every field not sent).
 */
function sentOnly<T extends z.ZodRawShape>(shape: T) {
  return Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [
      k,
      (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : (s as z.ZodType)).optional(),
    ]),
  ) as unknown as { [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer I> ? I : T[K]> };
}

/** An edit: any of the fields, with the version the form started from. */
export const productPatchSchema = z
  .object(sentOnly(productFields.shape))
  .extend({
    version: versionField,
    /** Publishes a bundle dearer than its items all the same (staff confirmed). */
    publishAnyway: z.boolean({ error: "publishAnyway is true or false" }).optional(),
  })
  .superRefine(saleBelowPrice);
export type ProductPatchInput = z.input<typeof productPatchSchema>;

export const PRODUCT_SORTS = ["title", "price", "stock", "soldCount", "createdAt", "updatedAt"] as const;

export const productListQuery = adminListQuery(PRODUCT_SORTS, "-updatedAt").extend({
  kind: z.enum(PRODUCT_KINDS, { error: /*i18n*/ "Unknown kind" }).optional(),
  track: z.enum(TRACKS, { error: /*i18n*/ "Unknown track" }).optional(),
  hscYear: z.coerce.number().int().min(2000).max(2100).optional(),
  published: queryFlag,
  inStock: queryFlag,
  lowStock: queryFlag,
  /** Pre-orders or back-orders waiting for its stock (staff's view of the demand per title). */
  waiting: queryFlag,
  /** Stationery's category, exactly as stored. */
  category: z.string().trim().min(1).max(100, { error: "category is at most 100 characters" }).optional(),
});
export type ProductListQuery = z.output<typeof productListQuery>;

export const BULK_ACTIONS = ["publish", "unpublish", "price"] as const;

/**
 * A bulk change: publish, unpublish, or change the price by a percentage (−90 to +500, rounded to
 * whole taka) — a sale price that would no longer be below the new price is removed.
 */
export const productBulkSchema = z
  .object({
    ids: bulkIdsField,
    action: z.enum(BULK_ACTIONS, { error: /*i18n*/ "Unknown action" }),
    percent: z
      .number({ error: /*i18n*/ "Enter a percentage" })
      .min(-90, { error: /*i18n*/ "At least −90%" })
      .max(500, { error: /*i18n*/ "At most +500%" })
      .refine((n) => n !== 0, { error: /*i18n*/ "A change of 0% changes nothing" })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === "price" && v.percent === undefined)
      ctx.addIssue({ code: "custom", path: ["percent"], message: /*i18n*/ "Enter a percentage" });
  });
export type ProductBulkInput = z.input<typeof productBulkSchema>;

export const stockChangeSchema = z.object({
  change: z
    .number({ error: /*i18n*/ "Enter how many units" })
    .int({ error: /*i18n*/ "A whole number of units" })
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, { error: /*i18n*/ "Enter a number other than 0" }),
  reason: z.enum(STAFF_STOCK_REASONS, { error: /*i18n*/ "Choose a reason" }),
  note: z.string().trim().max(300, { error: /*i18n*/ "At most 300 characters" }).default(""),
});
export type StockChangeInput = z.input<typeof stockChangeSchema>;

export const stockLedgerQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
