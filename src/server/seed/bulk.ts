import { max, sql } from "drizzle-orm";
import { searchNamesOf, slugify } from "../../contracts/catalog-text";
import type { Db } from "../db/client";
import { pgArrayLiteral } from "../db/pg-array";
import { authors, products, SEARCH_TIER_LAST, SEARCH_TIER_SIZE } from "../db/schema";
import { recordOpeningStock } from "../services/catalog/stock";
import { bnDigits, isbn13 } from "./catalog";
import { ADMISSION_PUBLISHERS, ADMISSION_TITLES, HSC_PUBLISHERS, HSC_SERIES, SUBJECTS } from "./catalog-data";
import { createRandom, ordinal, type Random } from "./random";

/**
 * Many extra printed books for load and search tests: titles combine subjects, chapters, kinds of
 * book, years and publishers, so a search finds a realistic handful rather than everything or
 * nothing. No covers (image is null); authors are drawn from the authors already there.
 */

const PUBLISHERS = [
  ...new Set([
    ...HSC_PUBLISHERS,
    ...ADMISSION_PUBLISHERS,
    "Nilkhet Book Corner",
    "Banglabazar Academic",
    "Shikkha Tori Prokashon",
    "Dhaka Scholars Press",
    "Chattogram Book Society",
    "Rajshahi Pathshala",
    "Sylhet Student Publications",
    "Meghna Academic",
  ]),
];

/** Kinds of study book beyond the demo's series, with their Bangla names and price ranges (taka). */
const KINDS: { en: string; bn: string; price: [number, number]; yearly: boolean }[] = [
  ...HSC_SERIES.map((s) => ({
    en: s.en || "Complete Guide",
    bn: s.bn || "পূর্ণাঙ্গ গাইড",
    price: s.price,
    yearly: s.yearInTitle,
  })),
  { en: "Suggestion", bn: "সাজেশন", price: [80, 180], yearly: true },
  { en: "Model Tests", bn: "মডেল টেস্ট", price: [200, 380], yearly: true },
  { en: "Revision Notes", bn: "রিভিশন নোট", price: [150, 300], yearly: false },
  { en: "Formula Handbook", bn: "সূত্র হ্যান্ডবুক", price: [120, 250], yearly: false },
  { en: "Solved Problems", bn: "সমাধানকৃত সমস্যা", price: [250, 520], yearly: false },
  { en: "Short Syllabus Guide", bn: "সংক্ষিপ্ত সিলেবাস গাইড", price: [180, 350], yearly: true },
  { en: "One-Shot Revision", bn: "ওয়ান-শট রিভিশন", price: [150, 280], yearly: false },
];

const ADMISSION_KINDS: [string, string][] = [
  ["", ""],
  [" Model Tests", " মডেল টেস্ট"],
  [" Solved Problems", " সমাধানকৃত সমস্যা"],
  [" Final Revision", " ফাইনাল রিভিশন"],
];

const YEARS = [2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027];

type BulkRow = {
  slug: string;
  title: string;
  titleBn: string;
  description: string;
  price: number;
  salePrice: number | null;
  stock: number;
  tracks: string[];
  hscYear: number;
  language: string;
  published: boolean;
  soldCount: number;
  createdAt: Date;
  updatedAt: Date;
  searchNames: string;
  authors: number[];
  publisher: string;
  edition: string;
  isbn: string;
  pages: number;
};

type AuthorRef = { id: number; name: string; nameBn: string | null };

function planBook(r: Random, n: number, now: Date, pool: AuthorRef[]): BulkRow {
  const year = r.pick(YEARS);
  const publisher = r.pick(PUBLISHERS);
  const picked = pool.length ? r.sample(pool, r.chance(0.25) ? 2 : 1) : [];
  let title: string;
  let titleBn: string;
  let tracks: string[];
  let language = "bn";
  let about: string;
  let price: [number, number];
  if (r.chance(0.2)) {
    const t = r.pick(ADMISSION_TITLES);
    const [kind, kindBn] = r.pick(ADMISSION_KINDS);
    title = `${t.en}${kind} ${year}`;
    titleBn = `${t.bn}${kindBn} ${bnDigits(year)}`;
    tracks = [...t.tracks];
    language = t.language ?? "bn";
    about = t.blurb;
    price = t.price;
  } else {
    const subject = r.pick(SUBJECTS);
    const kind = r.pick(KINDS);
    const chapter = r.chance(0.35) ? r.pick(subject.chapters) : null;
    title = chapter ? `${subject.en}: ${chapter} ${kind.en}` : `${subject.en} ${kind.en}`;
    if (kind.yearly) title += ` ${year}`;
    titleBn = `${subject.bn} ${kind.bn}${kind.yearly ? ` ${bnDigits(year)}` : ""}`;
    tracks = r.chance(0.4) ? ["hsc", "cycle"] : ["hsc"];
    language = subject.language;
    about = `${kind.en} for HSC ${subject.en}${chapter ? `, chapter "${chapter}"` : ""}, following the NCTB syllabus, with board questions and answers. Chapters: ${subject.chapters.slice(0, 4).join(", ")}.`;
    price = kind.price;
  }
  const priceTaka = Math.round(r.int(price[0], price[1]) / 10) * 10;
  const createdAt = new Date(now.getTime() - r.int(0, 3 * 365) * 86_400_000);
  return {
    slug: `${slugify(`${title} ${publisher.split(" ")[0]}`)}-${n}`,
    title,
    titleBn,
    description: `${about} Published by ${publisher} for the HSC ${year} batch.`,
    price: priceTaka * 100,
    salePrice: r.chance(0.2) ? Math.round(priceTaka * (0.75 + r.next() * 0.15)) * 100 : null,
    stock: r.chance(0.08) ? 0 : r.int(1, 150),
    tracks,
    hscYear: year,
    language,
    published: !r.chance(0.02),
    soldCount: Math.floor(r.next() ** 4 * 2000),
    createdAt,
    updatedAt: createdAt,
    searchNames: searchNamesOf({ title, titleBn, authors: picked, publisher }),
    authors: picked.map((a) => a.id),
    publisher,
    edition: `${ordinal(r.int(1, 12))} edition, ${year - 1}`,
    isbn: isbn13(PUBLISHERS.indexOf(publisher) + 60, n),
    pages: r.int(96, 960),
  };
}

