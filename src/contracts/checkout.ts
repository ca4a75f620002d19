import type {
  checkoutResultSchema,
  orderDetailSchema,
  orderViewSchema,
  reorderResultSchema,
} from "./answers/orders";
import { phoneField } from "./auth";
import { districtField } from "./cart";
import { CART_KEY_PATTERN } from "./cart-key";
import { PAYMENT_METHODS, type PaymentMethod } from "./enums-orders";
import { z } from "./zod";

export { PAYMENT_METHODS, type PaymentMethod };

/**
 * How long an unpaid gateway order holds its stock and coupon use, counted from when it is placed.
 * Paying again does not move that time; see `payAgain` for the one further window an order may get.
 */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/** A retry ("pay now") with less than this left of the first window starts the order's second one. */
export const PAYMENT_RETRY_MIN_MS = 10 * 60 * 1000;

/** At most this many of one account's orders wait for an online payment at once. */
export const MAX_UNPAID_ORDERS = 3;

/** At most this many printed items are held, across one account's orders waiting for payment. */
export const MAX_UNPAID_UNITS = 20;

/**
 * The pay-by time that paying an unpaid order again at `now` gives it, or null when its time to
 * pay has run out. The first window runs PAYMENT_WINDOW_MS from placing, and a retry never moves
 * it. A retry with less than PAYMENT_RETRY_MIN_MS of it left, or after it (a failed payment tried
 * again later), starts the order's second and last window, PAYMENT_WINDOW_MS from that retry; a
 * retry within the second keeps its end. `reservedUntil` is the order's current pay-by time.
 */
export function payByAfterRetry(
  order: { createdAt: Date; reservedUntil: Date | null },
  now: Date,
): Date | null {
  const firstEnd = order.createdAt.getTime() + PAYMENT_WINDOW_MS;
  const payBy = order.reservedUntil?.getTime() ?? firstEnd;
  if (payBy > firstEnd) return now.getTime() < payBy ? new Date(payBy) : null;
  if (payBy - now.getTime() >= PAYMENT_RETRY_MIN_MS) return new Date(payBy);
  return new Date(now.getTime() + PAYMENT_WINDOW_MS);
}

const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required`, abort: true })
    .min(min, { error: `${what} must have at least ${min} characters`, abort: true })
    .max(max, { error: `${what} must have at most ${max} characters` });

/** Where a parcel goes: required when the cart holds anything printed. */
export const deliveryAddressFields = {
  district: districtField,
  area: text(/*i18n*/ "Area", 2, 80),
  address: text(/*i18n*/ "Address", 5, 300),
};

/** Who receives the order. */
export const recipientFields = { name: text(/*i18n*/ "Name", 2, 80), phone: phoneField };

/** How an order with waiting lines ships (`orders.wait_shipping`). */
export const WAIT_SHIPPING = ["split", "together"] as const;
export type WaitShipping = (typeof WAIT_SHIPPING)[number];

/**
 * `POST /api/checkout`: who buys, where to deliver and how to pay. The address (district, area,
 * address) may be left out for a cart of e-books and courses only; the server refuses a cart with
 * anything printed without it, field by field (`shippingCheckoutSchema`).
 */
export const checkoutSchema = z.object({
  ...recipientFields,
  district: deliveryAddressFields.district.optional(),
  area: deliveryAddressFields.area.optional(),
  address: deliveryAddressFields.address.optional(),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: /*i18n*/ "A note has at most 500 characters" })
    .optional()
    .transform((v) => (v ? v : undefined)),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: /*i18n*/ "Choose online payment or cash on delivery" }),
  useStoreCredit: z
    .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", ""])], {
      error: "useStoreCredit must be true or false",
    })
    .optional()
    .transform((v) => v === true || v === "on" || v === "true" || v === "1")
    .meta({
      description:
        "Spend the buyer's store credit on the order (decision 71): as much as it holds, never more than the total; what is left is paid online or on delivery, and an order it covers whole needs no payment",
    }),
  cartKey: z
    .string({ error: "cartKey must be text" })
    .regex(CART_KEY_PATTERN, { error: "cartKey must be 16 hexadecimal digits" })
    .optional()
    .meta({
      description:
        "The cart as the page showed it (contracts/cart-key.ts): a cart changed since is refused with 409, and a cart this key already placed answers with that order",
    }),
  waitShipping: z
    .enum(WAIT_SHIPPING, { error: /*i18n*/ "Choose to ship what is available now, or all together" })
    .optional()
    .meta({
      description:
        "A cart mixing pre-ordered (or back-ordered) and available items: ship what is available now and the rest when it comes (two parcels, the default), or wait and ship all together",
    }),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** Cash on delivery refused for a pre-order staff set to online payment only. */
export const PREORDER_ONLINE_ONLY =
  /*i18n*/ "A pre-order in your cart is paid online only: choose online payment, or remove it to pay on delivery";

/** A checkout whose page showed another cart than the one there is now (`cartKey`). */
export const CART_CHANGED =
  /*i18n*/ "Your cart has changed since this page was opened (in another tab or window). Check the order summary, then place your order again.";

/** A replayed checkout (`cartKey`) finds the order this cart became up to this long after. */
export const PLACED_ONCE_WINDOW_MS = 30 * 60 * 1000;

/** The checkout of a cart with printed items: the address is required. */
export const shippingCheckoutSchema = checkoutSchema.extend(deliveryAddressFields);

/** The answer to a placed order; `redirectUrl` is the gateway's page (absent for cash on delivery). */
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** An order as its buyer sees it; money in poisha. */
export type OrderView = z.infer<typeof orderViewSchema>;
/** One of the buyer's orders whole, for its page `/orders/{id}`. */
export type OrderDetail = z.infer<typeof orderDetailSchema>;
/** What "Buy again" put in the cart from an order, and what it left out. */
export type ReorderResult = z.infer<typeof reorderResultSchema>;
