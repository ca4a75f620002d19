/**
 * Orders taken by phone (`/admin/orders/new`, `/api/admin/orders/new/...`): the clerk finds the
 * customer by phone (or names a new one), picks products, the address, a coupon and how the buyer
 * pays, sees the totals as the buyer will be charged, and places the order. The same checkout
 * places it (services/cart/checkout.ts); an order taken so has the source "phone".
 */
import { phoneField } from "./auth";
import { MAX_LINE_QUANTITY } from "./cart";
import { CART_KEY_PATTERN } from "./cart-key";
import { checkoutSchema, deliveryAddressFields } from "./checkout";
import { z } from "./zod";

/** The source of an order a clerk took by phone (the orders list and the report by source). */
export const PHONE_SOURCE = "phone";

/** At most this many products in one phone order. */
export const MAX_PHONE_ORDER_LINES = 30;

/** The phone order's totals no longer hold: a price, the stock or the coupon moved since they were shown. */
export const PHONE_ORDER_CHANGED =
  /*i18n*/ "The prices, stock or coupon changed since the totals were shown. Check the new totals, then place the order again.";

export const ADD_A_PRODUCT = /*i18n*/ "Add at least one product";
export const EACH_PRODUCT_ONCE = /*i18n*/ "Each product once: change its quantity instead";

const typeError = (message: string) => ({
  error: (i: { input?: unknown }) => (i.input === undefined ? undefined : message),
});

const lineSchema = z.object({
  productId: z
    .number(typeError("productId must be a number"))
    .int({ error: "productId must be a whole number" })
    .positive({ error: "productId must be a positive number" })
    .max(2_147_483_647, { error: "productId is out of range" }),
  quantity: z
    .number(typeError("quantity must be a number"))
    .int({ error: "quantity must be a whole number" })
    .min(1, { error: "quantity must be at least 1" })
    .max(MAX_LINE_QUANTITY, { error: `quantity must be at most ${MAX_LINE_QUANTITY}` }),
});

const linesField = z
  .array(lineSchema, { error: "lines must be a list of products and quantities" })
  .min(1, { error: ADD_A_PRODUCT })
  .max(MAX_PHONE_ORDER_LINES, { error: `At most ${MAX_PHONE_ORDER_LINES} products in one order` })
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
    error: EACH_PRODUCT_ONCE,
  });

const couponCodeField = z
  .string(typeError("couponCode must be text"))
  .trim()
  .max(40, { error: /*i18n*/ "A coupon code has at most 40 characters" })
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

/** `GET /api/admin/orders/new/customer?phone=`: the account a phone number belongs to. */
export const phoneCustomerQuery = z.object({ phone: phoneField });

/** `GET /api/admin/orders/new/products?q=`: products to add, found as the back office's search finds them. */
export const phoneProductsQuery = z.object({
  q: z
    .string({ error: /*i18n*/ "Type a title, author or ISBN" })
    .trim()
    .min(2, { error: /*i18n*/ "Type at least 2 characters" })
    .max(100, { error: "The search is at most 100 characters" }),
});

/**
 * `POST /api/admin/orders/new/quote`: the totals of the lines as the buyer would be charged now,
 * for the customer with this phone (their coupon uses count) and delivery to this district.
 */
export const phoneOrderQuoteSchema = z.object({
  phone: phoneField.optional(),
  lines: linesField,
  district: deliveryAddressFields.district.optional(),
  couponCode: couponCodeField,
});
export type PhoneOrderQuoteInput = z.input<typeof phoneOrderQuoteSchema>;

/**
 * `POST /api/admin/orders/new`: the checkout's fields (who receives it, where, how they pay) with
 * the lines, the coupon, the key of the totals the clerk was shown, and the page's key that places
 * the order once however often it is sent.
 */
export const phoneOrderSchema = checkoutSchema.extend({
  lines: linesField,
  couponCode: couponCodeField,
  cartKey: z
    .string({ error: /*i18n*/ "Show the totals before placing the order" })
    .regex(CART_KEY_PATTERN, { error: "cartKey must be 16 hexadecimal digits" })
    .meta({
      description:
        "The key of the totals the clerk was shown (the quote's `cartKey`): other lines, prices or coupon now are refused with 409",
    }),
  placeKey: z
    .string({ error: "placeKey is required" })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "placeKey must be 16 to 64 letters, digits, _ or -" })
    .meta({
      description:
        "Idempotency key made once by the clerk's page: the same key sent again answers with the order it placed",
    }),
});
export type PhoneOrderInput = z.input<typeof phoneOrderSchema>;

/** The pay link's address parameters: `/pay/{number}/{key}`. */
export const payLinkParams = z.object({
  number: z.string().regex(/^\d{1,20}$/, { error: "number must be an order number" }),
  key: z.string().regex(/^[A-Za-z0-9_-]{16}$/, { error: "key must be the link's 16 characters" }),
});
