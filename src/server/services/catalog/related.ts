import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productAuthors, products, relatedProducts } from "../../db/schema";
import { RELATED_LIMIT } from "./statements";

/** How often one server (of all) works out every product's related products again (decision 60). */
export const RELATED_EVERY_MS = 60 * 60_000;

/**
 * The best sellers kept per track and kind as candidates for "sharing a track". A product whose
 * own authors fill a cut list so that fewer than it needs are left is not written: its page works
 * them out itself, so no answer is cut short.
 */
const TRACK_CANDIDATES = 20;

/**
 * Works out every product's related products at once and keeps them in `related_products`, the
 * same rule as `relatedQuery` (statements.ts): of the product's kind and published, not itself,
 * the best sellers by its authors first (by sold count, then id), then the best sellers sharing a
 * track by other authors, six in all. A product's best sellers by its authors are among each of
 * its authors' seven best of that kind, and those sharing a track among each track's best
 * (TRACK_CANDIDATES): a few thousand candidates in all instead of a walk per product. Only the
 * lists that changed are written. Returns how many were written and how many left to the page.
 */
export async function refreshRelatedProducts(db: Db): Promise<{ written: number; dropped: number }> {
  const limit = sql.raw(String(RELATED_LIMIT));
  const perAuthor = sql.raw(String(RELATED_LIMIT + 1));
  const perTrack = sql.raw(String(TRACK_CANDIDATES));
  const res = (await db.execute(sql`
    with own_authors as (
      select product_id as id, array_agg(author_id) as ids from ${productAuthors} group by product_id
    ),
    author_best as (
      select author_id, kind, id, sold from (
        select pa.author_id, p.kind, p.id, p.sold_count as sold,
          row_number() over (partition by pa.author_id, p.kind order by p.sold_count desc, p.id) as n
        from ${productAuthors} pa join ${products} p on p.id = pa.product_id where p.published
      ) s where n <= ${perAuthor}
    ),
    track_best as (
      select s.track, s.kind, s.id, s.sold, s.cut, coalesce(a.ids, '{}') as authors from (
        select t.track, p.kind, p.id, p.sold_count as sold,
          row_number() over (partition by t.track, p.kind order by p.sold_count desc, p.id) as n,
          count(*) over (partition by t.track, p.kind) > ${perTrack} as cut
        from ${products} p cross join lateral unnest(p.tracks) as t(track) where p.published
      ) s left join own_authors a using (id) where s.n <= ${perTrack}
    ),
    lists as (select track, kind, bool_or(cut) as cut from track_best group by track, kind),
    by_author as (
      select id, rid, sold from (
        select id, rid, sold, row_number() over (partition by id order by sold desc, rid) as n from (
          select distinct mine.product_id as id, x.id as rid, x.sold
          from ${productAuthors} mine join ${products} p on p.id = mine.product_id
          join author_best x on x.author_id = mine.author_id and x.kind = p.kind
          where x.id <> p.id
        ) d
      ) r where n <= ${limit}
    ),
    track_rows as (
      select p.id, t.track, x.id as rid, x.sold
      from ${products} p cross join lateral unnest(p.tracks) as t(track)
      left join own_authors pa on pa.id = p.id
      join track_best x on x.track = t.track and x.kind = p.kind
      where x.id <> p.id and not (x.authors && coalesce(pa.ids, '{}'))
    ),
    by_track as (
      select id, rid, sold from (
        select id, rid, sold, row_number() over (partition by id order by sold desc, rid) as n
        from (select distinct id, rid, sold from track_rows) d
      ) r where n <= ${limit}
    ),
    merged as (
      select id, (array_agg(rid order by part, sold desc, rid))[1:${limit}] as ids from (
        select id, rid, 0 as part, sold from by_author union all select id, rid, 1, sold from by_track
      ) u group by id
    ),
    track_counts as (select id, track, count(*) as n from track_rows group by id, track),
    author_counts as (select id, count(*) as n from by_author group by id),
    -- A track whose list was cut and left fewer candidates than the product still needs: the
    -- products below the cut might have come next.
    unbounded as (
      select distinct p.id
      from ${products} p cross join lateral unnest(p.tracks) as t(track)
      join lists l on l.track = t.track and l.kind = p.kind and l.cut
      left join track_counts tc on tc.id = p.id and tc.track = t.track
      left join author_counts ac on ac.id = p.id
      where coalesce(tc.n, 0) < ${limit} - coalesce(ac.n, 0)
    ),
    result as (
      select p.id, coalesce(m.ids, '{}') as ids, u.id is not null as unbounded
      from ${products} p left join merged m using (id) left join unbounded u using (id)
    ),
    dropped as (
      delete from ${relatedProducts} r using result
      where r.product_id = result.id and result.unbounded
      returning 1
    ),
    written as (
      insert into ${relatedProducts} (product_id, ids)
      select id, ids from result where not unbounded
      on conflict (product_id) do update set ids = excluded.ids
        where ${relatedProducts}.ids is distinct from excluded.ids
      returning 1
    )
    select (select count(*) from written)::int as written, (select count(*) from dropped)::int as dropped`)) as unknown as {
    rows: { written: number; dropped: number }[];
  };
  const row = res.rows[0];
  return { written: Number(row?.written ?? 0), dropped: Number(row?.dropped ?? 0) };
}
