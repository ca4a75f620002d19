/**
 * The product page's hand-tuned statements (decisions 41 and 42), each beside the plain version it
 * must answer as: the product with its printed-book details and its e-book edition in one query
 * (`productQuery`, against `productRowPlainly`), and the related products in one statement of two
 * bounded parts (`relatedQuery`, against `relatedPlainly`, the same ranking in steps).
 * tests/api/hand-tuned-statements.test.ts runs both on every product of the demo catalogue and
 * asks for the same answers; a change to one is a change to both.
 */
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { ProductKind } from "../../../contracts/catalog";
import { type Db, preparedOn, preparedSql } from "../../db/client";
import { bookDetails, ebookDetails, productAuthors, products, relatedProducts } from "../../db/schema";
import { type CardRow, cardColumns, cardSelect, outerId } from "./cards";

export const RELATED_LIMIT = 6;

/** How many of an author's products are looked at for "related": enough for any real author. */
const RELATED_AUTHOR_CANDIDATES = 200;

/**
 * Same kind: the best sellers by the same authors first, then the best sellers sharing a track,
 * in one statement of two bounded parts (one OR over both made PostgreSQL gather every book of a
 * prolific author, thousands, before the first row). The second part leaves out the author's
 * own products, which the first part has ranked already.
 *
 * The related products of one product, by its id. Its kind and the limits are written into the
 * text: PostgreSQL's generic plan for a prepared statement (from the sixth call on) must know
 * them, or it reads every product sharing a track (80,000 of 100,000) to rank six.
 */
export const relatedQuery = preparedSql<
  CardRow & { part: number; sold: number },
  `${ProductKind}:${"tracks" | "none"}`
>((variant) => {
  const [kind, withTracks] = variant.split(":") as [ProductKind, string];
  const id = sql.placeholder("id");
  const base = sql`${products.published} and ${products.kind} = ${sql.raw(`'${kind}'`)} and ${products.id} <> ${id}`;
  // The authors' products, worked out once (a CTE kept as it is): left inside each part, a plan
  // could run it again for every candidate product.
  const authorsProducts = sql`(select product_id from authors_products)`;
  // Each part ranks ids only; the card's columns (its authors, whether it is in stock) are worked
  // out for the twelve at most that are kept, not for every candidate the sort looked at.
  const part = (n: number, where: SQL) => sql`(
      select ${products.id} as id, ${sql.raw(String(n))} as part, ${products.soldCount} as sold
      from ${products} where ${base} and ${where}
      order by ${products.soldCount} desc, ${products.id} asc limit ${sql.raw(String(RELATED_LIMIT))}
    )`;
  const byAuthor = part(0, sql`${products.id} in ${authorsProducts}`);
  // A product without tracks has no second part: an overlap with nothing would scan every product.
  const ranked =
    withTracks === "tracks"
      ? sql`${byAuthor} union all ${part(
          1,
          // The product's own tracks, read in the statement: one statement text for every product.
          sql`${products.tracks} && (select t.tracks from ${products} t where t.id = ${id})
              and ${products.id} not in ${authorsProducts}`,
        )}`
      : byAuthor;
  const query = sql`with authors_products as materialized (
      select pa.product_id from ${productAuthors} pa
      where pa.author_id in (select a.author_id from ${productAuthors} a where a.product_id = ${id})
      limit ${sql.raw(String(RELATED_AUTHOR_CANDIDATES))}
    )
    select ${cardSelect}, r.part, r.sold from (${ranked}) r join ${products} on ${products.id} = r.id`;
  return { name: `related_${kind}_${withTracks}`, query };
});

/**
 * A product's related products as the jobs keep them (`related_products`, decision 60), with
 * their cards, by the primary key: no rows when none are kept (the page then asks `relatedQuery`),
 * one row without a card when the kept list is empty. A product taken down since is left out.
 */
export const keptRelatedQuery = preparedSql<CardRow & { n: number | null }>(() => ({
  name: "related_kept",
  query: sql`select u.n, ${cardSelect}
    from ${relatedProducts} r
    left join lateral unnest(r.ids) with ordinality as u(id, n) on true
    left join ${products} on ${products.id} = u.id and ${products.published}
    where r.product_id = ${sql.placeholder("id")}
    order by u.n`,
}));

