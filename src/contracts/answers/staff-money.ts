/**
 * What the back office's money pages answer: sales, reports, the dashboard, coupons.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */
import { PRODUCT_KINDS } from "../enums";
import { ORDER_STATUSES } from "../order-status";
import { z } from "../zod";
import { isoTime, pageOf, poisha } from "./shared";

// ---- back office: sales (poisha; days and months in Asia/Dhaka)

export const salesRowSchema = z
  .object({
    period: z.string().meta({ description: "The Dhaka day (YYYY-MM-DD) or month (YYYY-MM)" }),
    units: z.int().meta({ description: "Units sold in it" }),
    revenue: poisha("What those units sold for, after discounts, without delivery"),
  })
  .meta({ id: "SalesRow" });

const salesTotalsSchema = z.object({ units: z.int(), revenue: poisha("The range's revenue") });

export const productSalesSchema = z
  .object({
    product: z.object({
      id: z.int(),
      kind: z.enum(PRODUCT_KINDS),
      title: z.string(),
      titleBn: z.string().nullable(),
    }),
    group: z.enum(["day", "month"]),
    from: z.string().meta({ description: "The first Dhaka day of the range" }),
    to: z.string().meta({ description: "The last Dhaka day of the range" }),
    rows: z
      .array(salesRowSchema)
      .meta({ description: "Every day or month of the range, in order; none left out" }),
    totals: salesTotalsSchema,
  })
  .meta({ id: "ProductSales" });

const salesFigureSchema = z.object({
  orders: z.int().meta({ description: "Orders that count as sales" }),
  units: z.int(),
  revenue: poisha("What they sold for, after discounts, without delivery"),
});

export const dashboardSchema = z
  .object({
    salesMeaning: z.string().meta({ description: "What the sales figures count, in one line" }),
    today: z.string().meta({ description: "Today in Dhaka, YYYY-MM-DD" }),
    sales: z
      .object({
        today: salesFigureSchema,
        month: salesFigureSchema.meta({ description: "This Dhaka month so far" }),
        days: z
          .array(salesRowSchema)
          .meta({ description: "The last 30 Dhaka days, today last, none left out" }),
        top: z
          .array(
            z.object({
              id: z.int(),
              kind: z.enum(PRODUCT_KINDS),
              title: z.string(),
              units: z.int(),
              revenue: poisha("Its revenue over the 30 days"),
            }),
          )
          .meta({ description: "The products with the most revenue over the last 30 days, at most 10" }),
        ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.int() })),
      })
      .nullable()
      .meta({ description: "Sales and orders, for staff holding reports or orders; null for others" }),
    lowStock: z
      .object({
        threshold: z.int().meta({ description: "Stock at or below this is low" }),
        total: z.int().meta({ description: "How many published products are low, all of them" }),
        items: z.array(
          z.object({ id: z.int(), kind: z.enum(PRODUCT_KINDS), title: z.string(), stock: z.int() }),
        ),
      })
      .nullable()
      .meta({
        description:
          "Published books and stationery low in stock, the lowest first (at most 20): books for staff holding books, stationery for stationery; null for staff holding neither",
      }),
  })
  .meta({ id: "Dashboard" });

/** One row of a sales report's table: the orders, units and money of one day, month, source or district. */
const reportRowSchema = z.object({
  key: z.string().meta({ description: "The Dhaka day (YYYY-MM-DD), month (YYYY-MM), source or district" }),
  orders: z.int().meta({ description: "Orders that count as sales" }),
  units: z.int(),
  sales: poisha("What their lines sold for, after discounts, without delivery"),
  credited: poisha("Credit notes issued on those orders, up to each order's sales"),
  net: poisha("sales − credited"),
});

const reportProductSchema = z.object({
  id: z.int(),
  kind: z.enum(PRODUCT_KINDS),
  title: z.string(),
  units: z.int(),
  sales: poisha("What its lines sold for, after discounts (before credit notes)"),
});

export const reportSalesSchema = z
  .object({
    salesMeaning: z.string(),
    creditMeaning: z.string(),
    from: z.string().meta({ description: "The first Dhaka day of the range" }),
    to: z.string().meta({ description: "The last Dhaka day of the range" }),
    preset: z.string().nullable().meta({ description: "The named range this is, if any" }),
    totals: reportRowSchema.omit({ key: true }),
    byDay: z
      .array(reportRowSchema)
      .meta({ description: "Every Dhaka day of the range, zero where nothing sold" }),
    byMonth: z.array(reportRowSchema).meta({ description: "Every Dhaka month the range touches" }),
    bySource: z.array(reportRowSchema).meta({ description: "Most net sales first" }),
    byDistrict: z.array(reportRowSchema).meta({ description: "Most net sales first" }),
    byKind: z
      .array(z.object({ kind: z.enum(PRODUCT_KINDS), units: z.int(), sales: poisha("Before credit notes") }))
      .meta({ description: "Every product kind, zero where nothing sold; a bundle counts as a bundle" }),
    topProducts: z.array(reportProductSchema).meta({ description: "The 10 products with the most sales" }),
    export: z
      .object({
        mode: z.enum(["stream", "job"]).meta({
          description:
            "How the range's CSV files are made: in the answer, or by a background job (long ranges)",
        }),
        orders: z.int().meta({ description: "Orders placed in the range, all statuses (the export's size)" }),
      })
      .meta({ description: "How the CSV of this range is downloaded" }),
  })
  .meta({ id: "ReportSales" });

