/**
 * What the API answers about the address book and the cart.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */

import { PRODUCT_KINDS } from "../enums";
import { z } from "../zod";
import { availabilitySchema } from "./availability";
import { isoTime, poisha } from "./shared";

// ---- address book

export const savedAddressSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    phone: z.string(),
    district: z.string(),
    area: z.string(),
    address: z.string(),
    isDefault: z.boolean(),
    lastUsedAt: isoTime().nullable(),
  })
  .meta({ id: "SavedAddress" });

// ---- cart

export const cartInfoSchema = z
  .object({
    qty: z.int().meta({ description: "Units in the cart" }),
    totalPrice: poisha("Lines before the coupon (delivery included for stationery)"),
    discountedAmount: poisha("The coupon's discount"),
    netPrice: poisha("What the buyer pays"),
    deliveryCharges: poisha("Delivery"),
    couponId: z
      .int()
      .nullable()
      .meta({ description: "The applied coupon; null when none, or the attached one does not qualify" }),
    joiningId: z.int().nullable().meta({ description: "The cart's id" }),
    isStationary: z.boolean(),
    district: z.string(),
    zone: z.enum(["dhaka", "outside"]),
    couponCode: z.string().nullable().meta({ description: "The attached coupon's code, applied or not" }),
    couponMessage: z
      .string()
      .optional()
      .meta({ description: "Why the attached coupon gives no discount now" }),
    lines: z.array(
      z.object({
        id: z.int(),
        type: z.enum(PRODUCT_KINDS),
        productId: z.int(),
        title: z.string(),
        image: z.string().nullable(),
        unitPrice: poisha("The effective price of one"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        source: z.string(),
        url: z.string(),
        maxQuantity: z.int().meta({ description: "How many the shopper may have" }),
        availability: availabilitySchema,
      }),
    ),
  })
  .meta({ id: "CartInfo" });
