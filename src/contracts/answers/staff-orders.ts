/**
 * What the back office's order handling answers: the orders lists, one order, refunds and credit notes.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */

import { COD_RISK_LEVELS } from "../cod-risk";
import { courierOptionSchema } from "../couriers";
import { PRODUCT_KINDS } from "../enums";
import { PAYMENT_METHODS, PAYMENT_STATES, REFUND_METHODS } from "../enums-orders";
import { ORDER_STATUSES } from "../order-status";
import { RETURN_REASONS } from "../returns";
import { SHIPMENT_STATUSES } from "../shipping";
import { z } from "../zod";
import { lineWaitSchema } from "./availability";
import { invoiceSnapshotSchema } from "./orders";
import { isoTime, pageOf, poisha } from "./shared";
import { shipmentViewSchema } from "./shipments";

// ---- staff order handling

export const orderFulfilmentSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    total: poisha("What the buyer pays"),
    courier: z.string().nullable(),
    consignment: z.string().nullable(),
    trackingPath: z.string().nullable().meta({ description: "Where the customer follows the parcel" }),
    next: z.array(z.enum(ORDER_STATUSES)).meta({ description: "The statuses staff may move it to next" }),
    updatedAt: isoTime(),
    shipments: z.array(shipmentViewSchema).meta({ description: "The order's parcels (decision 73)" }),
    parcel: z
      .int()
      .nullable()
      .meta({ description: "The number of the parcel this call booked or numbered, if it did" }),
  })
  .meta({ id: "OrderFulfilment" });

export const courierSyncSchema = z
  .object({
    shipment: z.enum(SHIPMENT_STATUSES),
    courierStatus: z.string().meta({ description: "The courier's own word" }),
    changed: z.boolean().meta({ description: "Whether it differs from the one last recorded" }),
    status: z.enum(ORDER_STATUSES),
  })
  .meta({ id: "CourierSync" });

// ---- staff: orders (issue 11)

export const adminOrderRowSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    createdAt: isoTime(),
    name: z.string().meta({ description: "The buyer's name as given at checkout" }),
    phone: z.string(),
    district: z.string(),
    items: z.string().meta({ description: "The lines in a few words: titles and quantities" }),
    itemCount: z.int().meta({ description: "Units ordered, over every line" }),
    total: poisha("The order's total"),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentState: z.enum(PAYMENT_STATES).meta({
      description: "From the shop's ledger: paid, unpaid, a refund owed, or refunded",
    }),
    status: z.enum(ORDER_STATUSES),
    physical: z.boolean().meta({ description: "Whether it holds something to ship" }),
    codCheck: z.enum(["confirmed", "unreachable"]).nullable(),
    codRisk: z.enum(COD_RISK_LEVELS).nullable().meta({
      description: "The COD risk check of its phone when placed; null when paid online or placed before it",
    }),
    courier: z.string().nullable(),
    consignment: z.string().nullable(),
    source: z.string(),
    couponCode: z.string().nullable(),
    slipPrintedAt: isoTime().nullable(),
  })
  .meta({ id: "AdminOrderRow" });

export const adminOrderPageSchema = pageOf(adminOrderRowSchema).meta({ id: "AdminOrderPage" });

export const orderBulkResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.int().nullable().meta({ description: "The order's id; null for a number no order has" }),
        number: z.string().nullable().meta({ description: "The order's number; null for an unknown id" }),
        ok: z.boolean(),
        message: z.string().meta({ description: "What was done, or why not" }),
      }),
    ),
  })
  .meta({ id: "OrderBulkResult" });

export const packingSlipSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    createdAt: isoTime(),
    name: z.string(),
    phone: z.string(),
    district: z.string(),
    area: z.string(),
    address: z.string(),
    note: z.string().nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    cashToCollect: poisha("Cash the courier collects at the door (0 when paid online)"),
    lines: z.array(
      z.object({
        title: z.string(),
        kind: z.enum(PRODUCT_KINDS),
        quantity: z.int(),
        shipped: z.boolean().meta({ description: "False for e-books and courses (nothing to pack)" }),
      }),
    ),
  })
  .meta({ id: "PackingSlip" });

export const packingSlipsSchema = z
  .object({
    shop: z.string(),
    shopDetails: invoiceSnapshotSchema.shape.shop.meta({
      description:
        "The shop as its invoices name it: the configured legal name, address, phone, trade licence and BIN",
    }),
    slips: z.array(packingSlipSchema),
    results: orderBulkResultSchema.shape.results,
  })
  .meta({ id: "PackingSlips" });

export const orderSourceRowSchema = z
  .object({
    source: z.string().meta({ description: "The referral code or the page the order came from" }),
    referral: z.boolean().meta({ description: "Whether the source is a customer's referral code" }),
    orders: z.int(),
    revenue: poisha("What the orders' lines sold for after discounts, without delivery"),
  })
  .meta({ id: "OrderSourceRow" });