export const shopReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    preset: z.string().nullable(),
    stockValueMeaning: z.string(),
    totals: z.object({ orders: z.int(), units: z.int(), sales: poisha("Stationery sold over the range") }),
    byDay: z.array(
      z.object({
        key: z.string(),
        orders: z.int(),
        units: z.int(),
        sales: poisha("That day's stationery sales"),
      }),
    ),
    products: z
      .array(reportProductSchema)
      .meta({ description: "Stationery sold over the range, most sales first" }),
    stock: z.object({
      products: z.int().meta({ description: "Stationery products with stock" }),
      units: z.int(),
      value: poisha("Units on hand at today's selling price"),
    }),
    lowStock: z
      .array(z.object({ id: z.int(), title: z.string(), stock: z.int(), published: z.boolean() }))
      .meta({ description: "Stationery at or below the low-stock mark, the lowest first" }),
    lowStockThreshold: z.int(),
  })
  .meta({ id: "ShopReport" });

export const jobSchema = z
  .object({
    id: z.int(),
    kind: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]),
    done: z.int().meta({ description: "Rows done so far" }),
    total: z.int().nullable().meta({ description: "Rows in all, once known" }),
    error: z.string().nullable().meta({ description: "Why it failed" }),
    filename: z.string().nullable(),
    downloadUrl: z.string().nullable().meta({ description: "Where its CSV is, once done" }),
    createdAt: isoTime(),
    startedAt: isoTime().nullable(),
    finishedAt: isoTime().nullable(),
  })
  .meta({ id: "Job" });

// ---- coupons' back office

const couponRuleAnswer = {
  kind: z.enum(["percent", "fixed"]),
  value: z.int().meta({ description: "A percentage (1–100), or an amount in poisha for `fixed`" }),
  maxDiscount: poisha("The largest discount a percentage gives").nullable(),
  minOrder: poisha("The smallest cart total it applies to").nullable(),
  startsAt: isoTime().nullable(),
  endsAt: isoTime().nullable().meta({ description: "The coupon is expired from this instant" }),
  usageLimit: z.int().nullable(),
  perUserLimit: z.int().nullable(),
  productKinds: z.array(z.enum(PRODUCT_KINDS)).meta({ description: "Empty: every kind" }),
  productIds: z.array(z.int()).meta({ description: "Empty: every product" }),
  active: z.boolean(),
};

export const adminCouponSchema = z
  .object({
    id: z.int(),
    code: z.string(),
    ...couponRuleAnswer,
    state: z.enum(["active", "scheduled", "expired", "used-up", "disabled"]),
    summary: z
      .string()
      .meta({ description: "The rules in a line, e.g. “10% off, at most ৳100, min. order ৳500”" }),
    note: z.string().nullable(),
    batchId: z.int().nullable(),
    usedCount: z.int().meta({ description: "Uses counted against the usage limit" }),
    redemptions: z
      .int()
      .meta({ description: "Uses on orders not released (an expired unpaid order releases its use)" }),
    orders: z.int().meta({ description: "Orders that used it and count as sales (decision 24)" }),
    discountGiven: poisha("The discount those orders got"),
    revenue: poisha("What those orders' lines sold for after the discount, without delivery"),
    version: z.int(),
    createdAt: isoTime(),
    updatedAt: isoTime(),
  })
  .meta({ id: "AdminCoupon" });

export const adminCouponPageSchema = pageOf(adminCouponSchema).meta({ id: "AdminCouponPage" });

export const adminCouponDetailSchema = adminCouponSchema
  .extend({
    products: z
      .array(z.object({ id: z.int(), kind: z.enum(PRODUCT_KINDS), title: z.string() }))
      .meta({ description: "The products of `productIds`, named" }),
  })
  .meta({ id: "AdminCouponDetail" });

export const adminCouponDeletedSchema = z.object({ id: z.int() }).meta({ id: "AdminCouponDeleted" });

export const couponBatchSchema = z
  .object({
    id: z.int(),
    prefix: z.string(),
    length: z.int().meta({ description: "Characters in each code's random part" }),
    quantity: z.int(),
    createdAt: isoTime(),
    used: z.int().meta({ description: "Codes of the batch used at least once" }),
    csv: z.string().meta({ description: "Where to download its codes as CSV" }),
  })
  .meta({ id: "CouponBatch" });

export const couponBatchResultSchema = z
  .object({
    batch: couponBatchSchema,
    sample: z.array(z.string()).meta({ description: "The first few codes made" }),
    regenerated: z.int().meta({ description: "Codes drawn again because another coupon had them" }),
  })
  .meta({ id: "CouponBatchResult" });
