import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { banglaKeys, KEY_MARK, typedKey } from "../../../contracts/banglish";
import type { Page, ProductCard, ProductDetail, ProductKind, Sort, Track } from "../../../contracts/catalog";
import type { FilterChoices } from "../../../contracts/catalog-query";
import { productPath } from "../../../contracts/paths";
import {
  isbnsOf,
  normaliseSearch,
  searchWords,
  swapDistance,
  termFor,
  toPrefixTsQuery,
} from "../../../contracts/search";
import { SUBJECTS, type Subject, subjectTitlePattern } from "../../../contracts/subjects";
import { planEachCall, planOnce } from "../../db/client";
import {
  authorRedirects,
  authors,
  bookDetails,
  bundleItems,
  contentChapters,
  ebookDetails,
  isbnDigitsSql,
  productAuthors,
  products,
  SEARCH_TIER_LAST,
  searchLexemes,
  searchWords as searchWordsTable,
  stationeryDetails,
} from "../../db/schema";
import { replicaSafe } from "../access";
import { containsPattern } from "../admin";
import { effectivePriceSql, effectivePrice as priceOf } from "../cart/pricing";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { type CardRow, cardColumns, cardSelect, inStockSql, toCard } from "./cards";
import { keptRelatedQuery, productQuery, RELATED_LIMIT, relatedQuery } from "./statements";

/** Who reads the catalogue: a context, whose shopper's reads may go to a replica (`replicaSafe`). */
export type CatalogueReader = Pick<Ctx, "db"> & Partial<Pick<Ctx, "user" | "replicas">>;

export type ListQuery = {
  kind?: ProductKind;
  track?: Track;
  subject?: Subject;
  hscYear?: number;
  authorId?: number;
  /** An author's slug (a merged author's former slug finds the author kept). */
  author?: string;
  /** A book's publisher, as `book_details.publisher` names it, case aside. */
  publisher?: string;
  /** Effective price bounds in poisha. */
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  q?: string;
  /** Search the words as typed: no typo correction ("search instead for …"). */
  exact?: boolean;
  sort?: Sort;
  page: number;
  limit: number;
};

/** A page of a search: `searchedFor` is set when the words as typed found nothing and were corrected. */
export type SearchResults = Page<ProductCard> & { searchedFor?: string };

/**
 * How close a typed word must be to a word of the names to count as a typo of it (pg_trgm word
 * similarity). Low enough for a dropped letter in a short word ("frst" → "first"): only
 * the closest three words are tried, and only when the words as typed find nothing. Swapped
 * letters ("frist") are found by edit distance instead (correctTypos).
 */
export const TYPO_THRESHOLD = 0.3;

const effectivePrice = effectivePriceSql(products);

/**
 * A product of the subject (contracts/subjects.ts): an English word of it in the title, or a
 * Bangla one in the Bangla title. The search names hold both titles, so their trigram index
 * narrows the rows first; the titles themselves then decide (an author or publisher named
 * "Bangla…" does not make a book a Bangla one).
 */
function subjectSql(subject: Subject): SQL {
  const en = subjectTitlePattern(subject);
  const bn = SUBJECTS[subject].bn.map((w) => `%${w}%`);
  const anyName = `${en}|${SUBJECTS[subject].bn.join("|")}`;
  return sql`(${products.searchNames} ~* ${anyName} and (${products.title} ~* ${en} or ${products.titleBn} like any(${sql`array[${sql.join(
    bn.map((b) => sql`${b}`),
    sql`, `,
  )}]::text[]`})))`;
}

/**
 * What every product of the subject holds somewhere in its lowered search names (its titles are in
 * them): a condition the names' trigram index answers, so a count of a subject reads only the rows
 * holding one of its words instead of trying the titles' patterns on every product (0.39 s on
 * 100,000 books, 71 ms this way). Implied by `subjectSql`, so adding it changes no answer.
 */
function subjectWordsSql(subject: Subject): SQL {
  const words = [...SUBJECTS[subject].en, ...SUBJECTS[subject].bn].map((w) =>
    containsPattern(w.toLowerCase()),
  );
  return sql`(${sql.join(
    words.map((w) => sql`${products.searchKey} like ${w}`),
    sql` or `,
  )})`;
}

/**
 * A product by the author of this slug, or of a slug merged into them (author_redirects): the
 * author's products through the join's author index, so a filtered list reads only them.
 */
function authorSql(slug: string): SQL {
  return sql`${products.id} in (select pa.product_id from ${productAuthors} pa where pa.author_id in (
    select a.id from ${authors} a where a.slug = ${slug}
    union select r.author_id from ${authorRedirects} r where r.from_slug = ${slug}))`;
}

/**
 * A book of this publisher, case aside: staff type publishers by hand ("Panjeree", "panjeree"),
 * and one publisher should be one choice. The index on `lower(publisher)` finds its books.
 */
