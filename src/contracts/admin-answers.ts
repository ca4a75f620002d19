/** What the admin API answers (decision 23), as zod schemas; see answers.ts for the shop's. */
import { isoTime, pageOf, poisha } from "./answers";
import { PRODUCT_KINDS, TRACKS } from "./catalog";
import { STOCK_REASONS } from "./stock";
import { z } from "./zod";

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
