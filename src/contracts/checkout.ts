import type { checkoutResultSchema, orderViewSchema } from "./answers";
import { phoneField } from "./auth";
import { districtField } from "./cart";
import { z } from "./zod";

export const PAYMENT_METHODS = ["gateway", "cod"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How long an unpaid gateway order holds its stock and coupon use. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required`, abort: true })
    .min(min, { error: `${what} must have at least ${min} characters`, abort: true })
    .max(max, { error: `${what} must have at most ${max} characters` });

/** `POST /api/checkout`: where to deliver and how to pay. */
export const checkoutSchema = z.object({
  name: text("Name", 2, 80),
  phone: phoneField,
  district: districtField,
  area: text("Area", 2, 80),
  address: text("Address", 5, 300),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: "A note has at most 500 characters" })
    .optional()
    .transform((v) => (v ? v : undefined)),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "Choose online payment or cash on delivery" }),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** The answer to a placed order; `redirectUrl` is the gateway's page (absent for cash on delivery). */
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** An order as its buyer sees it; money in poisha. */
export type OrderView = z.infer<typeof orderViewSchema>;