function publisherSql(publisher: string): SQL {
  return sql`${products.id} in (select ${bookDetails.productId} from ${bookDetails} where lower(${bookDetails.publisher}) = lower(${publisher}))`;
}

/** The order of a list; a list without a search has no rank, so relevance is best-selling. */
function orderFor(sort: Sort): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "price_asc":
      return [asc(effectivePrice), asc(products.id)];
    case "price_desc":
      return [desc(effectivePrice), asc(products.id)];
    case "best_selling":
      return [desc(products.soldCount), asc(products.id)];
    case "relevance":
      return [desc(products.soldCount), asc(products.id)];
  }
}

/**
 * Published products, filtered, sorted and paged, with the total.
 * A search matches whole words by prefix (full text) or, for typos, by trigram similarity.
 */
export function listProducts(reader: CatalogueReader, query: ListQuery): Promise<SearchResults> {
  const ctx = replicaSafe(reader);
  return queryProducts(ctx, query, { count: true });
}

/**
 * The cards of one page and nothing else, for lists that show no total (the home page's rows):
 * a list then skips counting every match, which on a large catalogue costs far more than the page.
 */
export async function listProductCards(reader: CatalogueReader, query: ListQuery): Promise<ProductCard[]> {
  const ctx = replicaSafe(reader);
  return (await queryProducts(ctx, query, { count: false })).items;
}

/**
 * A search is planned for its words on every call (decision 41), and so is a list of a subject:
 * prepared, it was given a generic plan after five calls on a connection that tried the subject's
 * patterns on far more rows (1.3–4.8 s a list of math on 100,000 books, where its custom plan
 * takes 0.2 s). Other lists are prepared.
 */
function queryProducts(
  ctx: Pick<Ctx, "db">,
  query: ListQuery,
  opts: { count: boolean },
): Promise<SearchResults> {
  return query.q || query.subject
    ? planEachCall(() => runQueryProducts(ctx, query, opts))
    : runQueryProducts(ctx, query, opts);
}

