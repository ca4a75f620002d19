/**
 * One order in the back office (`/admin/orders/{id}`): what staff may send about it (the address,
 * an internal note, the cash-on-delivery phone check, a refund, a refund owed becoming paid) and
 * what the page reads (`AdminOrder`). Money in poisha (decision 22); the money model is decision 29.
 */

import { versionField } from "./admin";
import type {
  adminOrderSchema,
  creditNoteSnapshotSchema,
  orderNoteAnswerSchema,
  refundAnswerSchema,
} from "./answers/staff-orders";
import { districtField } from "./cart";
import { REFUND_METHODS, type RefundMethod } from "./enums-orders";
import type { OrderStatus } from "./order-status";
import { z } from "./zod";

export { REFUND_METHODS, type RefundMethod };

const REFUND_METHOD_WORDS: Record<RefundMethod, string> = {
  bkash: "bKash",
  nagad: "Nagad",
  rocket: "Rocket",
  bank: /*i18n*/ "Bank transfer",
  card: /*i18n*/ "Card (through the gateway)",
  cash: /*i18n*/ "Cash",
  store_credit: /*i18n*/ "Store credit",
};

/** "bKash" for `bkash`; an unknown method as it is stored. */
export function describeRefundMethod(method: string): string {
  return REFUND_METHOD_WORDS[method as RefundMethod] ?? method;
}

/** Statuses in which the delivery address may still change: the parcel has not left. */
export const ADDRESS_EDITABLE_STATUSES: readonly OrderStatus[] = [
  "pending_payment",
  "payment_failed",
  "confirmed",
  "processing",
];

/** The one status in which a cash-on-delivery order is phone-checked: confirmed, before packing. */
export const COD_CHECK_STATUS: OrderStatus = "confirmed";

export const COD_CHECKS = ["confirmed", "unreachable"] as const;
export type CodCheck = (typeof COD_CHECKS)[number];

/** Text a database and its audit log can store: no half of a UTF-16 surrogate pair. */
const storable = (v: string | null | undefined) => !v || !/\p{Cs}/u.test(v);
const NOT_STORABLE = { error: "Has a character that cannot be stored" };

const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required`, abort: true })
    .min(min, { error: `${what} must have at least ${min} characters`, abort: true })
    .max(max, { error: `${what} must have at most ${max} characters` })
    .refine(storable, NOT_STORABLE);

/**
 * `PATCH /api/admin/orders/{id}`: the delivery address, with the `version` the edit started from.
 * The delivery charge is not priced again: the order keeps what the buyer was charged.
 */
export const orderAddressSchema = z.object({
  district: districtField,
  area: text("Area", 2, 80),
  address: text("Address", 5, 300),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: "A note has at most 500 characters" })
    .refine(storable, NOT_STORABLE)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  version: versionField,
});
export type OrderAddressInput = z.input<typeof orderAddressSchema>;

/** `POST /api/admin/orders/{id}/notes`: an internal note, never shown to the buyer. */
export const orderNoteSchema = z.object({
  body: text("The note", 1, 2000),
});
export type OrderNoteInput = z.input<typeof orderNoteSchema>;

/** `POST /api/admin/orders/{id}/cod-check`: whether the buyer of a cash-on-delivery order answered. */
export const codCheckSchema = z.object({
  result: z.enum(COD_CHECKS, { error: `result must be one of ${COD_CHECKS.join(", ")}` }),
});
export type CodCheckInput = z.input<typeof codCheckSchema>;

/** A refund's amount: whole poisha, more than nothing. */
const refundAmount = z
  .number({ error: "The amount must be a number" })
  .int({ error: "The amount is in whole poisha" })
  .positive({ error: "The amount must be more than nothing" })
  .max(2_147_483_647, { error: "The amount is out of range" });

const reference = z
  .string({ error: "reference must be text" })
  .trim()
  .max(100, { error: "A reference has at most 100 characters" })
  .refine(storable, NOT_STORABLE)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/**
 * `POST /api/admin/orders/{id}/refunds`: at most the money the shop has for the order. With
 * `gateway` it goes back through the gateway the order was paid at (its refund API; the method is
 * the gateway's); otherwise `paid` when the money has already been sent (with its reference), or
 * recorded as owed.
 */
export const refundSchema = z
  .object({
    amount: refundAmount,
    method: z
      .enum(REFUND_METHODS, { error: `method must be one of ${REFUND_METHODS.join(", ")}` })
      .optional(),
    reason: text("The reason", 1, 500),
    reference,
    paid: z.boolean({ error: "paid must be true or false" }).default(false),
    gateway: z
      .boolean({ error: "gateway must be true or false" })
      .default(false)
      .meta({ description: "Refund through the gateway the order was paid at" }),
  })
  .superRefine((v, c) => {
    if (!v.gateway && !v.method) {
      c.addIssue({
        code: "custom",
        path: ["method"],
        message: `method must be one of ${REFUND_METHODS.join(", ")}`,
      });
    }
    if (v.gateway && v.paid) {
      c.addIssue({
        code: "custom",
        path: ["paid"],
        message: "A refund through the gateway is paid when the gateway says so",
      });
    }
  });
export type RefundInput = z.input<typeof refundSchema>;

/** `PATCH /api/admin/refunds/{id}`: an owed refund has been sent to the buyer. */
export const refundPaidSchema = z.object({
  status: z.literal("paid", { error: 'status must be "paid"' }),
  reference,
  method: z
    .enum(REFUND_METHODS, { error: `method must be one of ${REFUND_METHODS.join(", ")}` })
    .optional()
    .meta({ description: "How it was sent, when not the way it was recorded" }),
  version: versionField,
});
export type RefundPaidInput = z.input<typeof refundPaidSchema>;

/** `POST /api/admin/refunds/{id}/retry`: a failed refund through the gateway is sent again. */
export const refundRetrySchema = z.object({ version: versionField });
export type RefundRetryInput = z.input<typeof refundRetrySchema>;

/** Why a refund is refused when the shop never took the order's money. */
export const CASH_NEVER_TAKEN = "cash never taken: cancel the order instead";

export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type OrderNoteView = z.infer<typeof orderNoteAnswerSchema>;
export type RefundView = z.infer<typeof refundAnswerSchema>;
export type CreditNoteSnapshot = z.infer<typeof creditNoteSnapshotSchema>;
