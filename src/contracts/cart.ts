import type { cartInfoSchema } from "./answers/cart";
import type { Availability } from "./availability";
import { PRODUCT_KINDS, type ProductKind } from "./catalog";
import { type DeliveryZone, findDistrict } from "./districts";
import { z } from "./zod";

/** What is being added: the product as its page shows it (prices in poisha, for the analytics event). */
export type CartItem = {
  id: number;
  kind: ProductKind;
  title: string;
  price?: number;
  salePrice?: number | null;
};

// In catalog.ts, which has no zod: a product page needs them, and this module's schemas would
// bring zod (26 KB gzipped) to it.
export { DIGITAL_KINDS, isDigitalKind } from "./catalog";

/**
 * Stationery delivery, 40 taka in Dhaka and 60 elsewhere (in poisha); it applies only to a cart of
 * stationery alone (type `stationary`).
 */
export const STATIONERY_DELIVERY = { dhaka: 4_000, outside: 6_000 } as const;

/** Most of one item a cart line may hold, stock permitting. */
export const MAX_LINE_QUANTITY = 100;

/** Where an add came from when the client says nothing: the page names are lower-case words. */
export const DEFAULT_SOURCE = "website";

/** A wrong type's message; a missing value keeps the shared "Required". */
const typeError = (message: string) => ({
  error: (i: { input?: unknown }) => (i.input === undefined ? undefined : message),
});

const wholeId = (name: string) =>
  z
    .number(typeError(`${name} must be a number`))
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be a positive number` })
    .max(2_147_483_647, { error: `${name} is out of range` });

const quantityField = z
  .number(typeError("quantity must be a number"))
  .int({ error: "quantity must be a whole number" })
  .min(1, { error: "quantity must be at least 1" })
  .max(MAX_LINE_QUANTITY, { error: `quantity must be at most ${MAX_LINE_QUANTITY}` });

/**
 * The cart add payload: bookId (any product's id), quantity (default 1), source, type (default
 * 'book'). The source a browser sends is the page's name; a referral code comes from the `ref`
 * cookie on the server, so a client cannot claim one.
 */
export const cartAddSchema = z.object({
  bookId: wholeId("bookId"),
  quantity: quantityField.default(1),
  source: z
    .string(typeError("source must be text"))
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, { error: "source must be a page name (lower-case letters, digits, -)" })
    .default(DEFAULT_SOURCE),
  type: z.enum(PRODUCT_KINDS, { error: `type must be one of: ${PRODUCT_KINDS.join(", ")}` }).default("book"),
  addKey: z
    .string(typeError("addKey must be text"))
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "addKey must be 8 to 64 letters, digits, _ or -" })
    .optional()
    .meta({
      description:
        "Idempotency key of one tap on Add to cart: an add repeating the key of the line's last add changes nothing",
    }),
});
export type CartAddInput = z.input<typeof cartAddSchema>;

/** The cart quantity update payload: the line's id and the new quantity. */
export const cartQuantitySchema = z.object({ id: wholeId("id"), quantity: quantityField });

/** The cart removal payload: the line's id. */
export const cartLineSchema = z.object({ id: wholeId("id") });

/** The coupon payload: the code, compared upper-case. */
export const couponCodeSchema = z.object({
  code: z
    .string(typeError("code must be text"))
    .trim()
    .min(1, { error: /*i18n*/ "Enter a coupon code" })
    .max(40, { error: /*i18n*/ "A coupon code has at most 40 characters" })
    .transform((v) => v.toUpperCase()),
});

export const UNKNOWN_DISTRICT = /*i18n*/ "Choose one of the 64 districts of Bangladesh";

/** A district name (official or older spelling) read as its official name. */
export const districtField = z
  .string(typeError("district must be text"))
  .trim()
  .transform((v, ctx) => {
    const found = findDistrict(v);
    if (!found) {
      ctx.addIssue({ code: "custom", message: UNKNOWN_DISTRICT });
      return z.NEVER;
    }
    return found.name;
  })
  .meta({
    description:
      "One of the 64 districts of Bangladesh (official or older spelling, e.g. Chattogram or Chittagong)",
  });

/** `GET /api/cart/info?district=NAME`. */
export const cartInfoQuerySchema = z.object({ district: districtField.optional() });

/** A cart line priced, in poisha, as the cart service reads it. */
export type CartLineView = {
  id: number;
  kind: ProductKind;
  productId: number;
  title: string;
  image: string | null;
  url: string;
  /** The effective price: the sale price when it is lower. */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** This line's share of the coupon discount. */
  discount: number;
  source: string;
  /** How many the shopper may have: stock (capped at MAX_LINE_QUANTITY), 1 for digital kinds. */
  maxQuantity: number;
  /** When it comes: in stock, a pre-order, a back-order (contracts/availability.ts). */
  availability: Availability;
};

/** The cart, priced, in poisha. */
export type CartView = {
  cartId: number | null;
  qty: number;
  totalPrice: number;
  discountedAmount: number;
  deliveryCharges: number;
  netPrice: number;
  isStationary: boolean;
  district: string;
  zone: DeliveryZone;
  /** The attached coupon; `applied` false with the reason when it does not qualify now. */
  coupon: { id: number; code: string; applied: boolean; message: string | null } | null;
  lines: CartLineView[];
};

/**
 * GET /api/cart/info's data: the summary fields (qty, totalPrice, discountedAmount, netPrice,
 * deliveryCharges, couponId, joiningId, isStationary) plus the lines, money in poisha.
 */
export type CartInfo = z.infer<typeof cartInfoSchema>;

/** The API's shape of a priced cart (the specification's names; money in poisha). */
export function toCartInfo(v: CartView): CartInfo {
  return {
    qty: v.qty,
    totalPrice: v.totalPrice,
    discountedAmount: v.discountedAmount,
    netPrice: v.netPrice,
    deliveryCharges: v.deliveryCharges,
    couponId: v.coupon?.applied ? v.coupon.id : null,
    joiningId: v.cartId,
    isStationary: v.isStationary,
    district: v.district,
    zone: v.zone,
    couponCode: v.coupon?.code ?? null,
    ...(v.coupon && !v.coupon.applied && v.coupon.message ? { couponMessage: v.coupon.message } : {}),
    lines: v.lines.map((l) => ({
      id: l.id,
      type: l.kind,
      productId: l.productId,
      title: l.title,
      image: l.image,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      source: l.source,
      url: l.url,
      maxQuantity: l.maxQuantity,
      availability: l.availability,
    })),
  };
}
