/**
 * The admin API's shared shapes (decision 23): a list takes `page`, `limit` (≤ 100), `q` and
 * `sort` (a column, `-column` for descending) beside its own filters and answers
 * `{ items, total, page, limit }`; an edit carries the `version` it started from.
 */
import { pageQuery } from "./paging";
import { z } from "./zod";

export const STALE_EDIT =
  /*i18n*/ "Someone else saved a change to this while you were editing. Their version is shown: make your change again on it.";

/** `q`: the search box, trimmed, at most 100 characters. */
export const adminSearchField = z
  .string()
  .trim()
  .max(100, { error: "The search is at most 100 characters" })
  .default("");

/** `sort`: one of `columns`, or `-column` for descending; `fallback` when absent. */
export function sortField<const C extends string>(columns: readonly C[], fallback: C | `-${C}`) {
  const values = columns.flatMap((c) => [c, `-${c}`]) as (C | `-${C}`)[];
  return z
    .enum(values as [C | `-${C}`, ...(C | `-${C}`)[]], {
      error: `sort must be one of ${columns.join(", ")} (with - in front for descending)`,
    })
    .default(fallback as never);
}

/** The query every admin list takes; extend it with the list's own filters. */
export function adminListQuery<const C extends string>(columns: readonly C[], fallback: C | `-${C}`) {
  return pageQuery.extend({ q: adminSearchField, sort: sortField(columns, fallback) });
}

/** A boolean filter in a query string: "true"/"false", absent for either. */
export const queryFlag = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true")
  .optional();

/** The version an edit started from: a stale one is refused with 409 and the current record. */
export const versionField = z.coerce
  .number({ error: "version must be a number" })
  .int({ error: "version must be a whole number" })
  .min(1, { error: "version must be 1 or more" })
  .max(2_147_483_647, { error: "version is out of range" });

/** One page of an admin list. */
/** `more`: more matched than `total` counts (a list that stops counting at a cap). */
export type AdminPage<T> = { items: T[]; total: number; page: number; limit: number; more?: boolean };

/** The ids a bulk action applies to: 1–500 distinct ids. */
export const bulkIdsField = z
  .array(z.number().int().positive().max(2_147_483_647), { error: "ids must be a list of ids" })
  .min(1, { error: "Choose at least one row" })
  .max(500, { error: "At most 500 rows at once" })
  .transform((ids) => [...new Set(ids)]);