export type BulkOptions = {
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** Batches written at once (separate connections; keep 1 on PGlite, which has one). */
  parallel?: number;
  now?: Date;
  /** Called after each batch with the number inserted so far. */
  onProgress?: (done: number) => void;
};

export { pgArrayLiteral };

const a = pgArrayLiteral;

/**
 * One batch, three statements in one transaction. Columns travel as one array parameter each and
 * are spread back into rows by `unnest`: one small statement however many rows.
 */
async function insertBatch(db: Db, rows: BulkRow[], tierOf: (sold: number) => number): Promise<void> {
  const col = <K extends keyof BulkRow>(k: K) => rows.map((b) => b[k]);
  await db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      insert into products (kind, slug, title, title_bn, description, price, sale_price, stock, tracks,
        hsc_year, language, published, sold_count, search_names, search_tier, created_at, updated_at)
      select 'book', u.slug, u.title, u.title_bn, u.description, u.price, u.sale_price, u.stock,
        string_to_array(u.tracks, ','), u.hsc_year, u.language, u.published, u.sold_count, u.search_names,
        u.search_tier, u.created_at, u.created_at
      from unnest(${a(col("slug"))}::text[], ${a(col("title"))}::text[], ${a(col("titleBn"))}::text[],
        ${a(col("description"))}::text[], ${a(col("price"))}::int[], ${a(col("salePrice"))}::int[], ${a(col("stock"))}::int[],
        ${a(rows.map((b) => b.tracks.join(",")))}::text[], ${a(col("hscYear"))}::int2[], ${a(col("language"))}::text[],
        ${a(col("published"))}::bool[], ${a(col("soldCount"))}::int[], ${a(col("searchNames"))}::text[],
        ${a(rows.map((b) => tierOf(b.soldCount)))}::int2[], ${a(rows.map((b) => b.createdAt.toISOString()))}::timestamptz[])
        as u(slug, title, title_bn, description, price, sale_price, stock, tracks, hsc_year, language,
          published, sold_count, search_names, search_tier, created_at)
      returning id, slug`)) as unknown as { rows: { id: number; slug: string }[] };
    const idOf = new Map(inserted.rows.map((x) => [x.slug, Number(x.id)]));
    const ids = rows.map((b) => idOf.get(b.slug)!);
    await tx.execute(sql`
      insert into book_details (product_id, publisher, edition, isbn, pages)
      select * from unnest(${a(ids)}::int[], ${a(col("publisher"))}::text[], ${a(col("edition"))}::text[],
        ${a(col("isbn"))}::text[], ${a(col("pages"))}::int[])`);
    const links = rows.flatMap((b, i) =>
      b.authors.map((authorId, position) => ({ productId: ids[i]!, authorId, position })),
    );
    if (links.length) {
      await tx.execute(sql`
        insert into product_authors (product_id, author_id, position)
        select * from unnest(${a(links.map((l) => l.productId))}::int[], ${a(links.map((l) => l.authorId))}::int[],
          ${a(links.map((l) => l.position))}::int2[])`);
    }
  });
}

/**
 * Inserts `count` extra books in batches, each batch in its own transaction; the next batch is
 * planned while the database writes the last. Returns how many were added.
 */
export async function seedBulkBooks(db: Db, count: number, opts: BulkOptions = {}): Promise<number> {
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 2000, 5000));
  const parallel = Math.max(1, opts.parallel ?? 1);
  const now = opts.now ?? new Date();
  const pool = await db.select({ id: authors.id, name: authors.name, nameBn: authors.nameBn }).from(authors);
  const [top] = await db.select({ id: max(products.id) }).from(products);
  // Slug numbers start above every existing id, so runs never collide with each other.
  const base = (top?.id ?? 0) + 1;
  const r = createRandom(`pathagar-bulk-${base}`);
  // Each book goes straight into about its search tier (decision 58), from where its sold count
  // stands in the counts' known spread (floor(u⁴ · 2000): a share 1 − ((s + 1) / 2000)^¼ sells more):
  // the refresh after the seed then moves only the few near a tier's edge, not every book.
  const tierOf = (sold: number) => {
    const rank = count * (1 - ((sold + 1) / 2000) ** 0.25);
    return Math.min(SEARCH_TIER_LAST, Math.max(0, Math.floor(Math.log2(rank / SEARCH_TIER_SIZE + 1))));
  };
  const inFlight = new Set<Promise<void>>();
  let planned = 0;
  let done = 0;
  while (planned < count) {
    const size = Math.min(batchSize, count - planned);
    const rows = Array.from({ length: size }, (_, i) => planBook(r, base + planned + i, now, pool));
    planned += size;
    if (inFlight.size >= parallel) await Promise.race(inFlight);
    const write: Promise<void> = insertBatch(db, rows, tierOf).then(() => {
      inFlight.delete(write);
      done += size;
      opts.onProgress?.(done);
    });
    inFlight.add(write);
  }
  await Promise.all(inFlight);
  await recordOpeningStock(db);
  return done;
}