export const orderSourcesSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(orderSourceRowSchema),
    totals: z.object({ orders: z.int(), revenue: poisha("The rows' revenue") }),
  })
  .meta({ id: "OrderSources" });
// ---- staff: one order, its refunds and credit notes (decision 29)

export const creditNoteSnapshotSchema = z
  .object({
    number: z.string().meta({ description: "CN-YYYY-NNNNNN" }),
    issuedAt: isoTime(),
    shop: z.object({ name: z.string(), url: z.string().nullable() }),
    invoice: z.object({ id: z.int(), number: z.string(), total: poisha("The invoice's total") }),
    order: z.object({ id: z.int(), number: z.string() }),
    buyer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
    amount: poisha("What the credit note takes off the invoice"),
    creditedBefore: poisha("What earlier credit notes had already taken off it"),
    reason: z.string(),
  })
  .meta({ id: "CreditNoteSnapshot", description: "Frozen when the credit note is issued" });

export const refundAnswerSchema = z
  .object({
    id: z.int(),
    orderId: z.int(),
    amount: poisha("The refund"),
    method: z.enum(REFUND_METHODS),
    reason: z.string(),
    reference: z.string().nullable().meta({ description: "The transfer's reference, once sent" }),
    status: z.enum(["owed", "paid", "pending", "failed"]).meta({
      description:
        "owed: recorded, to be sent by hand; paid: sent (or refunded by the gateway); pending: the gateway is working on it; failed: the gateway refused it (retry, or pay it by hand)",
    }),
    gateway: z.string().nullable().meta({
      description: "The gateway it goes through (sslcommerz, bkash, sandbox); null for a refund sent by hand",
    }),
    gatewayRefundId: z.string().nullable().meta({ description: "The gateway's id for the refund" }),
    gatewayReason: z
      .string()
      .nullable()
      .meta({ description: "The gateway's last word on it (why it failed)" }),
    creditNote: z
      .object({ id: z.int(), number: z.string() })
      .nullable()
      .meta({ description: "The credit note that reduced the invoice for it" }),
    createdBy: z.string().nullable().meta({ description: "Who recorded it; null for the shop itself" }),
    createdAt: isoTime(),
    paidBy: z.string().nullable(),
    paidAt: isoTime().nullable(),
    version: z.int().meta({ description: "Send it back when marking it paid" }),
  })
  .meta({ id: "Refund" });

export const orderNoteAnswerSchema = z
  .object({
    id: z.int(),
    body: z.string(),
    author: z.string().nullable(),
    createdAt: isoTime(),
  })
  .meta({ id: "OrderNote" });

export const orderLedgerSchema = z
  .object({
    invoiced: poisha("The invoice"),
    credited: poisha("Its credit notes"),
    collectedOnline: poisha("Payments the gateway confirmed"),
    codCollected: poisha("Cash the courier took at the door"),
    refundsPaid: poisha("Refunds sent"),
    refundsOwed: poisha("Refunds recorded and not yet sent"),
    buyerBalance: poisha(
      "invoiced − credited − collected online − COD collected + refunds paid: positive, the buyer still owes it; negative, the shop owes the buyer (equal to the refunds owed)",
    ),
    refundable: poisha("What may still be refunded: collected online + COD collected − refunds recorded"),
  })
  .meta({ id: "OrderLedger" });

