/**
 * The envelope every answer has, the paging of lists, and the helpers every answer schema uses.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */
import { z } from "../zod";

export const isoTime = () => z.iso.datetime({ offset: true });
export const poisha = (what: string) =>
  z.int().meta({ description: `${what}, in poisha (1 taka = 100 poisha)` });

/** The fields every answer has (architecture rule 6); the HTTP status equals statusCode. */
export const envelopeFields = z.object({
  statusCode: z.int().meta({ description: "The HTTP status again" }),
  message: z.string().meta({ description: "What happened, in words a person can be shown" }),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: "Bad input: the first message for each field, keyed by its dotted path" }),
});

/** The envelope with a `data` of this schema (or none). */
export function envelopeOf(data?: z.ZodType) {
  return data ? envelopeFields.extend({ data }) : envelopeFields;
}

/** An error answer: statusCode, message and, for bad input, errors. */
export const errorEnvelopeSchema = envelopeFields.meta({ id: "ErrorEnvelope" });

/** The paging fields of every list answer. */
export const pageFields = z.object({
  total: z.int().meta({
    description: "How many matched, as far as the list counts (the shop's search: 1,000; each endpoint says)",
  }),
  page: z.int(),
  limit: z.int(),
  more: z.boolean().optional().meta({ description: "Set when more matched than `total` counts" }),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return pageFields.extend({ items: z.array(item) });
}
