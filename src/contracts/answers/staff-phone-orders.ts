/**
 * What the back office's phone orders answer (`/api/admin/orders/new/...`): the customer a phone
 * belongs to, products to add, the totals as the buyer would be charged, and the order placed.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Money is whole poisha.
 */
import { PRODUCT_KINDS } from "../enums";
import { ORDER_STATUSES } from "../order-status";
import { z } from "../zod";
import { savedAddressSchema } from "./cart";
import { poisha } from "./shared";

export const phoneCustomerSchema = z
  .object({
    customer: z
      .object({
        id: z.int(),
        name: z.string(),
        phone: z.string(),
        blocked: z.boolean().meta({ description: "A blocked account cannot order" }),
        orders: z.int().meta({ description: "How many orders the account has placed" }),
      })
      .nullable()
      .meta({ description: "null: no account has this phone; placing the order makes one" }),
    addresses: z
      .array(savedAddressSchema)
      .meta({ description: "The account's saved addresses, last used first" }),
  })
  .meta({ id: "PhoneCustomer" });

export const phoneProductSchema = z
  .object({
    id: z.int(),
    kind: z.enum(PRODUCT_KINDS),
    title: z.string(),
    titleBn: z.string().nullable(),
    unitPrice: poisha("The price the buyer pays: the sale price when lower"),
    available: z.int().nullable().meta({
      description: "Units in stock (a bundle: as many as its printed items make); 1 for e-books and courses",
    }),
  })
  .meta({ id: "PhoneProduct" });

export const phoneQuoteSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.enum(PRODUCT_KINDS),
        title: z.string(),
        unitPrice: poisha("One unit"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        discount: poisha("This line's share of the coupon"),
        available: z.int().nullable().meta({ description: "Units in stock now" }),
      }),
    ),
    totalPrice: poisha("Lines before the coupon (delivery included for stationery)"),
    discountedAmount: poisha("The coupon's discount"),
    deliveryCharges: poisha("Delivery"),
    netPrice: poisha("What the buyer pays"),
    district: z
      .string()
      .meta({ description: "The district delivery was priced for (Dhaka when none was given)" }),
    coupon: z
      .object({ code: z.string(), applied: z.boolean(), message: z.string().nullable() })
      .nullable()
      .meta({ description: "The coupon asked for; `applied` false with the reason when it gives nothing" }),
    problems: z.array(z.string()).meta({
      description: "What would refuse the order as it is (stock, quantities); empty when it can be placed",
    }),
    cartKey: z.string().meta({ description: "The key of these totals: send it with the order" }),
  })
  .meta({ id: "PhoneOrderQuote" });

export const phoneOrderPlacedSchema = z
  .object({
    orderId: z.int(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    total: poisha("What the buyer pays"),
    customerId: z.int(),
    newCustomer: z.boolean().meta({ description: "Whether placing the order made the customer's account" }),
    paymentLink: z.string().nullable().meta({
      description: "The page where the buyer pays online (sent to them by SMS); null for cash on delivery",
    }),
  })
  .meta({ id: "PhoneOrderPlaced" });

export const phoneProductsSchema = z
  .object({ items: z.array(phoneProductSchema).meta({ description: "Up to 10, exact matches first" }) })
  .meta({ id: "PhoneProducts" });

export type PhoneCustomer = z.infer<typeof phoneCustomerSchema>;
export type PhoneProduct = z.infer<typeof phoneProductSchema>;
export type PhoneQuote = z.infer<typeof phoneQuoteSchema>;
export type PhoneOrderPlaced = z.infer<typeof phoneOrderPlacedSchema>;