export const adminOrderSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    next: z.array(z.enum(ORDER_STATUSES)).meta({ description: "The statuses staff may move it to next" }),
    paymentMethod: z.enum(PAYMENT_METHODS),
    physical: z.boolean().meta({ description: "Whether it holds anything to ship" }),
    source: z.string(),
    coupon: z.object({ id: z.int().nullable(), code: z.string() }).nullable(),
    subtotal: poisha("Lines"),
    discount: poisha("Coupon discount"),
    delivery: poisha("Delivery"),
    storeCredit: poisha("Paid with the buyer's store credit (decision 71); total is what is left"),
    total: poisha("What the buyer pays"),
    createdAt: isoTime(),
    confirmedAt: isoTime().nullable(),
    cancelledAt: isoTime().nullable(),
    deliveredAt: isoTime().nullable(),
    updatedAt: isoTime(),
    version: z.int().meta({ description: "Send it back with an address edit" }),
    addressEditable: z.boolean().meta({ description: "Whether the parcel has not left yet" }),
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.enum(PRODUCT_KINDS),
        title: z.string(),
        unitPrice: poisha("One unit"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        discount: poisha("This line's share of the coupon"),
        wait: lineWaitSchema,
      }),
    ),
    waitShipping: z.enum(["split", "together"]).nullable().meta({
      description: "With lines that come later: ship the rest when it comes (split) or all together",
    }),
    buyer: z.object({
      userId: z.int(),
      name: z.string().meta({ description: "As entered at checkout" }),
      phone: z.string(),
      email: z.string().nullable(),
      accountName: z.string().meta({ description: "The account's own name" }),
      url: z.string().meta({ description: "The account's page in the back office" }),
    }),
    address: z.object({
      district: z.string(),
      area: z.string(),
      address: z.string(),
      note: z.string().nullable(),
    }),
    payments: z.array(
      z.object({
        id: z.int(),
        provider: z.string(),
        tranx: z.string().meta({ description: "Ours, sent to the gateway" }),
        gatewayRef: z.string().nullable(),
        gatewayTxnId: z.string().nullable(),
        amount: poisha("The attempt"),
        status: z.enum(["initiated", "paid", "failed", "cancelled"]),
        reason: z.string().nullable(),
        createdAt: isoTime(),
        paidAt: isoTime().nullable(),
      }),
    ),
    history: z
      .array(
        z.object({
          id: z.int(),
          status: z.string(),
          note: z.string().nullable(),
          actor: z
            .string()
            .nullable()
            .meta({ description: "Who did it; null for the buyer's checkout or the system" }),
          at: isoTime(),
        }),
      )
      .meta({ description: "Oldest first" }),
    notes: z.array(orderNoteAnswerSchema).meta({ description: "Newest first; never shown to the buyer" }),
    invoice: z
      .object({
        id: z.int(),
        number: z.string(),
        total: poisha("The invoice"),
        issuedAt: isoTime(),
        creditNotes: z.array(
          z.object({
            id: z.int(),
            number: z.string(),
            amount: poisha("Taken off the invoice"),
            reason: z.string(),
            issuedAt: isoTime(),
          }),
        ),
      })
      .nullable(),
    refunds: z.array(refundAnswerSchema).meta({ description: "Oldest first" }),
    ledger: orderLedgerSchema,
    codCheck: z
      .object({
        state: z.enum(["confirmed", "unreachable"]).nullable().meta({ description: "null: not checked yet" }),
        by: z.string().nullable(),
        at: isoTime().nullable(),
        allowed: z
          .boolean()
          .meta({ description: "Whether it can be checked now (cash on delivery, confirmed)" }),
      })
      .nullable()
      .meta({ description: "Cash-on-delivery orders only" }),
    codRisk: z
      .object({
        level: z.enum(COD_RISK_LEVELS),
        delivered: z.int().meta({ description: "The phone's parcels delivered before this order" }),
        returned: z.int().meta({ description: "…and those that came back" }),
        refused: z.int().meta({ description: "…refused at the door, of those the shop knows" }),
        deliveredPercent: z.int().nullable(),
        sources: z.array(z.string()).meta({ description: "shop, and the courier's lookup when it answered" }),
        held: z.boolean().meta({
          description: "Risky and held for a phone call: not packed until the buyer confirms by phone",
        }),
      })
      .nullable()
      .meta({ description: "Cash on delivery: the risk check of its phone when it was placed" }),
    parcelReturn: z
      .object({
        at: isoTime().meta({ description: "When it came back" }),
        reason: z.enum(RETURN_REASONS).nullable().meta({
          description: "refused by the buyer, or undeliverable; null: only the courier reported it",
        }),
        charge: poisha("What the courier charges for bringing it back (the shop's cost)")
          .nullable()
          .meta({ description: "null until staff record it" }),
      })
      .nullable()
      .meta({ description: "A shipped parcel that came back (status returned); null otherwise" }),
    courier: z.string().nullable(),
    consignment: z.string().nullable(),
    trackingPath: z.string().nullable().meta({ description: "Where the customer follows the parcel" }),
    followsCourier: z
      .boolean()
      .meta({ description: "Whether the parcel's own courier is connected and can be asked about it" }),
    shipments: z
      .array(shipmentViewSchema)
      .meta({ description: "The order's parcels, each booked and followed on its own (decision 73)" }),
    courierConnected: z
      .boolean()
      .meta({ description: "Whether any courier system is connected for booking" }),
    couriers: z.array(courierOptionSchema).meta({ description: "The couriers staff can book with" }),
    districtCourier: z.string().nullable().meta({
      description:
        "The courier the parcel is booked with unless staff choose another: its district's default, else the shop's; null when none",
    }),
    connectedCourier: z.string().nullable().meta({
      description:
        "That courier as the shop writes it (Steadfast, Pathao, RedX, Pathao (demo)); null when none",
    }),
    demoCourier: z.boolean().meta({
      description: "Whether any courier offered is the demo's stand-in, which sends nothing anywhere",
    }),
  })
  .meta({ id: "AdminOrder" });

// ---- couriers' webhooks

export const courierWebhookAnswerSchema = z
  .object({
    order: z
      .string()
      .nullable()
      .meta({ description: "The order holding the parcel, or null (none, or an event about no parcel)" }),
    shipment: z
      .enum(SHIPMENT_STATUSES)
      .nullable()
      .meta({ description: "The parcel's status as the courier said it" }),
    status: z.enum(ORDER_STATUSES).nullable().meta({ description: "The order's status after it" }),
    changed: z
      .boolean()
      .meta({ description: "Whether it changed anything (false for a retried or replayed call)" }),
  })
  .meta({ id: "CourierWebhookAnswer" });
export type CourierWebhookAnswer = z.infer<typeof courierWebhookAnswerSchema>;
