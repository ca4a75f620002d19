import type { reviewAnswerSchema } from "./answers/catalog";
import { PRODUCT_KINDS } from "./catalog";
import { idField, pageQuery } from "./paging";
import { z } from "./zod";

export const reviewSchema = z.object({
  productType: z.enum(PRODUCT_KINDS, { error: `productType must be one of: ${PRODUCT_KINDS.join(", ")}` }),
  productId: idField,
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5" })
    .int({ error: "Choose a rating from 1 to 5" })
    .min(1, { error: "Choose a rating from 1 to 5" })
    .max(5, { error: "Choose a rating from 1 to 5" }),
  text: z.string().trim().max(2000, { error: "Keep the review under 2,000 characters" }).default(""),
});
export type ReviewInput = z.input<typeof reviewSchema>;

export const reviewsQuerySchema = pageQuery.extend({ product: idField });

export type Review = z.infer<typeof reviewAnswerSchema>;

/** `PATCH /api/admin/reviews/{id}`: hide a review from the shop, or show it again. */
export const reviewModerationSchema = z.object({
  hidden: z.boolean({ error: "hidden must be true or false" }),
});
