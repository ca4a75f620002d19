/**
 * The orders area of the back office: the orders list's view (its filters and search), the bulk
 * actions on orders (status, courier, packing slips), the shop's stationery orders marked
 * delivered in one go, and orders by source. Imported by the admin pages and the server.
 */

import { adminListQuery, queryFlag } from "./admin";
import type {
  adminOrderPageSchema,
  adminOrderRowSchema,
  orderBulkResultSchema,
  orderSourcesSchema,
  packingSlipsSchema,
} from "./answers/staff-orders";
import { PAYMENT_METHODS } from "./checkout";
import { COD_RISK_LEVELS } from "./cod-risk";
import { courierChoice } from "./couriers";
import { findDistrict } from "./districts";
import { ORDER_STATUSES } from "./order-status";
import { dayField } from "./sales";
import { z } from "./zod";

export const ORDER_SORTS = ["createdAt", "total"] as const;

import { PAYMENT_STATES, type PaymentState } from "./enums-orders";

export { PAYMENT_STATES, type PaymentState };

/** The payment state from what the ledger holds for one order (the list's filter says the same in SQL). */
export function paymentStateOf(o: {
  refundOwed: boolean;
  refundPaid: boolean;
  collected: boolean;
}): PaymentState {
  if (o.refundOwed) return "refund_owed";
  if (o.refundPaid) return "refunded";
  return o.collected ? "paid" : "unpaid";
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  unpaid: /*i18n*/ "Unpaid",
  paid: /*i18n*/ "Paid",
  refund_owed: /*i18n*/ "Refund owed",
  refunded: /*i18n*/ "Refunded",
};

/** `printed`: the order holds something to ship; `digital`: only e-books and courses. */
export const ORDER_PHYSICAL = ["printed", "digital"] as const;

/** The phone check of a cash-on-delivery order; `unchecked` when nobody has called yet. */
export const COD_CHECKS = ["confirmed", "unreachable", "unchecked"] as const;

/**
 * The fixed filters of the orders sub-lists: orders holding e-books or courses
 * (`/admin/orders/ebook`), stationery (`/admin/shop-orders`) or academic-cycle products
 * (`/admin/orders/cycle`).
 */
export const ORDER_HOLDS = ["digital", "stationery", "cycle"] as const;
export type OrderHolds = (typeof ORDER_HOLDS)[number];

/** The most orders one bulk action takes. */
export const MAX_BULK_ORDERS = 200;

const enumOf = <const T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.enum(values, { error: `${name} must be one of ${values.join(", ")}` }).optional();

/**
 * `GET /api/admin/orders`: search `q` by order number, phone (typed any way), buyer's name,
 * invoice number (INV-…) or consignment number; filters below; newest first by default.
 */
