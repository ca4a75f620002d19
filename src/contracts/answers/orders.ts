/**
 * What the API answers about orders, payments, invoices, tracking, referral sales and the library.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */

import { PAYMENT_METHODS, REFUND_METHODS } from "../enums-orders";
import { ORDER_STATUSES } from "../order-status";
import { SHIPMENT_STATUSES } from "../shipping";
import { z } from "../zod";
import { lineWaitSchema } from "./availability";
import { isoTime, poisha } from "./shared";
import { shipmentViewSchema } from "./shipments";

// ---- orders, payments and invoices

export const checkoutResultSchema = z
  .object({
    orderId: z.int(),
    orderNumber: z.string(),
    tranx: z.string().meta({ description: "Our id of the payment attempt" }),
    redirectUrl: z
      .string()
      .optional()
      .meta({ description: "The gateway's payment page; absent for cash on delivery" }),
  })
  .meta({ id: "CheckoutResult" });

export const orderViewSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    createdAt: isoTime(),
    confirmedAt: isoTime().nullable(),
    name: z.string(),
    phone: z.string(),
    district: z.string(),
    area: z.string(),
    address: z.string(),
    note: z.string().nullable(),
    subtotal: poisha("Lines"),
    discount: poisha("Coupon discount"),
    delivery: poisha("Delivery"),
    storeCredit: poisha(
      "Paid with store credit (decision 71): subtotal − discount + delivery − storeCredit = total",
    ),
    total: poisha("What is left to pay online or on delivery"),
    couponCode: z.string().nullable(),
    payBy: isoTime().nullable().meta({ description: "Until when an unpaid order waits for its payment" }),
    consignment: z.string().nullable(),
    invoiceId: z.int().nullable(),
    tranx: z.string().nullable().meta({ description: "The latest payment attempt's id of ours" }),
    canCancel: z.boolean(),
    canPay: z.boolean(),
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.string(),
        title: z.string(),
        image: z.string().nullable(),
        url: z.string(),
        unitPrice: poisha("One unit"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        wait: lineWaitSchema,
      }),
    ),
    waitShipping: z.enum(["split", "together"]).nullable().meta({
      description: "With lines that come later: ship the rest when it comes (split) or all together",
    }),
  })
  .meta({ id: "Order" });

/** `POST /api/orders/{id}/reorder`: what went into the cart from the order, and what did not. */
export const reorderResultSchema = z
  .object({
    added: z
      .array(z.object({ productId: z.int(), title: z.string(), quantity: z.int() }))
      .meta({ description: "The lines put in the cart, as many as were ordered" }),
    refused: z.array(z.object({ productId: z.int(), title: z.string(), message: z.string() })).meta({
      description: "The lines left out, with the cart's reason (no longer sold, out of stock, owned)",
    }),
  })
  .meta({ id: "Reorder" });

/** A credit note as its buyer sees it: the correction of the order's invoice (decision 64). */
export const creditNoteLineSchema = z
  .object({
    id: z.int(),
    number: z.string().meta({ description: "CN-YYYY-NNNNNN" }),
    issuedAt: isoTime(),
    amount: poisha("The credit"),
    reason: z.string(),
  })
  .meta({ id: "CreditNoteLine" });

export const ORDER_PAYMENT_KINDS = ["online", "cash", "store_credit"] as const;
export const ORDER_PAYMENT_STATES = ["started", "paid", "failed", "cancelled", "due"] as const;

/**
 * `GET /api/orders/{id}`: one of the caller's orders whole, for its page `/orders/{id}`: the
 * order's parcels with their tracking, its payments, its credit notes and refunds.
 */
export const orderDetailSchema = orderViewSchema
  .extend({
    shipments: z
      .array(shipmentViewSchema)
      .meta({ description: "The order's parcels (decision 73); none for e-books and courses alone" }),
    payments: z
      .array(
        z.object({
          kind: z.enum(ORDER_PAYMENT_KINDS),
          provider: z
            .string()
            .nullable()
            .meta({ description: "The gateway of an online attempt (sslcommerz, bkash, sandbox)" }),
          reference: z.string().nullable().meta({ description: "Our id of an online attempt (its tranx)" }),
          amount: poisha("The attempt's, the cash due or paid, or the store credit spent"),
          state: z.enum(ORDER_PAYMENT_STATES).meta({
            description:
              "An online attempt: started, paid, failed or cancelled; cash on delivery: due until the order is delivered, then paid",
          }),
          at: isoTime().meta({
            description: "When it was paid, else when it was started or the order placed",
          }),
        }),
      )
      .meta({ description: "Oldest first" }),
    creditNotes: z.array(creditNoteLineSchema),
    refunds: z
      .array(
        z.object({
          id: z.int(),
          amount: poisha("Given back"),
          method: z.enum(REFUND_METHODS).or(z.string()),
          status: z.enum(["owed", "paid", "pending", "failed"]),
          createdAt: isoTime(),
          paidAt: isoTime().nullable(),
        }),
      )
      .meta({ description: "Oldest first" }),
    deliveredAt: isoTime().nullable(),
  })
  .meta({ id: "OrderDetail" });

