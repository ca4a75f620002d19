import { PRODUCT_KINDS, SORTS, TRACKS } from "./catalog";
import { toPoisha } from "./money";
import { pageQuery } from "./paging";
import { z } from "./zod";

const taka = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(10_000_000, { error: `${name} is too large` })
    .transform(toPoisha);

/** Filters, sort and paging of every product list (`min_price`/`max_price` in taka). */
export const listQuerySchema = pageQuery
  .extend({
    kind: z.enum(PRODUCT_KINDS, { error: `kind must be one of: ${PRODUCT_KINDS.join(", ")}` }).optional(),
    track: z.enum(TRACKS, { error: `track must be one of: ${TRACKS.join(", ")}` }).optional(),
    hsc_year: z.coerce.number({ error: "hsc_year must be a year" }).int().min(2000).max(2100).optional(),
    min_price: taka("min_price").optional(),
    max_price: taka("max_price").optional(),
    in_stock: z
      .enum(["true", "false", "1", "0"], { error: "in_stock must be true or false" })
      .transform((v) => v === "true" || v === "1")
      .optional(),
    sort: z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(", ")}` }).optional(),
    q: z.string().trim().max(200, { error: "q must be at most 200 characters" }).optional(),
  })
  .refine((v) => v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price, {
    error: "min_price must not be above max_price",
    path: ["min_price"],
  });

export type ListQueryInput = z.input<typeof listQuerySchema>;

/** What a list query becomes for the catalogue service. */
export function toListQuery(v: z.output<typeof listQuerySchema>) {
  return {
    kind: v.kind,
    track: v.track,
    hscYear: v.hsc_year,
    minPrice: v.min_price,
    maxPrice: v.max_price,
    inStock: v.in_stock,
    sort: v.sort,
    q: v.q,
    page: v.page,
    limit: v.limit,
  };
}

export const searchQuerySchema = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, { error: "q is required" })
    .max(200, { error: "q must be at most 200 characters" }),
});

/** `{slug}` in a path (bundles, authors). */
export const slugParams = z.object({ slug: z.string().min(1).max(200) });
