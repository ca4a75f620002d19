import { PRODUCT_KINDS, SORTS, TRACKS } from "./catalog";
import { toPoisha } from "./money";
import { pageQuery } from "./paging";
import { SUBJECT_CODES } from "./subjects";
import { z } from "./zod";

const year = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a year` })
    .int()
    .min(2000)
    .max(2100)
    .optional();

const flag = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { error: `${name} must be true or false` })
    .transform((v) => v === "true" || v === "1")
    .optional();

/** A price bound of the API: whole poisha, as every price it answers. */
const poishaBound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number of poisha` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(1_000_000_000, { error: `${name} is too large` })
    .optional()
    .meta({ description: `${name}, in poisha (1 taka = 100 poisha)` });

/** A price bound of a list page's address: taka, as a shopper types it in the filter form. */
const takaBound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(10_000_000, { error: `${name} is too large` })
    .transform(toPoisha)
    .optional();

const common = {
  kind: z.enum(PRODUCT_KINDS, { error: `kind must be one of: ${PRODUCT_KINDS.join(", ")}` }).optional(),
  track: z.enum(TRACKS, { error: `track must be one of: ${TRACKS.join(", ")}` }).optional(),
  subject: z
    .enum(SUBJECT_CODES, { error: `subject must be one of: ${SUBJECT_CODES.join(", ")}` })
    .optional()
    .meta({ description: "Only products of this subject, as their titles name it (Physics, পদার্থবিজ্ঞান…)" }),
  sort: z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(", ")}` }).optional(),
  q: z.string().trim().max(200, { error: "q must be at most 200 characters" }).optional(),
  author: z
    .string()
    .trim()
    .min(1, { error: "author must not be empty" })
    .max(200, { error: "author must be at most 200 characters" })
    .optional()
    .meta({
      description: "Only products by this author, named by the slug of their page (`/author/{slug}`)",
    }),
  publisher: z
    .string()
    .trim()
    .min(1, { error: "publisher must not be empty" })
    .max(200, { error: "publisher must be at most 200 characters" })
    .optional()
    .meta({
      description: "Only books of this publisher, by its name as the book gives it (case does not matter)",
    }),
};

/**
 * Filters, sort and paging of every product list of the API (decision 22: camelCase names,
 * `minPrice`/`maxPrice` in whole poisha, the unit of the prices the list answers).
 */
export const listQuerySchema = pageQuery
  .extend({
    ...common,
    hscYear: year("hscYear"),
    minPrice: poishaBound("minPrice"),
    maxPrice: poishaBound("maxPrice"),
    inStock: flag("inStock"),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    error: "minPrice must not be above maxPrice",
    path: ["minPrice"],
  });

export type ListQueryInput = z.input<typeof listQuerySchema>;

/**
 * The API's filter names before decision 22. A call still sending one gets a 400 naming the new
 * parameter: ignored, it would quietly widen the list it asked for (and a price in taka would be
 * read as poisha).
 */
export const RENAMED_LIST_PARAMS: Readonly<Record<string, string>> = {
  hsc_year: "hscYear",
  min_price: "minPrice (in poisha)",
  max_price: "maxPrice (in poisha)",
  in_stock: "inStock",
};

/**
 * The same filters in a list page's address (`/search?q=…&min_price=100&in_stock=true`): the
 * filter form's field names, prices in taka as a shopper types them. Read into the API's shape.
 */
export const pageListQuerySchema = pageQuery
  .extend({
    ...common,
    hsc_year: year("hsc_year"),
    min_price: takaBound("min_price"),
    max_price: takaBound("max_price"),
    in_stock: flag("in_stock"),
  })
  .refine((v) => v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price, {
    error: "min_price must not be above max_price",
    path: ["min_price"],
  })
  .transform(
    ({ hsc_year, min_price, max_price, in_stock, ...rest }): z.output<typeof listQuerySchema> => ({
      ...rest,
      hscYear: hsc_year,
      minPrice: min_price,
      maxPrice: max_price,
      inStock: in_stock,
    }),
  );

/** What a list query becomes for the catalogue service. */
export function toListQuery(v: z.output<typeof listQuerySchema>) {
  return {
    kind: v.kind,
    track: v.track,
    subject: v.subject,
    hscYear: v.hscYear,
    minPrice: v.minPrice,
    maxPrice: v.maxPrice,
    inStock: v.inStock,
    author: v.author,
    publisher: v.publisher,
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

/** The search's own parameters beside a list's: `exact` turns the typo correction off. */
export const searchOptionsSchema = searchQuerySchema.extend({
  exact: flag("exact").meta({
    description: "Search the words as typed, without correcting typos (the page's “search instead for …”)",
  }),
});

/** The authors and publishers a list's filter offers (the chosen ones among them). */
export type FilterChoices = {
  authors: { slug: string; name: string; nameBn: string | null }[];
  publishers: string[];
};

/** `{slug}` in a path (bundles, authors). */
export const slugParams = z.object({ slug: z.string().min(1).max(200) });
