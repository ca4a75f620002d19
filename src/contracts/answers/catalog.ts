/**
 * What the API answers about the catalogue: cards, product pages, authors, search, reviews, "Notify me".
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */

import { CHAPTER_KINDS, PRODUCT_KINDS, TRACKS } from "../enums";
import { z } from "../zod";
import { availabilitySchema } from "./availability";
import { isoTime, pageOf, poisha } from "./shared";

// ---- catalogue

export const authorRefSchema = z
  .object({ name: z.string(), nameBn: z.string().nullable(), slug: z.string() })
  .meta({ id: "AuthorRef" });

export const productCardSchema = z
  .object({
    id: z.int(),
    kind: z.enum(PRODUCT_KINDS),
    slug: z.string(),
    title: z.string(),
    titleBn: z.string().nullable(),
    price: poisha("The regular price"),
    salePrice: poisha("The sale price (null unless it is set and below the price)").nullable(),
    inStock: z.boolean().meta({ description: "Units on hand now (digital kinds: always)" }),
    availability: availabilitySchema,
    image: z.string().nullable().meta({ description: "Storage key of the cover, or null" }),
    authors: z.array(authorRefSchema),
    rating: z.object({ average: z.number().nullable(), count: z.int() }),
    url: z.string().meta({ description: "The product's page in the shop" }),
  })
  .meta({ id: "ProductCard" });

export const productPageSchema = pageOf(productCardSchema).meta({ id: "ProductPage" });

export const searchPageSchema = pageOf(productCardSchema)
  .extend({
    searchedFor: z.string().optional().meta({
      description:
        "Set when the words as typed found nothing and typos were corrected: what was searched for instead (“Did you mean …”)",
    }),
  })
  .meta({ id: "SearchPage" });

export const chapterSchema = z
  .object({
    id: z.int(),
    position: z.int(),
    title: z.string(),
    kind: z.enum(CHAPTER_KINDS),
    isFree: z.boolean(),
    body: z.string().nullable().meta({
      description:
        "Free text chapters' Markdown and free videos' links; null otherwise (PDF chapters open in the reader)",
    }),
  })
  .meta({ id: "Chapter" });

export const productDetailSchema = productCardSchema
  .extend({
    description: z.string(),
    tracks: z.array(z.enum(TRACKS)),
    hscYear: z.int().nullable(),
    language: z.string(),
    stock: z.int().nullable(),
    book: z
      .object({
        publisher: z.string().nullable(),
        edition: z.string().nullable(),
        isbn: z.string().nullable(),
        pages: z.int().nullable(),
        ebookId: z.int().nullable().meta({ description: "The published e-book of this book, if any" }),
      })
      .optional(),
    ebook: z
      .object({
        pageCount: z.int(),
        demoPages: z.array(z.int()).meta({ description: "The free preview's pages, 1-based" }),
        book: productCardSchema.nullable(),
      })
      .optional(),
    bundle: z
      .object({
        items: z.array(productCardSchema.extend({ quantity: z.int() })),
        itemsTotal: poisha("The items bought separately, at their effective prices"),
        saving: poisha("What the bundle saves against its items (never below 0)"),
      })
      .optional(),
    stationery: z
      .object({ brand: z.string().nullable(), category: z.string(), images: z.array(z.string()) })
      .optional(),
    content: z.object({ chapters: z.array(chapterSchema) }).optional(),
    related: z.array(productCardSchema),
  })
  .meta({ id: "ProductDetail" });

export const authorSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    nameBn: z.string().nullable(),
    bio: z.string().nullable(),
    photo: z.string().nullable(),
    products: productPageSchema,
  })
  .meta({ id: "Author" });

// ---- reviews

export const reviewAnswerSchema = z
  .object({
    id: z.int(),
    rating: z.int().min(1).max(5),
    text: z.string(),
    author: z.string().meta({ description: "The reviewer's first name and an initial" }),
    verifiedPurchase: z.boolean(),
    mine: z.boolean(),
    createdAt: isoTime(),
    updatedAt: isoTime(),
  })
  .meta({ id: "Review" });

export const reviewPageSchema = pageOf(reviewAnswerSchema).meta({ id: "ReviewPage" });

export const reviewVisibilitySchema = z
  .object({ id: z.int(), hidden: z.boolean() })
  .meta({ id: "ReviewVisibility" });

// ---- stock alerts ("Notify me")

export const stockAlertStateSchema = z
  .object({ productId: z.int(), subscribed: z.boolean() })
  .meta({ id: "StockAlertState" });