export const invoiceSnapshotSchema = z
  .object({
    number: z.string(),
    issuedAt: isoTime(),
    shop: z.object({
      name: z.string(),
      url: z.string().nullable(),
      legalName: z.string().optional().meta({ description: "The registered business name, when configured" }),
      address: z.string().optional(),
      phone: z.string().optional(),
      tradeLicence: z.string().optional(),
      bin: z.string().optional().meta({ description: "The BIN (VAT registration number), when configured" }),
    }),
    order: z.object({
      id: z.int(),
      number: z.string(),
      placedAt: isoTime(),
      paymentMethod: z.enum(PAYMENT_METHODS),
      couponCode: z.string().nullable(),
    }),
    buyer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
    deliverTo: z.object({ district: z.string(), area: z.string(), address: z.string() }),
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.string(),
        title: z.string(),
        unitPrice: poisha("One unit"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        discount: poisha("This line's share of the coupon"),
        vatRate: z.int().optional().meta({
          description: "VAT-registered shops: the line's VAT rate in basis points (1500 = 15%; 0 exempt)",
        }),
        vat: z
          .int()
          .optional()
          .meta({ description: "VAT-registered shops: the VAT inside what the line costs, in poisha" }),
      }),
    ),
    subtotal: poisha("Lines"),
    discount: poisha("Coupon discount"),
    delivery: poisha("Delivery"),
    storeCredit: poisha(
      "Paid with store credit (decision 71): subtotal − discount + delivery − storeCredit = total",
    )
      .optional()
      .meta({ description: "Present when the order spent store credit" }),
    total: poisha("Total paid"),
    vat: z
      .object({ total: z.int().meta({ description: "The VAT inside the lines, in poisha" }) })
      .optional()
      .meta({ description: "Present when the shop was VAT-registered at issue: a Mushak-6.3 tax invoice" }),
  })
  .meta({ id: "InvoiceSnapshot", description: "Frozen when the invoice is issued" });

export const invoiceViewSchema = z
  .object({
    id: z.int(),
    orderId: z.int(),
    snapshot: invoiceSnapshotSchema,
    creditNotes: z.array(creditNoteLineSchema).meta({
      description: "The credit notes that corrected it, oldest first (the invoice itself never changes)",
    }),
  })
  .meta({ id: "Invoice" });

export const PAYMENT_OUTCOMES = ["paid", "failed", "cancelled", "pending"] as const;

export const paymentNoticeAnswerSchema = z
  .object({
    status: z.enum(PAYMENT_OUTCOMES).meta({ description: "The payment as the gateway confirmed it" }),
  })
  .meta({ id: "PaymentNoticeAnswer" });
export type PaymentNoticeAnswer = z.infer<typeof paymentNoticeAnswerSchema>;

// ---- tracking, referrals, library

export const trackingViewSchema = z
  .object({
    consignment: z.string(),
    courier: z.string().nullable(),
    orderEnding: z.string().meta({ description: "The last digits of the order number, nothing more" }),
    district: z.string(),
    items: z.int(),
    status: z.enum(ORDER_STATUSES),
    statusText: z.string(),
    shipment: z.enum(SHIPMENT_STATUSES).nullable(),
    events: z
      .array(z.object({ status: z.string(), text: z.string(), at: isoTime() }))
      .meta({ description: "Oldest first; the last one is the current state" }),
    checkedAt: isoTime().nullable(),
    parcel: z
      .object({ seq: z.int(), of: z.int() })
      .nullable()
      .meta({ description: "Which parcel of the order this is, when it is sent in several" }),
  })
  .meta({ id: "Tracking" });

export const referralReportSchema = z
  .object({
    code: z.string(),
    shareUrl: z.string(),
    orders: z.int().meta({ description: "Bought orders only" }),
    amount: poisha("What the bought orders sold, after discounts, without delivery"),
    creditEarned: poisha(
      "Store credit the shares earned: friends whose first order was delivered (decision 71)",
    ),
    friendsRewarded: z
      .int()
      .meta({ description: "Friends whose first delivered order earned the caller credit" }),
    creditPerFriend: poisha(
      "What the shop gives now for each friend's first delivered order (0: no rewards)",
    ),
    months: z.array(
      z.object({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        orders: z.int(),
        amount: poisha("Sold that month"),
      }),
    ),
    recent: z.array(
      z.object({
        orderEnding: z.string(),
        placedAt: isoTime(),
        amount: poisha("Sold"),
        status: z.enum(ORDER_STATUSES),
        statusText: z.string(),
      }),
    ),
  })
  .meta({ id: "ReferralReport" });

export const libraryEbookSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    titleBn: z.string().nullable(),
    image: z.string().nullable(),
    pageCount: z.int().meta({ description: "0 when the file has not been counted" }),
    boughtAt: isoTime(),
    readUrl: z.string(),
    progress: z
      .object({
        page: z.int().meta({ description: "The page last read, 1-based" }),
        pageCount: z.int(),
        percent: z.int().meta({ description: "page of pageCount, 0 to 100" }),
        updatedAt: isoTime(),
      })
      .nullable()
      .meta({ description: "Where the owner last was; null when never opened" }),
  })
  .meta({ id: "LibraryEbook" });

export const libraryCourseSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    titleBn: z.string().nullable(),
    image: z.string().nullable(),
    chapters: z.int(),
    boughtAt: isoTime(),
    url: z.string(),
    doneCount: z.int().meta({ description: "Chapters the owner has marked done" }),
    resumeChapterId: z
      .int()
      .nullable()
      .meta({ description: "The first chapter not done, in course order; null when all are done" }),
    continueUrl: z.string().meta({ description: "The course page opened on that chapter" }),
    lastActivityAt: isoTime().meta({ description: "The last chapter marked done, else when it was bought" }),
  })
  .meta({ id: "LibraryCourse" });

export const myLibrarySchema = z
  .object({ ebooks: z.array(libraryEbookSchema), courses: z.array(libraryCourseSchema) })
  .meta({
    id: "Library",
    description:
      "E-books by last read (never-read ones after, newest bought first); courses by last activity (last chapter done, else bought)",
  });
