/**
 * The invoices area of the back office: the invoice list and page (an invoice never changes; its
 * credit notes are listed under it) and the couriers' cash-on-delivery remittances.
 */
import { adminListQuery } from "./admin";
import { creditNoteLineSchema, invoiceSnapshotSchema } from "./answers/orders";
import { isoTime, pageOf, poisha } from "./answers/shared";
import { isRealDay } from "./sales";
import { z } from "./zod";

export const INVOICE_STATES = ["paid", "due", "credited"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  paid: /*i18n*/ "Paid",
  due: /*i18n*/ "Due",
  credited: /*i18n*/ "Credited",
};

const day = (name: string) =>
  z
    .string()
    .refine(isRealDay, { error: `${name} must be a day written YYYY-MM-DD` })
    .optional();

export const INVOICE_SORTS = ["issuedAt", "number", "total"] as const;

export const adminInvoicesQuery = adminListQuery(INVOICE_SORTS, "-issuedAt")
  .extend({
    from: day("from"),
    to: day("to"),
    paymentMethod: z.enum(["gateway", "cod"], { error: "paymentMethod must be gateway or cod" }).optional(),
    state: z.enum(INVOICE_STATES, { error: "state must be paid, due or credited" }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: "from must be on or before to",
    path: ["from"],
  });
export type AdminInvoicesQuery = z.infer<typeof adminInvoicesQuery>;

export const adminInvoiceRowSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    issuedAt: isoTime(),
    orderId: z.int(),
    orderNumber: z.string(),
    buyerName: z.string(),
    buyerPhone: z.string(),
    paymentMethod: z.enum(["gateway", "cod"]),
    total: poisha("The invoice's total"),
    paidOnline: poisha("Collected online for the order"),
    cashCollected: poisha("Cash on delivery the courier took"),
    credited: poisha("Credit notes against the invoice"),
    refundsPaid: poisha("Refunds paid to the buyer"),
    due: poisha("What the buyer still owes (never below 0)"),
    state: z.enum(INVOICE_STATES).meta({
      description: "credited: credit notes cover the whole total; due: the buyer still owes; paid: otherwise",
    }),
  })
  .meta({ id: "AdminInvoiceRow" });

export const adminInvoicePageSchema = pageOf(adminInvoiceRowSchema).meta({ id: "AdminInvoicePage" });

export const invoicePaymentLineSchema = z.object({
  kind: z.enum(["online", "cod", "refund"]),
  at: isoTime(),
  amount: poisha("The payment"),
  reference: z
    .string()
    .meta({ description: "The gateway's transaction, the consignment, or the refund's reference" }),
  detail: z.string().nullable(),
});

export const adminInvoiceDetailSchema = z
  .object({
    id: z.int(),
    orderId: z.int(),
    orderStatus: z.string(),
    snapshot: invoiceSnapshotSchema,
    row: adminInvoiceRowSchema,
    creditNotes: z.array(creditNoteLineSchema),
    payments: z
      .array(invoicePaymentLineSchema)
      .meta({ description: "Money in and out for the order, oldest first" }),
    refundsOwed: poisha("Refunds recorded and not yet paid"),
  })
  .meta({ id: "AdminInvoiceDetail" });

export type AdminInvoiceRow = z.infer<typeof adminInvoiceRowSchema>;
export type AdminInvoiceDetail = z.infer<typeof adminInvoiceDetailSchema>;
export type CreditNoteLine = z.infer<typeof creditNoteLineSchema>;

// ---------------------------------------------------------------- COD remittances

export const codRemittanceSchema = z.object({
  courier: z
    .string({ error: "courier must be text" })
    .trim()
    .min(1, { error: "Name the courier that paid" })
    .max(40, { error: "A courier name has at most 40 characters" }),
  orderIds: z
    .array(z.number().int().positive().max(2_147_483_647), { error: "orderIds must be a list of order ids" })
    .min(1, { error: "Choose at least one order" })
    .max(500, { error: "At most 500 orders in one remittance" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "An order is listed twice" }),
  reference: z
    .string({ error: "reference must be text" })
    .trim()
    .max(100, { error: "The reference has at most 100 characters" })
    .optional()
    .transform((v) => v || undefined),
  receivedAt: z.iso
    .datetime({ offset: true, error: "receivedAt must be a time such as 2026-03-05T10:00:00+06:00" })
    .optional(),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: "The note has at most 500 characters" })
    .optional()
    .transform((v) => v || undefined),
});
export type CodRemittanceInput = z.input<typeof codRemittanceSchema>;

/**
 * The form recording a courier's payment (the orders are ticked beside it): the reference, and
 * the Dhaka day the cash came as `receivedAt`, so the API's field messages land on the field.
 */
export const codRemittanceFormSchema = z.object({
  reference: codRemittanceSchema.shape.reference,
  receivedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Choose the day the cash came" }),
});

export const codOutstandingOrderSchema = z.object({
  id: z.int(),
  number: z.string(),
  buyerName: z.string(),
  consignment: z.string().nullable(),
  deliveredAt: isoTime(),
  total: poisha("The cash the courier took"),
});

export const codOutstandingSchema = z
  .object({
    couriers: z.array(
      z.object({
        courier: z.string(),
        count: z.int(),
        total: poisha("The cash with this courier"),
        orders: z.array(codOutstandingOrderSchema).meta({ description: "Oldest delivery first" }),
      }),
    ),
    total: poisha("All cash still with couriers"),
  })
  .meta({ id: "CodOutstanding" });

export const codRemittanceRowSchema = z
  .object({
    id: z.int(),
    courier: z.string(),
    reference: z.string().nullable(),
    amount: poisha("The cash paid: the sum of its orders' totals"),
    note: z.string().nullable(),
    receivedAt: isoTime(),
    orderCount: z.int(),
    orderNumbers: z.array(z.string()),
    createdBy: z.string().nullable(),
  })
  .meta({ id: "CodRemittance" });

export const codRemittancePageSchema = pageOf(codRemittanceRowSchema).meta({ id: "CodRemittancePage" });

export const codRemittancesQuery = adminListQuery(["receivedAt", "amount"], "-receivedAt");

export type CodOutstanding = z.infer<typeof codOutstandingSchema>;
export type CodRemittanceRow = z.infer<typeof codRemittanceRowSchema>;
