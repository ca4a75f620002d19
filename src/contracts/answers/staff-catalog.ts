/**
 * What the back office's catalogue answers (decision 23): products, stock, authors, uploads.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */
import { PRODUCT_KINDS, TRACKS } from "../enums";
import { STOCK_REASONS } from "../stock";
import { z } from "../zod";
import { productCardSchema } from "./catalog";
import { isoTime, pageOf, poisha } from "./shared";

// ---- authors' back office

export const adminAuthorSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    nameBn: z.string().nullable(),
    slug: z.string(),
    photo: z.string().nullable().meta({ description: "A stored image's key; null for none" }),
    bookCount: z.int().meta({ description: "Products linked to the author, published or not" }),
  })
  .meta({ id: "AdminAuthor" });

export const adminAuthorPageSchema = pageOf(adminAuthorSchema).meta({ id: "AdminAuthorPage" });

export const adminAuthorDetailSchema = adminAuthorSchema
  .extend({
    bio: z.string().meta({ description: "Plain text; a blank line starts a new paragraph" }),
    version: z.int().meta({ description: "Send it back with an edit or a merge" }),
    createdAt: isoTime(),
    redirects: z
      .array(z.string())
      .meta({ description: "Slugs of merged or renamed authors whose pages redirect to this one" }),
  })
  .meta({ id: "AdminAuthorDetail" });

export const authorMergeResultSchema = z
  .object({
    into: adminAuthorDetailSchema,
    movedProducts: z.int().meta({ description: "Products whose link moved to the kept author" }),
  })
  .meta({ id: "AuthorMergeResult" });

export const adminAuthorDeletedSchema = z.object({ id: z.int() }).meta({ id: "AdminAuthorDeleted" });

export const suggestionSchema = productCardSchema
  .pick({
    id: true,
    kind: true,
    title: true,
    titleBn: true,
    url: true,
    image: true,
    price: true,
    salePrice: true,
  })
  .extend({
    publisher: z
      .string()
      .nullable()
      .meta({ description: "A book's publisher (what tells books of one title apart)" }),
    edition: z.string().nullable(),
    hscYear: z.int().nullable(),
  })
  .meta({ id: "Suggestion" });

// ---- uploads (staff)

export const storedImageSchema = z
  .object({
    key: z.string().meta({ description: "What a product's or author's `image` field takes" }),
    width: z.int().meta({ description: "Width of the picture as stored (after any crop), in pixels" }),
    height: z.int(),
  })
  .meta({ id: "StoredImage" });

export const ebookPdfSchema = z
  .object({
    id: z.int().meta({ description: "The e-book's product id" }),
    title: z.string(),
    version: z.int().meta({ description: "The product's version: send it with the next change" }),
    pageCount: z.int().meta({ description: "Pages in the PDF; 0 when there is none" }),
    fileBytes: z.int().nullable().meta({ description: "The PDF's size; null when there is none" }),
    fileVersion: z
      .string()
      .nullable()
      .meta({ description: "Changes with the file: add it to thumbnail addresses as `?v=`" }),
    demoPages: z.array(z.int()).meta({ description: "The free preview pages, ascending" }),
  })
  .meta({ id: "EbookPdf" });

export const chapterPdfSchema = z
  .object({
    id: z.int().meta({ description: "The chapter's id" }),
    courseId: z.int(),
    version: z.int().meta({ description: "The chapter's version: send it with the next change" }),
    pageCount: z.int(),
    fileBytes: z.int(),
  })
  .meta({ id: "ChapterPdf" });

