/**
 * What the API answers about availability (contracts/availability.ts has the rule and its types):
 * a product's availability, and how an order line sold without stock stands.
 */
import { AVAILABILITY_STATES, type Availability, type LineWait, LOW_STOCK } from "../availability";
import { z } from "../zod";

export const availabilitySchema = z
  .object({
    state: z.enum(AVAILABILITY_STATES),
    left: z
      .int()
      .nullable()
      .meta({ description: `Units left, when in stock with ${LOW_STOCK} or fewer` }),
    days: z.int().nullable().meta({ description: "A back-order's lead time from the publisher, in days" }),
    releaseDate: z
      .string()
      .nullable()
      .meta({ description: "A pre-order's release date, YYYY-MM-DD (Dhaka)" }),
  })
  .meta({ id: "Availability" }) satisfies z.ZodType<Availability>;

export const lineWaitSchema = z
  .object({
    kind: z.enum(["preorder", "backorder"]),
    expectedOn: z
      .string()
      .nullable()
      .meta({ description: "The release date, or when the publisher's copies are due (YYYY-MM-DD)" }),
    filled: z.boolean().meta({ description: "Its stock has been taken: it ships" }),
  })
  .nullable()
  .meta({ id: "LineWait" }) satisfies z.ZodType<LineWait>;
