import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, SEARCH_TIER_LAST, SEARCH_TIER_SIZE } from "../../db/schema";

/** How often one server (of all) puts the search tiers right: sold counts move with every order. */
export const SEARCH_TIERS_EVERY_MS = 10 * 60_000;

/**
 * Puts every published product in its search tier (decision 58): tier t holds the sold ranks
 * [SIZE·(2^t − 1), SIZE·(2^(t+1) − 1)), ties by id, the last tier the rest. Only the products
 * whose tier changed are written, without raising their versions (staff edits are not touched).
 * Returns how many moved. The same rule as migration 0023's.
 */
export async function refreshSearchTiers(db: Db): Promise<number> {
  const moved = (await db.execute(sql`
    with moved as (
      update ${products} as p set search_tier = r.tier
      from (
        select id, least(${SEARCH_TIER_LAST}::int, floor(log(2, (row_number() over (order by sold_count desc, id) - 1) / ${SEARCH_TIER_SIZE}::numeric + 1)))::smallint as tier
        from ${products} where published
      ) as r
      where p.id = r.id and p.search_tier <> r.tier
      returning 1
    )
    select count(*)::int as n from moved`)) as unknown as { rows: { n: number }[] };
  return Number(moved.rows[0]?.n ?? 0);
}