export const adminProductRowSchema = z
  .object({
    id: z.int(),
    kind: z.enum(PRODUCT_KINDS),
    slug: z.string(),
    title: z.string(),
    titleBn: z.string().nullable(),
    price: poisha("The price"),
    salePrice: poisha("The sale price").nullable(),
    stock: z.int().nullable().meta({ description: "Units on hand; null for digital kinds and bundles" }),
    published: z.boolean(),
    image: z.string().nullable(),
    authors: z.string().meta({ description: "The authors' names, comma-separated" }),
    isbn: z.string().nullable(),
    hscYear: z.int().nullable(),
    soldCount: z.int(),
    waiting: z.int().meta({ description: "Units of pre-orders and back-orders waiting for its stock" }),
    version: z.int(),
    updatedAt: isoTime(),
    ebook: z
      .object({
        pdf: z.boolean().meta({ description: "Whether the e-book's PDF is uploaded" }),
        pageCount: z.int(),
        demoPages: z.int().meta({ description: "How many pages are free to preview" }),
        owners: z.int().meta({ description: "How many customers own it" }),
      })
      .nullable()
      .optional()
      .meta({ description: "E-books in the books list: the PDF's state, preview pages and owners" }),
  })
  .meta({ id: "AdminProductRow" });

export const adminProductPageSchema = pageOf(adminProductRowSchema).meta({ id: "AdminProductPage" });

export const adminProductSchema = z
  .object({
    id: z.int(),
    kind: z.enum(PRODUCT_KINDS),
    slug: z.string(),
    title: z.string(),
    titleBn: z.string().nullable(),
    description: z.string(),
    price: poisha("The price"),
    salePrice: poisha("The sale price").nullable(),
    stock: z.int().nullable(),
    published: z.boolean(),
    publishRefusal: z.string().nullable().meta({
      description:
        "Why it cannot be published as it stands (an e-book without its PDF, a course without a chapter); null when it can",
    }),
    tracks: z.array(z.enum(TRACKS)),
    hscYear: z.int().nullable(),
    language: z.enum(["bn", "en"]),
    image: z.string().nullable(),
    authors: z.array(z.object({ id: z.int(), name: z.string(), nameBn: z.string().nullable() })),
    authorIds: z.array(z.int()),
    publisher: z.string().nullable(),
    edition: z.string().nullable(),
    isbn: z.string().nullable(),
    pages: z.int().nullable(),
    bookId: z.int().nullable(),
    items: z.array(
      z.object({
        productId: z.int(),
        quantity: z.int(),
        title: z.string(),
        kind: z.enum(PRODUCT_KINDS),
        price: poisha("The item's own price"),
        salePrice: poisha("The item's own sale price").nullable(),
        stock: z.int().nullable(),
      }),
    ),
    brand: z.string().nullable(),
    category: z.string().nullable(),
    releaseDate: z
      .string()
      .nullable()
      .meta({ description: "A printed book's release day (YYYY-MM-DD, Dhaka): a pre-order until then" }),
    backorderDays: z
      .int()
      .nullable()
      .meta({ description: "Back-orders allowed with this lead time in days; null: not allowed" }),
    outOfPrint: z.boolean(),
    preorderOnlineOnly: z
      .boolean()
      .meta({ description: "A pre-order is paid online only (no cash on delivery)" }),
    waiting: z.object({ orders: z.int(), units: z.int() }).meta({
      description: "Pre-orders and back-orders not filled yet: how many orders and units wait for stock",
    }),
    soldCount: z.int(),
    version: z.int(),
    createdAt: isoTime(),
    updatedAt: isoTime(),
    url: z.string().meta({ description: "The product's page in the shop" }),
  })
  .meta({ id: "AdminProduct" });

export const bulkResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.int(),
        ok: z.boolean(),
        message: z.string().meta({ description: "What was done, or why not" }),
      }),
    ),
  })
  .meta({ id: "BulkResult" });

export const stockMoveSchema = z
  .object({
    id: z.int(),
    change: z.int(),
    stockAfter: z.int(),
    reason: z.enum(STOCK_REASONS),
    note: z.string(),
    actor: z.string().nullable().meta({ description: "The staff member's name; null for orders" }),
    orderId: z.int().nullable(),
    createdAt: isoTime(),
  })
  .meta({ id: "StockMove" });

export const stockLedgerSchema = pageOf(stockMoveSchema)
  .extend({ stock: z.int().nullable().meta({ description: "Units on hand now" }) })
  .meta({ id: "StockLedger" });

export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export type AdminProduct = z.infer<typeof adminProductSchema>;
export type BulkResult = z.infer<typeof bulkResultSchema>;
export type StockMove = z.infer<typeof stockMoveSchema>;
export type StockLedger = z.infer<typeof stockLedgerSchema>;
