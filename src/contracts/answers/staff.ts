/**
 * What the rest of the back office answers: accounts, info pages, search, the pricing playground.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */
import { PRODUCT_KINDS, ROLES } from "../enums";
import { ORDER_STATUSES } from "../order-status";
import { z } from "../zod";
import { isoTime, pageOf, poisha } from "./shared";

// ---- back office: accounts and the info pages

export const adminUserSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: "Local form 01XXXXXXXXX" }),
    email: z.string().nullable(),
    hscBatch: z.string().nullable(),
    phoneVerified: z.boolean(),
    role: z.enum(ROLES),
    permissions: z
      .array(z.string())
      .meta({ description: "Admin areas a staff member may use; empty for admins, who may use all" }),
    blockedAt: isoTime().nullable().meta({
      description: "When staff blocked the account (it cannot sign in); null when it is not blocked",
    }),
    createdAt: isoTime(),
  })
  .meta({ id: "AdminUser" });

export const adminUserPageSchema = pageOf(adminUserSchema).meta({ id: "AdminUserPage" });

export const adminUserDetailSchema = z
  .object({
    user: adminUserSchema,
    orders: z
      .array(
        z.object({
          id: z.int(),
          number: z.string(),
          status: z.enum(ORDER_STATUSES),
          total: poisha("What the order came to"),
          createdAt: isoTime(),
        }),
      )
      .meta({ description: "The account's orders, newest first (at most 100)" }),
    orderCount: z.int().meta({ description: "How many orders the account has placed in all" }),
    owned: z
      .array(
        z.object({
          productId: z.int(),
          kind: z.enum(PRODUCT_KINDS),
          title: z.string(),
          orderId: z.int().meta({ description: "The order that granted it" }),
          grantedAt: isoTime(),
        }),
      )
      .meta({ description: "The e-books and courses the account owns" }),
  })
  .meta({ id: "AdminUserDetail" });

export const adminInfoPageSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    body: z.string().meta({ description: "Markdown, as staff wrote it" }),
    version: z.int().meta({ description: "Send it back with an edit; a stale one is refused with 409" }),
    updatedAt: isoTime(),
  })
  .meta({ id: "AdminInfoPage" });

export const adminInfoPageListSchema = z
  .object({
    items: z.array(adminInfoPageSchema.omit({ body: true })),
  })
  .meta({ id: "AdminInfoPageList" });

export const renderedMarkdownSchema = z
  .object({
    html: z.string().meta({ description: "The Markdown rendered and sanitised, as the shop shows it" }),
  })
  .meta({ id: "RenderedMarkdown" });

// ---- admin search and pricing playground

const searchHitSchema = z
  .object({
    id: z.int(),
    label: z
      .string()
      .meta({ description: "What the hit is called: the order number, the account's name, the title" }),
    detail: z
      .string()
      .meta({ description: "A line that tells similar hits apart (buyer, phone, status, kind…)" }),
    url: z.string().meta({ description: "Its page in the back office" }),
    exact: z.boolean().meta({
      description: "An exact match (number, phone, email, ISBN, consignment, invoice): listed first",
    }),
  })
  .meta({ id: "AdminSearchHit" });

const searchGroup = (what: string, area: string) =>
  z
    .array(searchHitSchema)
    .nullable()
    .meta({ description: `${what}, exact matches first; null for staff without ${area}` });

export const adminSearchSchema = z
  .object({
    q: z.string().meta({ description: "The search as read (trimmed)" }),
    orders: searchGroup(
      "Orders by number, buyer's phone (typed any way) or name, invoice number, consignment",
      "`orders`",
    ),
    users: searchGroup("Accounts by phone (typed any way), email or name", "`users`"),
    products: searchGroup(
      "Products by title, Bangla title, author or ISBN, of the kinds the caller's areas hold",
      "any product area",
    ),
  })
  .meta({ id: "AdminSearch" });

export const playgroundPriceSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.enum(PRODUCT_KINDS),
        title: z.string(),
        url: z.string().meta({ description: "The product's page in the back office" }),
        unitPrice: poisha("The effective price of one (the sale price when it is lower)"),
        quantity: z.int(),
        lineTotal: poisha("The line before the coupon"),
        discount: poisha("This line's share of the coupon's discount"),
        maxQuantity: z.int().meta({ description: "How many a shopper may put in the cart now (stock)" }),
        note: z
          .string()
          .nullable()
          .meta({ description: "What the cart would say about this line (e.g. not that many in stock)" }),
      }),
    ),
    qty: z.int().meta({ description: "Units" }),
    subtotal: poisha("The lines before the coupon"),
    discount: poisha("The coupon's discount"),
    delivery: poisha("Delivery"),
    total: poisha("What the customer would be charged"),
    district: z.string(),
    zone: z.enum(["dhaka", "outside"]),
    coupon: z
      .object({
        code: z.string(),
        applied: z.boolean(),
        message: z
          .string()
          .nullable()
          .meta({ description: "Why it takes nothing off, in the customer's words" }),
      })
      .nullable(),
    user: z
      .object({
        id: z.int(),
        name: z.string().nullable().meta({ description: "Only to staff holding `users`; null otherwise" }),
        phone: z.string().nullable().meta({ description: "Only to staff holding `users`; null otherwise" }),
      })
      .nullable()
      .meta({ description: "The customer priced for (their own coupon uses count); null for any customer" }),
  })
  .meta({ id: "PlaygroundPrice" });