async function runQueryProducts(
  ctx: Pick<Ctx, "db">,
  query: ListQuery,
  opts: { count: boolean },
): Promise<SearchResults> {
  // A search's ranked read is prepared once for all words (planOnce): told `published = $1`, the
  // planner would price the published rows as half the table and intersect them with each tier's.
  const where: SQL[] = [query.q ? sql`${products.published}` : eq(products.published, true)];
  if (query.kind) where.push(eq(products.kind, query.kind));
  if (query.track) where.push(sql`${products.tracks} @> array[${query.track}]::text[]`);
  if (query.subject) where.push(subjectSql(query.subject));
  if (query.hscYear) where.push(eq(products.hscYear, query.hscYear));
  if (query.authorId) {
    where.push(
      sql`exists (select 1 from ${productAuthors} pa where pa.product_id = ${products.id} and pa.author_id = ${query.authorId})`,
    );
  }
  if (query.author) where.push(authorSql(query.author));
  if (query.publisher) where.push(publisherSql(query.publisher));
  if (query.minPrice !== undefined) where.push(sql`${effectivePrice} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) where.push(sql`${effectivePrice} <= ${query.maxPrice}`);
  if (query.inStock) where.push(inStockSql);

  const text = query.q ? normaliseSearch(query.q) : "";
  // A search that is an ISBN finds its book (and nothing else) through the ISBN's index.
  const isbns = query.q ? isbnsOf(query.q) : null;
  if (isbns) {
    where.push(
      sql`${products.id} in (select ${bookDetails.productId} from ${bookDetails} where ${isbnDigitsSql(bookDetails.isbn)} in ${isbns})`,
    );
  }
  const tsq = query.q && !isbns ? toPrefixTsQuery(query.q) : null;
  if (query.q !== undefined && !tsq && !isbns)
    return { items: [], total: 0, page: query.page, limit: query.limit };
  const sort = query.sort ?? (tsq ? "relevance" : "best_selling");
  if (tsq) {
    // Whole words (by prefix) first; only when they find nothing, the trigram match for typos.
    // Both at once made every loose trigram neighbour a match to rank (tens of thousands of rows).
    const exact = await searchPage(ctx, where, tsq, sort, query);
    if (exact.total > 0 || text.length < 3 || query.exact) return exact;
    const words = searchWords(query.q ?? "");
    const corrected = await correctTypos(ctx, words);
    if (!corrected) return exact;
    const found = await searchPage(ctx, where, corrected.tsQuery, sort, query);
    if (found.total === 0) return found;
    return { ...found, searchedFor: searchedFor(words, corrected.shown, found.items) };
  }
  const offset = (query.page - 1) * query.limit;
  // A list: the page comes straight off the (kind, published, …) indexes, and the total from a
  // count of its own only when the page does not tell it. A window count over the page query
  // would read and sort every matching row (the whole catalogue for a home-page row) first.
  const rows = await ctx.db
    .select(cardColumns)
    .from(products)
    .where(and(...where))
    .orderBy(...orderFor(sort))
    .limit(query.limit)
    .offset(offset);
  let total = rows.length;
  if (opts.count && (offset > 0 || rows.length === query.limit)) {
    const [counted] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      // The page walks the sold-count order and stops at its rows; the count reads every match.
      .where(and(...where, query.subject ? subjectWordsSql(query.subject) : undefined));
    total = counted?.n ?? 0;
  }
  return { items: rows.map((r) => toCard(r as CardRow)), total, page: query.page, limit: query.limit };
}

/**
 * How many matches a search ranks and counts. A common word or a two-letter prefix matches tens
 * of thousands of books; ranking them all cost 40 ms of database time per search. About the
 * best-selling 1,000 matches are ranked instead, and the total reads "1,000+".
 */
export const SEARCH_CAP = 1000;

/** The search tiers, best-selling first (`products.searchTier`, decision 58). */
const TIERS = Array.from({ length: SEARCH_TIER_LAST + 1 }, (_, t) => t);

/** A lexeme of a tsquery text as PostgreSQL writes it, quotes doubled inside: `'physics'`. */
const LEXEME = /'((?:[^']|'')+)'/g;

/**
 * A search's query for one tier's entries of the tagged index (decision 61): every lexeme under
 * the tier's name, `'physics' & 'first':*` → `'3|physics' & '3|first':*`. A product of tier t
 * matches it exactly when its document matches the query, as `search_tagged` indexes it.
 */
export function tierQuery(tsQueryText: string, tier: number): string {
  return tsQueryText.replace(LEXEME, (_item, lexeme: string) => `'${tier}|${lexeme}'`);
}

/** Runs `fn` as it is: inside `planEachCall`, its statements are planned for their values. */
const planHere = <T>(fn: () => Promise<T>): Promise<T> => fn();

/** The tagged index's expression (migration 0027), as the statement must name it to use it. */
const searchTagged = sql`search_tagged(${products.searchVector}, ${products.searchTier})`;

/**
 * One page of search results.
 *
 * By relevance, the ranked set is the first SEARCH_CAP + 1 matches read tier by tier, the
 * best-selling tier first (decision 58): each tier's matches are one read of the GIN index of the
 * document's words named with their tier (decision 61), which finds that tier's entries alone, and
 * the tiers after the set is full are never read. So a common word
 * costs about as much as a rare one: the set holds every match of the tiers before the last one
 * read, and some of that last one's. One statement ranks the set, counts it (the total is exact
 * below SEARCH_CAP + 1, "1,000+" above) and brings the page's cards.
 *
 * By another order, the page's ids are read in that order, the total counted up to SEARCH_CAP,
 * then the cards of just those ids are built.
 */
async function searchPage(
  ctx: Pick<Ctx, "db">,
  filters: SQL[],
  tsq: string,
  sort: Sort,
  query: ListQuery,
): Promise<Page<ProductCard>> {
  const offset = (query.page - 1) * query.limit;
  const { ranked, matched } = await wholeWords(ctx, tsq);
  const tsQuery = sql`${ranked}::tsquery`;
  const where = and(...filters, sql`${products.searchVector} @@ ${matched}::tsquery`);
  if (sort === "relevance") {
    // A search with no filter but `published` (the header's box, most searches) has one best plan
    // for any words: its values are passed through subqueries, which the planner cannot look into,
    // so a custom plan can be no cheaper than the generic one and PostgreSQL keeps the generic plan
    // after the first five calls on a connection instead of planning each call (1.7 ms of 5–9).
    // A filtered search keeps its values in sight: how common the words are decides whether the
    // filter's own index is worth reading beside the tier's matches.
    const unfiltered = filters.length === 1;
    const hidden = (value: SQL) => (unfiltered ? sql`(select ${value})` : value);
    const tiers = sql.join(
      TIERS.map(
        (tier) =>
          sql`(select ${products.id} as id, ${products.searchVector} as vector, ${products.soldCount} as sold from ${products} where ${and(...filters, sql`${searchTagged} @@ ${hidden(sql`${tierQuery(matched, tier)}::tsquery`)}`)})`,
      ),
      sql` union all `,
    );
    // One statement: the set, its count, and the cards of the page asked for, in rank order (a
    // page past the end still answers its one row, with the count and no card). A filtered one is
    // planned on every call (not prepared): after five calls PostgreSQL may keep a generic plan,
    // and for a subject that plan read the names' trigram index beside every tier (10 s a search).
    const answer = (await (unfiltered ? planOnce : planHere)(
      async () =>
        await ctx.db.execute(sql`
      with best as materialized (select * from (${tiers}) tiers where serial_plan() limit ${sql.raw(String(SEARCH_CAP + 1))}),
        page as (
          select id, row_number() over (order by ts_rank(vector, ${hidden(tsQuery)}) desc, sold desc, id) as ord from best
          order by ord limit ${hidden(sql`${query.limit}::int`)} offset ${hidden(sql`${offset}::int`)}
        )
      select (select count(*) from best)::int as total, page.ord, ${cardSelect}
      from (select 1) as one left join page on true left join ${products} on ${products.id} = page.id
      order by page.ord`),
    )) as unknown as {
      rows: (CardRow & { total: number; ord: number | null })[];
    };
    const counted = Number(answer.rows[0]?.total ?? 0);
    const items = answer.rows.flatMap((r) => (r.ord === null || r.id === null ? [] : [toCard(r)]));
    return {
      items,
      total: Math.min(counted, SEARCH_CAP),
      ...(counted > SEARCH_CAP ? { more: true } : {}),
      page: query.page,
      limit: query.limit,
    };
  }
  const ids = (
    await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...orderFor(sort))
      .limit(query.limit)
      .offset(offset)
  ).map((p) => p.id);
  let total = offset + ids.length;
  if (ids.length === query.limit || offset > 0) total = await countMatches(ctx, where);
  const byId = await findCards(ctx, ids);
  return {
    items: ids.flatMap((id) => byId.get(id) ?? []),
    total: Math.min(total, SEARCH_CAP),
    ...(total > SEARCH_CAP ? { more: true } : {}),
    page: query.page,
    limit: query.limit,
  };
}

/** How many whole words a prefix may stand for before it is searched as a prefix after all. */
export const PREFIX_WORDS_MAX = 32;

/** A prefix item of a tsquery text as PostgreSQL writes it: `'physics':*`. */
const PREFIX_ITEM = /'((?:[^']|'')+)':\*/g;

/**
 * A search's `to_tsquery('simple', …)` text as PostgreSQL reads it (`ranked`, the query its
 * matches are ranked by), and the same query with every prefix (`'physics':*`) replaced by the
 * whole words of the documents it stands for (`matched`: `'physics' | 'physicss'`), looked up in
 * `search_lexemes`. Both match the same products; the GIN index finds a whole word with a read
 * of its entry, where a prefix walks every entry it covers on every read of the index (a tiered
 * search reads it once per tier). A prefix standing for no word, or for more than
 * PREFIX_WORDS_MAX words (one or two letters typed), stays a prefix. Both are tsquery texts (the
 * lexemes quoted), cast with `::tsquery`, so no word is parsed again.
 */
async function wholeWords(ctx: Pick<Ctx, "db">, tsq: string): Promise<{ ranked: string; matched: string }> {
  // One statement: the query as PostgreSQL reads it, and each of its prefixes with its words.
  const answer = (await ctx.db.execute(sql`
    with q as (select to_tsquery('simple', ${tsq})::text as t)
    select q.t, p.lex, array(
        select ${searchLexemes.word} from ${searchLexemes}
        where ${searchLexemes.word} >= p.lex collate "C" and ${searchLexemes.word} < (p.lex || chr(1114111)) collate "C"
        order by ${searchLexemes.word} limit ${PREFIX_WORDS_MAX + 1}
      ) as words
    from q left join lateral (
      select distinct replace(m[1], '''''', '''') as lex
      from regexp_matches(q.t, '''((?:[^'']|'''')+)'':[*]', 'g') as m
    ) p on true`)) as unknown as { rows: { t: string; lex: string | null; words: string[] | null }[] };
  const ranked = answer.rows[0]?.t ?? "";
  const wordsOf = new Map<string, string[]>();
  for (const r of answer.rows) if (r.lex !== null) wordsOf.set(r.lex, r.words ?? []);
  const quote = (w: string) => `'${w.replaceAll("'", "''")}'`;
  const matched = ranked.replace(PREFIX_ITEM, (item, lex: string) => {
    const words = wordsOf.get(lex.replaceAll("''", "'"));
    if (!words || words.length === 0 || words.length > PREFIX_WORDS_MAX) return item;
    return words.length === 1 ? quote(words[0]!) : `( ${words.map(quote).join(" | ")} )`;
  });
  return { ranked, matched };
}

/**
 * The matches of a search in an order other than relevance, counted up to SEARCH_CAP + 1 through
 * the full-text GIN index alone.
 * Left to itself the planner counts a prefix query (`physics:*`) by reading the table in order
 * until 1,001 rows match (or down the sold-count index): it prices a GIN prefix scan high and
 * expects the matches early, yet finding them reads a tenth of the table (7,000 buffers, 20 ms on
 * 100,000 books) where the index's bitmap finds them in 3 ms and 1,001 rows' pages (decision 34).
 * Sequential and plain index scans are turned off for this one statement's transaction, so the
 * bitmap of the GIN index (with any btree filter beside it) is the only way left.
 */
async function countMatches(ctx: Pick<Ctx, "db">, where: SQL | undefined): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    const capped = tx
      .select({ one: sql`1` })
      .from(products)
      .where(where)
      .limit(SEARCH_CAP + 1)
      .as("capped");
    const [counted] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(capped);
    return counted?.n ?? 0;
  });
}

/** How far (swap distance) a word of the names may be from a typed word to be taken for it. */
function swapTolerance(word: string): number {
  return word.length >= 8 ? 2 : 1;
}

type Candidate = { probe: number; word: string; sim: number; near: boolean; key: boolean };

/** A typed word put right: what the search looks for instead, and what the page shows for it. */
export type Correction = {
  /** The full-text query (the `to_tsquery('simple', …)` text). */
  tsQuery: string;
  /** Per typed word: the word it was taken for, and whether that is a Banglish key. */
  shown: { word: string; key: boolean }[];
};

/**
 * A full-text query in which every typed word that no product name holds is replaced by the
 * names' words closest to it: its nearest neighbours by swap distance (a letter dropped, doubled,
 * changed, or two swapped: "frist" → "first"; Levenshtein in PostgreSQL, fuzzystrmatch, narrows
 * the words to look at), else the best three by trigram word similarity. A word of Latin letters is also
 * looked up by its Banglish key among the keys ("podartoh" → পদার্থ). Null when nothing changed.
 */
export function correctTypos(ctx: Pick<Ctx, "db">, words: string[]): Promise<Correction | null> {
  return planEachCall(() => findCorrections(ctx, words));
}

async function findCorrections(ctx: Pick<Ctx, "db">, words: string[]): Promise<Correction | null> {
  if (words.length === 0) return null;
  // The probes: each typed word itself, and its Banglish key when it has one.
  const probes: { typed: number; text: string; key: boolean }[] = [];
  words.forEach((w, i) => {
    if (w.length < 3) return;
    probes.push({ typed: i, text: w, key: false });
    const key = typedKey(w);
    if (key) probes.push({ typed: i, text: key, key: true });
  });
  if (probes.length === 0) return null;
  const list = <T>(values: T[], type: string) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::${sql.raw(type)}`;
  const rows = await ctx.db.transaction(async (tx) => {
    // The threshold is set for this transaction only.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
    );
    const found = (await tx.execute(sql`
      select q.n as probe, s.word, s.sim, s.near
      from unnest(${list(
        probes.map((p) => p.text),
        "text[]",
      )}, ${list(
        probes.map((p) => p.key),
        "boolean[]",
      )}) with ordinality as q(w, k, n)
      cross join lateral (
        (select sw.word, word_similarity(q.w, sw.word) as sim, false as near
          from ${searchWordsTable} sw
          where q.w <% sw.word and (sw.word like ${`${KEY_MARK}%`}) = q.k
          order by sw.word = q.w desc, word_similarity(q.w, sw.word) desc, length(sw.word), sw.word
          limit 3)
        union all
        (select sw.word, word_similarity(q.w, sw.word) as sim, true as near
          from ${searchWordsTable} sw
          where length(sw.word) between length(q.w) - 2 and length(q.w) + 2
            and (sw.word like ${`${KEY_MARK}%`}) = q.k
            and levenshtein_less_equal(q.w, sw.word, 2) <= 2
          order by levenshtein_less_equal(q.w, sw.word, 2), sw.word
          limit 8)
      ) s`)) as unknown as { rows: { probe: number | string; word: string; sim: number; near: boolean }[] };
    return found.rows.map((r) => ({ ...r, probe: Number(r.probe) - 1, sim: Number(r.sim) }));
  });

  let changed = false;
  const shown = words.map((word) => ({ word, key: false }));
  const parts = words.map((w, i) => {
    const mine = probes.flatMap((p, n) => (p.typed === i ? [{ ...p, n }] : []));
    // A word the names hold as typed (or whose key they hold) is no typo.
    const exact = mine.some((p) => rows.some((r) => r.probe === p.n && r.word === p.text));
    if (mine.length === 0 || exact) return termFor(w);
    // Neighbours by swap distance (the closest), else the trigram neighbours, of the word itself
    // and of its key alike.
    const near: (Candidate & { d: number })[] = [];
    const loose: Candidate[] = [];
    for (const p of mine) {
      for (const r of rows) {
        if (r.probe !== p.n) continue;
        if (!r.near) loose.push({ ...r, key: p.key });
        else {
          const d = swapDistance(p.text, r.word);
          if (d <= swapTolerance(p.text)) near.push({ ...r, key: p.key, d });
        }
      }
    }
    near.sort((x, y) => x.d - y.d || y.sim - x.sim || x.word.localeCompare(y.word));
    loose.sort((x, y) => y.sim - x.sim);
    // The closest neighbours only when there are any (a short key has many a letter or two away).
    const closest = near.filter((r) => r.d === near[0]?.d);
    const picked: Candidate[] = [];
    for (const r of closest.length ? closest : loose) {
      if (!picked.some((c) => c.word === r.word)) picked.push(r);
    }
    const best = picked.slice(0, 3);
    if (best.length === 0) return termFor(w);
    changed = true;
    shown[i] = { word: (best[0] as Candidate).word, key: (best[0] as Candidate).key };
    return `(${best.map((c) => `'${c.word.replaceAll("'", "''")}'`).join(" | ")})`;
  });
  return changed ? { tsQuery: parts.join(" & "), shown } : null;
}

/**
 * What a corrected search shows it searched for: the corrected words, a Banglish key read back
 * as the Bangla word of a found product that has it (the typed word when none does).
 */
function searchedFor(words: string[], shown: Correction["shown"], found: ProductCard[]): string {
  const bangla = new Map<string, string>();
  for (const card of found) {
    const names = [card.titleBn ?? "", ...card.authors.map((a) => a.nameBn ?? "")].join(" ");
    for (const word of names.normalize("NFC").match(/[\u0980-\u09FF]+/g) ?? []) {
      const [key] = banglaKeys(word);
      if (key && !bangla.has(key)) bangla.set(key, word);
    }
  }
  return shown.map((s, i) => (s.key ? (bangla.get(s.word) ?? words[i]) : s.word)).join(" ");
}

/** How many suggestions the header shows. */
export const SUGGEST_LIMIT = 8;

/** A suggestion: a product card with what tells it apart from others of the same title. */
export type Suggestion = ProductCard & {
  publisher: string | null;
  edition: string | null;
  hscYear: number | null;
};

/**
 * Up to 8 products matching what is being typed, for the header's suggestions, each with its
 * publisher, edition and HSC year (and the card's price and cover) so books of one title can be
 * told apart. Products that would look the same (kind, titles, publisher, edition and year alike)
 * are shown once, the best match.
 */
export function suggestProducts(reader: CatalogueReader, q: string): Promise<Suggestion[]> {
  const ctx = replicaSafe(reader);
  return planEachCall(() => findSuggestions(ctx, q));
}

async function findSuggestions(ctx: Pick<Ctx, "db">, q: string): Promise<Suggestion[]> {
  const page = await listProducts(ctx, { q, sort: "relevance", page: 1, limit: SUGGEST_LIMIT * 3 });
  const ids = page.items.map((i) => i.id);
  if (ids.length === 0) return [];
  const details = await ctx.db
    .select({
      id: products.id,
      hscYear: products.hscYear,
      publisher: bookDetails.publisher,
      edition: bookDetails.edition,
    })
    .from(products)
    .leftJoin(bookDetails, eq(bookDetails.productId, products.id))
    .where(inArray(products.id, ids));
  const byId = new Map(details.map((d) => [d.id, d]));
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const card of page.items) {
    const d = byId.get(card.id);
    // Each field named: a spread followed by new fields is copied by V8's slow path, about 3 µs
    // a card (decision 45).
    const s: Suggestion = {
      id: card.id,
      kind: card.kind,
      slug: card.slug,
      title: card.title,
      titleBn: card.titleBn,
      price: card.price,
      salePrice: card.salePrice,
      inStock: card.inStock,
      availability: card.availability,
      image: card.image,
      authors: card.authors,
      rating: card.rating,
      url: card.url,
      publisher: d?.publisher ?? null,
      edition: d?.edition ?? null,
      hscYear: d?.hscYear ?? null,
    };
    const look = JSON.stringify([s.kind, s.title, s.titleBn, s.publisher, s.edition, s.hscYear]);
    if (seen.has(look)) continue;
    seen.add(look);
    out.push(s);
    if (out.length === SUGGEST_LIMIT) break;
  }
  return out;
}

async function findCards(ctx: Pick<Ctx, "db">, ids: number[]): Promise<Map<number, ProductCard>> {
  if (ids.length === 0) return new Map();
  // The same plan for any ids (the primary key): prepared, even inside a search's planEachCall.
  const rows = await planOnce(
    async () => await ctx.db.select(cardColumns).from(products).where(inArray(products.id, ids)),
  );
  return new Map(rows.map((r) => [r.id, toCard(r as CardRow)]));
}

async function listRelated(
  ctx: Pick<Ctx, "db">,
  p: { id: number; kind: ProductKind; tracks: string[] },
): Promise<ProductCard[]> {
  // As the jobs keep them (decision 60), else worked out here.
  const kept = await keptRelatedQuery(ctx.db, "statement").execute({ id: p.id });
  if (kept.rows.length > 0) {
    return kept.rows.filter((r) => r.id !== null).map((r) => toCard(r));
  }
  const { rows } = await relatedQuery(ctx.db, `${p.kind}:${p.tracks.length > 0 ? "tracks" : "none"}`).execute(
    {
      id: p.id,
    },
  );
  return rows
    .sort((a, b) => a.part - b.part || b.sold - a.sold || a.id - b.id)
    .slice(0, RELATED_LIMIT)
    .map((r) => toCard(r as CardRow));
}

/**
 * A published product of the given kind with its kind's details, by id (or by slug for
 * bundles); unknown or unpublished is not found. Chapter bodies are shown for free text and video chapters
 * only (a PDF chapter's body is a file key).
 */
export async function getProduct(
  reader: CatalogueReader,
  kind: ProductKind,
  key: number | string,
  /** Also a product taken down: for callers already allowed to see it (an owner of a course). */
  opts: { unpublished?: boolean } = {},
): Promise<ProductDetail> {
  const ctx = replicaSafe(reader);
  const variant =
    `${kind}:${typeof key === "number" ? "id" : "slug"}:${opts.unpublished ? "any" : "published"}` as const;
  const [row] = await productQuery(ctx.db, variant).execute({ key });
  if (!row) throw new DomainError("not_found", `No such ${kind === "stationary" ? "stationery item" : kind}`);

  const detail: ProductDetail = {
    ...toCard(row as CardRow),
    description: row.description,
    tracks: row.tracks as Track[],
    hscYear: row.hscYear,
    language: row.language,
    stock: row.stock,
    related: [],
  };

  const [related] = await Promise.all([
    listRelated(ctx, { id: row.id, kind, tracks: row.tracks }),
    (async () => {
      if (kind === "book") {
        const b = row as typeof row & {
          publisher: string | null;
          edition: string | null;
          isbn: string | null;
          pages: number | null;
          ebookId: number | null;
        };
        detail.book = {
          publisher: b.publisher ?? null,
          edition: b.edition ?? null,
          isbn: b.isbn ?? null,
          pages: b.pages ?? null,
          ebookId: b.ebookId === null || b.ebookId === undefined ? null : Number(b.ebookId),
        };
      } else if (kind === "ebook") {
        const [e] = await ctx.db.select().from(ebookDetails).where(eq(ebookDetails.productId, row.id));
        const linked = e?.bookId ? (await findCards(ctx, [e.bookId])).get(e.bookId) : undefined;
        detail.ebook = {
          pageCount: e?.pageCount ?? 0,
          demoPages: e?.demoPages ?? [],
          book: linked ?? null,
        };
      } else if (kind === "bundle") {
        const items = await ctx.db
          .select({ itemId: bundleItems.itemId, quantity: bundleItems.quantity })
          .from(bundleItems)
          .where(eq(bundleItems.bundleId, row.id));
        const cards = await findCards(
          ctx,
          items.map((i) => i.itemId),
        );
        const lines = items.flatMap((i) => {
          const c = cards.get(i.itemId);
          return c ? [{ ...c, quantity: i.quantity }] : [];
        });
        const itemsTotal = lines.reduce((s, l) => s + priceOf(l) * l.quantity, 0);
        const own = priceOf(detail);
        detail.bundle = { items: lines, itemsTotal, saving: Math.max(0, itemsTotal - own) };
      } else if (kind === "stationary") {
        const [s] = await ctx.db
          .select()
          .from(stationeryDetails)
          .where(eq(stationeryDetails.productId, row.id));
        detail.stationery = { brand: s?.brand ?? null, category: s?.category ?? "", images: s?.images ?? [] };
      } else if (kind === "content") {
        const chapters = await ctx.db
          .select()
          .from(contentChapters)
          .where(eq(contentChapters.productId, row.id))
          .orderBy(asc(contentChapters.position));
        detail.content = {
          chapters: chapters.map((c) => ({
            id: c.id,
            position: c.position,
            title: c.title,
            kind: c.kind,
            isFree: c.isFree,
            // A PDF chapter's body is its file's storage key: never sent, the reader serves it.
            body: c.isFree && c.kind !== "pdf" ? c.body : null,
          })),
        };
      }
    })(),
  ]);
  detail.related = related;
  return detail;
}

/**
 * An author and their published products. The slug of an author merged into another (or renamed)
 * finds the author kept: the answer's slug is then not the one asked for, and the page redirects.
 */
export async function getAuthor(reader: CatalogueReader, slug: string, page = 1, limit = 24) {
  const ctx = replicaSafe(reader);
  let [author] = await ctx.db.select().from(authors).where(eq(authors.slug, slug)).limit(1);
  if (!author) {
    [author] = await ctx.db
      .select(getTableColumns(authors))
      .from(authorRedirects)
      .innerJoin(authors, eq(authors.id, authorRedirects.authorId))
      .where(eq(authorRedirects.fromSlug, slug))
      .limit(1);
  }
  if (!author) throw new DomainError("not_found", "No such author");
  const list = await listProducts(ctx, { authorId: author.id, sort: "best_selling", page, limit });
  return {
    author: {
      slug: author.slug,
      name: author.name,
      nameBn: author.nameBn,
      bio: author.bio,
      photo: author.photo,
    },
    products: list,
  };
}

/**
 * The sitemap's product files (decision 58's million books): file k holds the published products
 * with ids in ((k − 1)·size, k·size], so no file holds more than `size` and each is one range of
 * the primary key, however far into the catalogue (an OFFSET would read and throw away every row
 * before it). The files that hold at least one product, in order: one probe of the key per range.
 */
export async function sitemapFiles(reader: CatalogueReader, size: number): Promise<number[]> {
  const ctx = replicaSafe(reader);
  const found = (await ctx.db.execute(sql`
    select k from generate_series(1, (select ceil(coalesce(max(${products.id}), 0)::numeric / ${size})::int from ${products})) as k
    where exists (
      select 1 from ${products}
      where ${products.id} > (k - 1) * ${size}::int and ${products.id} <= k * ${size}::int and ${products.published}
    )
    order by k`)) as unknown as { rows: { k: number }[] };
  return found.rows.map((r) => Number(r.k));
}

/** The published products of one sitemap file (`sitemapFiles`), in id order. */
export async function listSitemapProducts(reader: CatalogueReader, file: number, size: number) {
  const ctx = replicaSafe(reader);
  const rows = await ctx.db
    .select({ id: products.id, kind: products.kind, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(
      and(
        eq(products.published, true),
        // The last range stops at the largest integer id, which a parameter may not pass.
        sql`${products.id} > ${(file - 1) * size} and ${products.id} <= ${Math.min(file * size, 2_147_483_647)}`,
      ),
    )
    .orderBy(asc(products.id));
  return rows.map((r) => ({ path: productPath(r), updatedAt: r.updatedAt }));
}

/** The category of each of these stationery items, in one query (their cards name it). */
export async function stationeryCategories(
  reader: CatalogueReader,
  ids: number[],
): Promise<Record<number, string>> {
  const ctx = replicaSafe(reader);
  if (ids.length === 0) return {};
  const rows = await ctx.db
    .select({ id: stationeryDetails.productId, category: stationeryDetails.category })
    .from(stationeryDetails)
    .where(inArray(stationeryDetails.productId, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.category]));
}

export async function listAuthorSlugs(reader: CatalogueReader): Promise<string[]> {
  const ctx = replicaSafe(reader);
  const rows = await ctx.db.select({ slug: authors.slug }).from(authors).orderBy(asc(authors.slug));
  return rows.map((r) => r.slug);
}

/** How many authors and publishers a list's filter offers. */
export const FILTER_CHOICES_MAX = 12;

/**
 * The authors and publishers of the products shown (a list's page), those of more products first,
 * for the list's filter; the author and publisher already chosen are always among them. Read for
 * the shown ids alone (their keys), so it costs the same on any list or search however many match.
 */
export async function listFilterChoices(
  reader: CatalogueReader,
  shown: { ids: number[]; author?: string; publisher?: string },
): Promise<FilterChoices> {
  const ctx = replicaSafe(reader);
  const ids = shown.ids.length > 0 ? shown.ids : [0];
  const [authorRows, publisherRows] = await Promise.all([
    ctx.db
      .select({ slug: authors.slug, name: authors.name, nameBn: authors.nameBn })
      .from(productAuthors)
      .innerJoin(authors, eq(authors.id, productAuthors.authorId))
      .where(inArray(productAuthors.productId, ids))
      .groupBy(authors.id)
      .orderBy(sql`count(*) desc`, asc(authors.name))
      .limit(FILTER_CHOICES_MAX),
    ctx.db
      .select({ publisher: sql<string>`min(trim(${bookDetails.publisher}))` })
      .from(bookDetails)
      .where(and(inArray(bookDetails.productId, ids), sql`trim(${bookDetails.publisher}) <> ''`))
      .groupBy(sql`lower(trim(${bookDetails.publisher}))`)
      .orderBy(sql`count(*) desc`, sql`lower(trim(${bookDetails.publisher}))`)
      .limit(FILTER_CHOICES_MAX),
  ]);
  let chosenAuthor = shown.author ? authorRows.find((a) => a.slug === shown.author) : undefined;
  if (shown.author && !chosenAuthor) {
    // Chosen, and on none of the products shown (an empty page), or a merged author's former slug:
    // the author by that slug, else the author kept, under the slug asked for.
    const [found] = await ctx.db
      .select({ name: authors.name, nameBn: authors.nameBn })
      .from(authors)
      .where(
        sql`${authors.id} in (select a.id from ${authors} a where a.slug = ${shown.author}
          union select r.author_id from ${authorRedirects} r where r.from_slug = ${shown.author})`,
      )
      .limit(1);
    if (found) chosenAuthor = { slug: shown.author, ...found };
  }
  const authorChoices = authorRows.filter((a) => a.slug !== chosenAuthor?.slug);
  if (chosenAuthor) authorChoices.unshift(chosenAuthor);
  const publishers = publisherRows.map((r) => r.publisher);
  const chosen = shown.publisher?.trim();
  const listed = publishers.find((p) => p.toLowerCase() === chosen?.toLowerCase());
  return {
    authors: authorChoices,
    publishers: chosen && !listed ? [chosen, ...publishers] : publishers,
  };
}