export const adminOrdersQuery = adminListQuery(ORDER_SORTS, "-createdAt").extend({
  status: enumOf(ORDER_STATUSES, "status"),
  paymentMethod: enumOf(PAYMENT_METHODS, "paymentMethod"),
  payment: enumOf(PAYMENT_STATES, "payment"),
  physical: enumOf(ORDER_PHYSICAL, "physical"),
  district: z
    .string()
    .trim()
    .max(40, { error: "district is at most 40 characters" })
    .transform((v, ctx) => {
      const found = findDistrict(v);
      if (!found) ctx.addIssue({ code: "custom", message: "district is not a district of Bangladesh" });
      return found?.name ?? v;
    })
    .optional(),
  from: dayField("from").meta({ description: "Placed on or after this Dhaka day, YYYY-MM-DD" }),
  to: dayField("to").meta({ description: "Placed on or before this Dhaka day, YYYY-MM-DD" }),
  source: z.string().trim().max(100, { error: "source is at most 100 characters" }).optional(),
  coupon: z
    .string()
    .trim()
    .max(40, { error: "coupon is at most 40 characters" })
    .transform((v) => v.toUpperCase())
    .optional(),
  codCheck: enumOf(COD_CHECKS, "codCheck"),
  codRisk: enumOf(COD_RISK_LEVELS, "codRisk").meta({
    description: "The COD risk check of its phone when placed: none (no history), ok, risky",
  }),
  printed: queryFlag.meta({ description: "Whether its packing slip was printed" }),
  holds: enumOf(ORDER_HOLDS, "holds"),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;

/** The list's search box, as its label says. */
export const ORDER_SEARCH_LABEL = /*i18n*/ "Search order number, phone, name, invoice or consignment";

const bulkOrderIds = z
  .array(z.number().int().positive().max(2_147_483_647), { error: "ids must be a list of order ids" })
  .min(1, { error: "Choose at least one order" })
  .max(MAX_BULK_ORDERS, { error: `At most ${MAX_BULK_ORDERS} orders at once` })
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/admin/orders/bulk/status`: each order moved in its own transaction. */
export const bulkOrderStatusSchema = z.object({
  ids: bulkOrderIds,
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: "A note has at most 500 characters" })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type BulkOrderStatusInput = z.input<typeof bulkOrderStatusSchema>;

/** `POST /api/admin/orders/slips` and the like: the orders. */
export const bulkOrdersSchema = z.object({ ids: bulkOrderIds });

/**
 * `POST /api/admin/orders/bulk/courier`: the orders, and the one courier to book them all with;
 * without it each order goes with its district's default courier, else the shop's.
 */
export const bulkCourierSchema = z.object({ ids: bulkOrderIds, courier: courierChoice.optional() });

/**
 * Order numbers as staff type or scan them: one per line, or separated by commas or spaces (a
 * scanner types the number and Enter). Blank entries are dropped, repeats kept once.
 */
export function splitOrderNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().replace(/^#/, ""))
        .filter(Boolean),
    ),
  ];
}

/**
 * `POST /api/admin/shop-orders/delivered`: stationery orders marked delivered, chosen from the
 * list (`ids`) or typed/scanned (`numbers`); either or both.
 */
export const shopDeliveredSchema = z
  .object({
    ids: z
      .array(z.number().int().positive().max(2_147_483_647), { error: "ids must be a list of order ids" })
      .max(MAX_BULK_ORDERS, { error: `At most ${MAX_BULK_ORDERS} orders at once` })
      .default([]),
    numbers: z
      .array(
        z
          .string({ error: "numbers must be order numbers" })
          .trim()
          .max(40, { error: "An order number is at most 40 characters" }),
        { error: "numbers must be a list of order numbers" },
      )
      .max(MAX_BULK_ORDERS, { error: `At most ${MAX_BULK_ORDERS} orders at once` })
      .default([]),
  })
  .transform((v) => ({
    ids: [...new Set(v.ids)],
    numbers: [...new Set(v.numbers.map((n) => n.replace(/^#/, "")).filter(Boolean))],
  }))
  .refine((v) => v.ids.length + v.numbers.length > 0, {
    error: "Choose or type at least one order",
    path: ["numbers"],
  })
  .refine((v) => v.ids.length + v.numbers.length <= MAX_BULK_ORDERS, {
    error: `At most ${MAX_BULK_ORDERS} orders at once`,
    path: ["numbers"],
  });
export type ShopDeliveredInput = z.input<typeof shopDeliveredSchema>;

/** `GET /api/admin/orders/sources` (and `.csv`): a range of Dhaka days, by default the last 30. */
export const orderSourcesQuery = z.object({
  from: dayField("from").meta({
    description: "The first Dhaka day, YYYY-MM-DD (default: 29 days before to)",
  }),
  to: dayField("to").meta({ description: "The last Dhaka day, YYYY-MM-DD (default: today in Dhaka)" }),
});

/** `/admin/orders/print?ids=1,2,3`: the orders whose slips to print. */
export function parseSlipIds(raw: string | null): number[] | null {
  if (!raw) return null;
  const parts = raw.split(",").map((s) => s.trim());
  if (parts.some((p) => !/^\d{1,10}$/.test(p))) return null;
  const ids = [...new Set(parts.map(Number))].filter((n) => n > 0 && n <= 2_147_483_647);
  return ids.length > 0 && ids.length <= MAX_BULK_ORDERS ? ids : null;
}

export type AdminOrder = z.infer<typeof adminOrderRowSchema>;
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;
export type OrderBulkResult = z.infer<typeof orderBulkResultSchema>;
export type PackingSlips = z.infer<typeof packingSlipsSchema>;
export type OrderSources = z.infer<typeof orderSourcesSchema>;