/** The product row of a detail; a printed book's details and its e-book edition come with it. */
/** A product detail's own columns: its card's and the rest of its row. */
const detailColumns = {
  ...cardColumns,
  description: products.description,
  tracks: products.tracks,
  hscYear: products.hscYear,
  language: products.language,
  stock: products.stock,
};

export const productQuery = preparedOn(
  (db, variant: `${ProductKind}:${"id" | "slug"}:${"published" | "any"}`) => {
    const [kind, by, which] = variant.split(":") as [ProductKind, "id" | "slug", "published" | "any"];
    const book = kind === "book";
    const key = sql.placeholder("key");
    const query = db
      .select({
        ...detailColumns,
        ...(book
          ? {
              publisher: bookDetails.publisher,
              edition: bookDetails.edition,
              isbn: bookDetails.isbn,
              pages: bookDetails.pages,
              ebookId: sql<number | null>`(
                select e.product_id from ${ebookDetails} e join ${products} ep on ep.id = e.product_id
                where e.book_id = ${outerId} and ep.published limit 1
              )`,
            }
          : {}),
      })
      .from(products)
      .where(
        and(
          eq(products.kind, kind),
          which === "published" ? eq(products.published, true) : undefined,
          by === "id" ? eq(products.id, key) : eq(products.slug, key),
        ),
      )
      .limit(1)
      .$dynamic();
    return (book ? query.leftJoin(bookDetails, eq(bookDetails.productId, products.id)) : query).prepare(
      `product_${kind}_${by}_${which}`,
    );
  },
);

/** The plain version of `productQuery`: the product, then a printed book's details and its published e-book edition. */
export async function productRowPlainly(
  db: Db,
  kind: ProductKind,
  key: number | string,
  which: "published" | "any",
) {
  const [row] = await db
    .select(detailColumns)
    .from(products)
    .where(
      and(
        eq(products.kind, kind),
        which === "published" ? eq(products.published, true) : undefined,
        typeof key === "number" ? eq(products.id, key) : eq(products.slug, key),
      ),
    )
    .limit(1);
  if (!row || kind !== "book") return row;
  const [details] = await db.select().from(bookDetails).where(eq(bookDetails.productId, row.id));
  const [edition] = await db
    .select({ id: ebookDetails.productId })
    .from(ebookDetails)
    .innerJoin(products, eq(products.id, ebookDetails.productId))
    .where(and(eq(ebookDetails.bookId, row.id), eq(products.published, true)))
    .limit(1);
  return {
    ...row,
    publisher: details?.publisher ?? null,
    edition: details?.edition ?? null,
    isbn: details?.isbn ?? null,
    pages: details?.pages ?? null,
    ebookId: edition?.id ?? null,
  };
}

/**
 * The plain version of `relatedQuery`: the ids of a product's related products, ranked. The best
 * sellers of its kind by the same authors first, then those sharing a track (the authors' own
 * left out), each part and the whole at most RELATED_LIMIT.
 */
export async function relatedPlainly(
  db: Db,
  p: { id: number; kind: ProductKind; tracks: string[] },
): Promise<number[]> {
  const ownAuthors = db
    .select({ id: productAuthors.authorId })
    .from(productAuthors)
    .where(eq(productAuthors.productId, p.id));
  const authorsProducts = (
    await db
      .select({ id: productAuthors.productId })
      .from(productAuthors)
      .where(inArray(productAuthors.authorId, ownAuthors))
      .limit(RELATED_AUTHOR_CANDIDATES)
  ).map((r) => r.id);
  const bestSellers = async (where: SQL | undefined) =>
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.published, true), eq(products.kind, p.kind), sql`${products.id} <> ${p.id}`, where),
        )
        .orderBy(desc(products.soldCount), asc(products.id))
        .limit(RELATED_LIMIT)
    ).map((r) => r.id);
  const byAuthor = authorsProducts.length > 0 ? await bestSellers(inArray(products.id, authorsProducts)) : [];
  const byTrack =
    p.tracks.length > 0
      ? await bestSellers(
          and(
            sql`${products.tracks} && ${sql.param(p.tracks)}::text[]`,
            authorsProducts.length > 0 ? notInArray(products.id, authorsProducts) : undefined,
          ),
        )
      : [];
  return [...byAuthor, ...byTrack].slice(0, RELATED_LIMIT);
}
