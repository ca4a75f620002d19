import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { count, eq, inArray, sql } from "drizzle-orm";
import type { ProductKind, Track } from "../../contracts/catalog";
import { searchNamesOf, slugify } from "../../contracts/catalog-text";
import { dhakaDay } from "../../contracts/sales";
import { inTransaction } from "../db/client";
import {
  authors,
  bookDetails,
  bundleItems,
  contentChapters,
  ebookDetails,
  productAuthors,
  products,
  stationeryDetails,
} from "../db/schema";
import { type StoredImage, storeImage } from "../services/catalog/images";
import { recordOpeningStock } from "../services/catalog/stock";
import type { Ctx } from "../services/context";
import {
  ADMISSION_PUBLISHERS,
  ADMISSION_TITLES,
  AUTHORS,
  BUNDLES,
  CONTENT,
  HSC_PUBLISHERS,
  HSC_SERIES,
  STANDALONE_EBOOKS,
  STATIONERY,
  SUBJECTS,
  type Subject,
} from "./catalog-data";
import { type CoverSpec, renderCover } from "./covers";
import { ensureInfoPages } from "./info-pages";
import { createRandom, createSlugger, mapLimit, ordinal, type Random } from "./random";
import { buildStudyPdf } from "./study-pdf";

export const DEMO_YEARS = [2024, 2025, 2026] as const;
export const DEMO_BOOKS = 216;
const SEED_LOCK = 7_240_312;
const SCIENCE = ["phy1", "phy2", "chem1", "chem2", "hm1", "hm2", "bio1", "bio2"];

export type SeedCatalogOptions = {
  /** Covers drawn at once; defaults to the number of CPUs. */
  concurrency?: number;
};

export type SeedCatalogResult = {
  products: number;
  authors: number;
  images: number;
  /** Time taken in all, and by the covers, the PDF files and the database writes. */
  ms: number;
  coversMs: number;
  filesMs: number;
  databaseMs: number;
};

/** Bangla digits for years and counts in Bangla titles. */
export function bnDigits(n: number | string): string {
  return String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
}

/** A valid ISBN-13 in the Bangladesh range (978-984-…), hyphenated. */
export function isbn13(registrant: number, title: number): string {
  const reg = String(registrant % 100).padStart(2, "0");
  const item = String(title % 10000).padStart(4, "0");
  const digits = `978984${reg}${item}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `978-984-${reg}-${item}-${check}`;
}

const GROUP_EYEBROW: Record<Subject["group"], string> = {
  science: "HSC Science",
  humanities: "HSC Humanities",
  business: "HSC Business Studies",
  common: "HSC All Groups",
};

const TRACK_EYEBROW: Record<Track, string> = {
  hsc: "HSC",
  cycle: "Academic cycle",
  engineering: "Engineering admission",
  medical: "Medical admission",
  varsity: "University admission",
};

type Draft = {
  kind: ProductKind;
  slug: string;
  title: string;
  titleBn: string | null;
  description: string;
  price: number;
  salePrice: number | null;
  stock: number | null;
  tracks: Track[];
  hscYear: number | null;
  language: string;
  published: boolean;
  soldCount: number;
  createdAt: Date;
  authors: number[];
  publisher: string | null;
  cover: CoverSpec;
  image?: string;
  book?: {
    edition: string;
    isbn: string;
    pages: number;
    subject: string | null;
    series: string | null;
    admission: number | null;
  };
  ebook?: {
    book: Draft | null;
    pages: number;
    chapters: string[];
    subtitle: string;
    /** Set once the PDF is stored. */
    file?: { key: string; pages: number };
  };
  bundle?: { items: Draft[] };
  stationery?: { brand: string; category: string };
  content?: { chapters: { title: string; kind: "video" | "pdf" | "text"; body: string; isFree: boolean }[] };
};

const taka = (n: number) => n * 100;
/** A price in taka within a range, to the nearest 10 taka, as poisha. */
const priceIn = (r: Random, [min, max]: [number, number]) => taka(Math.round(r.int(min, max) / 10) * 10);
/** A sale price 10–25% off, to the nearest 5 taka; none when rounding would leave it not below the price. */
const saleOf = (r: Random, price: number): number | null => {
  const sale = taka(Math.round(((price / 100) * (0.75 + r.next() * 0.15)) / 5) * 5);
  return sale < price ? sale : null;
};
const stockOf = (r: Random) => (r.chance(0.07) ? 0 : r.int(3, 120));
/**
 * No product starts with sales: its sold count is what the demo's orders sell (demo-orders.ts).
 * The draw that once invented a count is still made, so the rest of the seeded catalogue (prices,
 * stock, dates) stays as it was.
 */
const noSalesYet = (r: Random): 0 => {
  r.next();
  return 0;
};

const SUBJECT_WORDS: Record<string, string> = {
  phy1: "physics",
  phy2: "physics",
  chem1: "chemistry",
  chem2: "chemistry",
  hm1: "higher math",
  hm2: "higher math",
  bio1: "biology",
  bio2: "biology",
  ict: "ICT",
  ban1: "Bangla",
  ban2: "Bangla",
  eng1: "English",
  eng2: "English",
  acc1: "accounting",
  bom1: "business studies",
  fin1: "finance",
  eco1: "economics",
  civ1: "civics",
  geo1: "geography",
  soc1: "sociology",
  ihc1: "Islamic history",
  admission: "admission tests",
};

function authorBio(a: (typeof AUTHORS)[number]): string {
  const topics = [...new Set(a.writes.map((w) => SUBJECT_WORDS[w] ?? w))];
  const list = topics.length > 1 ? `${topics.slice(0, -1).join(", ")} and ${topics.at(-1)}` : topics[0];
  return `${a.role}. Has taught HSC and admission students for ${a.years} years and writes on ${list}; known for clear worked examples and plenty of board-question practice.`;
}

function authorsFor(r: Random, codes: string[]): number[] {
  const able = AUTHORS.map((a, i) => ({ a, i })).filter(({ a }) => a.writes.some((w) => codes.includes(w)));
  const pool = able.length ? able.map((x) => x.i) : AUTHORS.map((_, i) => i);
  return r.sample(pool, r.chance(0.3) && pool.length > 1 ? 2 : 1);
}

const authorLine = (ids: number[]) => ids.map((i) => AUTHORS[i]!.name).join(" & ");

function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** When a book of an HSC year came out: older batches are older listings. */
function listedAt(r: Random, now: Date, year: number | null): Date {
  const newest = year === null ? 200 : (2026 - year) * 240;
  return daysAgo(now, newest + r.int(0, 200));
}

function planBooks(r: Random, now: Date, count: number): Draft[] {
  const slug = createSlugger();
  const drafts: Draft[] = [];
  const bySubject = new Map(SUBJECTS.map((s) => [s.code, s]));

  // A book is re-issued for every HSC batch by the same publisher and authors, with the same
  // cover design: one cover serves all its years (and keeps the seed quick).
  type Edition = { publisher: string; authors: number[]; variant: number; edition: number; price: number };
  const editions = new Map<string, Edition>();
  const editionOf = (key: string, publishers: string[], codes: string[], range: [number, number]) => {
    let e = editions.get(key);
    if (!e) {
      e = {
        publisher: r.pick(publishers),
        authors: authorsFor(r, codes),
        variant: r.int(0, 11),
        edition: r.int(1, 6),
        price: priceIn(r, range),
      };
      editions.set(key, e);
    }
    return e;
  };
  /** Each new batch's edition costs a little more. */
  const priceFor = (e: Edition, year: number) => e.price + taka((year - DEMO_YEARS[0]) * 20);

  const hscBook = (year: number, subject: Subject, seriesCode: string): Draft => {
    const series = HSC_SERIES.find((s) => s.code === seriesCode)!;
    const e = editionOf(`${subject.code}:${seriesCode}`, HSC_PUBLISHERS, [subject.code], series.price);
    const { publisher, authors: ids, variant, edition } = e;
    const yearPart = series.yearInTitle ? ` ${year}` : "";
    const title = `${subject.en}${series.en ? ` ${series.en}` : ""}${yearPart}`;
    const titleBn = `${subject.bn}${series.bn ? ` ${series.bn}` : ""}${series.yearInTitle ? ` ${bnDigits(year)}` : ""}`;
    const price = priceFor(e, year);
    const track = series.tracks[0]!;
    return {
      kind: "book",
      slug: slug(`${title}${series.yearInTitle ? "" : ` ${year}`} ${publisher.split(" ")[0]}`),
      title,
      titleBn,
      description: `${series.blurb.replaceAll("{s}", `HSC ${subject.en}`)} Written for the HSC ${year} batch by ${authorLine(ids)} and published by ${publisher}.\n\nএইচএসসি ${bnDigits(year)} পরীক্ষার্থীদের জন্য ${titleBn}।`,
      price,
      salePrice: r.chance(0.3) ? saleOf(r, price) : null,
      stock: stockOf(r),
      tracks: [...series.tracks],
      hscYear: year,
      language: subject.language,
      published: true,
      soldCount: noSalesYet(r),
      createdAt: listedAt(r, now, year),
      authors: ids,
      publisher,
      cover: {
        track,
        variant,
        eyebrow: GROUP_EYEBROW[subject.group],
        title: subject.en,
        subtitle: series.label,
        byline: authorLine(ids),
        footer: publisher,
      },
      book: {
        edition: `${ordinal(edition + year - DEMO_YEARS[0])} edition, ${year - 1}`,
        isbn: isbn13(HSC_PUBLISHERS.indexOf(publisher) + 10, drafts.length + 1),
        pages: r.int(
          seriesCode === "sheet" ? 120 : 240,
          seriesCode === "guide" || seriesCode === "qbank" ? 880 : 520,
        ),
        subject: subject.code,
        series: seriesCode,
        admission: null,
      },
    };
  };

  const admissionBook = (year: number, index: number): Draft => {
    const t = ADMISSION_TITLES[index]!;
    const e = editionOf(`admission:${index}`, ADMISSION_PUBLISHERS, [...t.subjects, "admission"], t.price);
    const { publisher, authors: ids, variant, edition } = e;
    const title = `${t.en} ${year}`;
    const titleBn = `${t.bn} ${bnDigits(year)}`;
    const price = priceFor(e, year);
    return {
      kind: "book",
      slug: slug(`${title} ${publisher.split(" ")[0]}`),
      title,
      titleBn,
      description: `${t.blurb} For students of the HSC ${year} batch, by ${authorLine(ids)}, published by ${publisher}.\n\nএইচএসসি ${bnDigits(year)} ব্যাচের ভর্তি পরীক্ষার্থীদের জন্য ${t.bn}।`,
      price,
      salePrice: r.chance(0.3) ? saleOf(r, price) : null,
      stock: stockOf(r),
      tracks: [...t.tracks],
      hscYear: year,
      language: t.language ?? "bn",
      published: true,
      soldCount: noSalesYet(r),
      createdAt: listedAt(r, now, year),
      authors: ids,
      publisher,
      cover: {
        track: t.tracks[0]!,
        variant,
        eyebrow: TRACK_EYEBROW[t.tracks[0]!],
        title: t.cover[0],
        subtitle: t.cover[1],
        byline: authorLine(ids),
        footer: publisher,
      },
      book: {
        edition: `${ordinal(edition + year - DEMO_YEARS[0])} edition, ${year}`,
        isbn: isbn13(ADMISSION_PUBLISHERS.indexOf(publisher) + 40, drafts.length + 1),
        pages: r.int(300, 960),
        subject: null,
        series: null,
        admission: index,
      },
    };
  };

  // What the bundles and every track need, then a random spread of the rest; each series is
  // on sale for all three HSC batches.
  const required = [
    ...SCIENCE.map((code) => `${code}:guide`),
    ...["phy1", "chem1", "hm1", "bio1", "eng2", "ban2"].map((code) => `${code}:test`),
    ...["hm1:mcq", "hm1:cq", "hm2:mcq", "hm2:cq"],
  ];
  const others = SUBJECTS.flatMap((s) => HSC_SERIES.map((series) => `${s.code}:${series.code}`)).filter(
    (combo) => !required.includes(combo),
  );
  const admissionBooks = DEMO_YEARS.length * ADMISSION_TITLES.length;
  const combos = Math.ceil(Math.max(0, count - admissionBooks) / DEMO_YEARS.length);
  const chosen = [...required, ...r.sample(others, combos - required.length)].slice(0, combos);
  for (const combo of chosen) {
    const [code, series] = combo.split(":") as [string, string];
    for (const year of DEMO_YEARS) drafts.push(hscBook(year, bySubject.get(code)!, series));
  }
  for (const year of DEMO_YEARS) {
    for (let i = 0; i < ADMISSION_TITLES.length; i++) drafts.push(admissionBook(year, i));
  }
  return drafts.slice(0, Math.max(count, 0));
}

function planBundles(r: Random, now: Date, books: Draft[]): Draft[] {
  const slug = createSlugger();
  return BUNDLES.map((b) => {
    const ofYear = books.filter((d) => d.hscYear === b.year && d.published);
    let items: Draft[];
    if (b.admissionTrack) {
      items = ofYear
        .filter((d) => d.book?.admission !== null && d.tracks.includes(b.admissionTrack!))
        .slice(0, 5);
    } else if (b.subjects && b.series) {
      items = b.subjects
        .map(
          (code) =>
            ofYear.find((d) => d.book?.subject === code && d.book.series === b.series) ??
            ofYear.find((d) => d.book?.subject === code),
        )
        .filter((d): d is Draft => d !== undefined);
    } else if (b.subjects) {
      items = ofYear.filter((d) => b.subjects!.includes(d.book?.subject ?? "")).slice(0, 6);
    } else {
      items = ofYear.filter((d) => d.book?.series === b.series).slice(0, 6);
    }
    const itemsTotal = items.reduce((sum, d) => sum + (d.salePrice ?? d.price), 0);
    // 12–20% below what the items cost on their own, to the nearest 10 taka.
    const price = taka(Math.floor(((itemsTotal / 100) * (0.8 + r.next() * 0.08)) / 10) * 10);
    return {
      kind: "bundle",
      slug: slug(b.title),
      title: b.title,
      titleBn: b.titleBn,
      description: `${b.blurb} ${items.length} books: ${items.map((d) => d.title).join("; ")}.`,
      price,
      salePrice: null,
      stock: r.int(8, 60),
      tracks: [...b.tracks],
      hscYear: b.year,
      language: "bn",
      published: true,
      soldCount: noSalesYet(r),
      createdAt: listedAt(r, now, b.year),
      authors: [],
      publisher: null,
      cover: {
        track: b.tracks[0]!,
        variant: r.int(0, 11),
        eyebrow: b.title.startsWith("HSC") ? `HSC ${b.year}` : `Admission ${b.year}`,
        title: b.title.replace(/^HSC \d{4} /, "").replace(/ \d{4}$/, ""),
        subtitle: `${items.length} books in one set`,
        footer: "Bundle offer",
        ribbon: "BUNDLE",
      },
      bundle: { items },
    } satisfies Draft;
  });
}

function planEbooks(r: Random, now: Date, books: Draft[]): Draft[] {
  const slug = createSlugger();
  const drafts: Draft[] = [];
  // Digital editions of six printed books of the newer batches, different subjects.
  const seen = new Set<string>();
  const candidates = r.shuffle(
    books.filter(
      (d) =>
        d.published && (d.hscYear ?? 0) >= 2025 && (d.book?.series === "guide" || d.book?.admission !== null),
    ),
  );
  for (const book of candidates) {
    const subject = book.book?.subject ?? `adm${book.book?.admission}`;
    if (seen.has(subject) || drafts.length >= 6) continue;
    seen.add(subject);
    const chapters = book.book?.subject
      ? SUBJECTS.find((s) => s.code === book.book!.subject)!.chapters
      : [
          "Syllabus and marks",
          "Physics",
          "Chemistry",
          "Mathematics",
          "Biology",
          "English",
          "General Knowledge",
          "Model Test",
        ];
    const price = taka(Math.round(((book.price / 100) * (0.5 + r.next() * 0.15)) / 10) * 10);
    drafts.push({
      ...book,
      kind: "ebook",
      slug: slug(book.slug),
      description: `The e-book edition of ${book.title}: the same pages as the printed book, read in the browser on your phone or computer, available the moment payment is confirmed.\n\n${book.description}`,
      price,
      salePrice: r.chance(0.2) ? saleOf(r, price) : null,
      stock: null,
      soldCount: noSalesYet(r),
      createdAt: daysAgo(now, r.int(0, 300)),
      // The digital edition has the printed book's cover.
      cover: book.cover,
      book: undefined,
      ebook: { book, pages: r.int(20, 40), chapters, subtitle: book.cover.subtitle ?? "" },
    });
  }
  for (const e of STANDALONE_EBOOKS) {
    const ids = authorsFor(r, [e.writes]);
    const price = taka(e.price);
    drafts.push({
      kind: "ebook",
      slug: slug(e.title),
      title: e.title,
      titleBn: e.titleBn,
      description: `${e.description} An e-book: read it in the browser on your phone or computer.`,
      price,
      salePrice: r.chance(0.25) ? saleOf(r, price) : null,
      stock: null,
      tracks: [...e.tracks],
      hscYear: e.year,
      language: e.language,
      published: true,
      soldCount: noSalesYet(r),
      createdAt: daysAgo(now, r.int(0, 300)),
      authors: ids,
      publisher: null,
      cover: {
        track: e.tracks[0]!,
        variant: r.int(0, 11),
        eyebrow: e.year ? `HSC ${e.year}` : "E-book",
        title: e.cover[0],
        subtitle: e.cover[1],
        byline: authorLine(ids),
        footer: "Digital edition",
        ribbon: "E-BOOK",
      },
      ebook: { book: null, pages: r.int(20, 40), chapters: e.chapters, subtitle: e.cover[1] },
    });
  }
  return drafts;
}

function videoUrl(r: Random): string {
  const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let id = "";
  for (let i = 0; i < 11; i++) id += abc[r.int(0, abc.length - 1)];
  return `https://www.youtube.com/watch?v=${id}`;
}

/** A text chapter's lesson, in Markdown (rendered and sanitised on the server). */
function textLesson(title: string): string {
  return [
    `## ${title}`,
    "Read this lesson with your textbook open. **Start with the definitions**, then work the examples yourself before checking the solutions.",
    "### How to study it",
    "1. Read the definitions and say them in your own words.",
    "2. Work each example on paper before you look at the solution.",
    "3. Note every formula in your revision file.",
    "4. Finish with the practice questions at the end of the lesson.",
    `> **Tip:** questions on ${title.toLowerCase()} are common in both the board exam and the admission tests, so practise them until you can answer *without notes*.`,
  ].join("\n\n");
}

function planContent(r: Random, now: Date): Draft[] {
  const slug = createSlugger();
  return CONTENT.map((c) => {
    const ids = authorsFor(r, [c.writes]);
    const kinds = ["video", "text", "video", "pdf"] as const;
    return {
      kind: "content",
      slug: slug(c.title),
      title: c.title,
      titleBn: c.titleBn,
      description: `${c.description} ${c.chapters.length} chapters; the first ${c.free === 1 ? "one is" : `${c.free} are`} free to watch before you buy.`,
      price: taka(c.price),
      salePrice: null,
      stock: null,
      tracks: [...c.tracks],
      hscYear: c.year,
      language: "bn",
      published: true,
      soldCount: noSalesYet(r),
      createdAt: daysAgo(now, r.int(0, 240)),
      authors: ids,
      publisher: null,
      cover: {
        track: c.tracks[0]!,
        variant: r.int(0, 11),
        eyebrow: c.year ? `Course · HSC ${c.year}` : "Course",
        title: c.title,
        subtitle: `${c.chapters.length} lessons`,
        byline: authorLine(ids),
        footer: "Online course",
        ribbon: "COURSE",
      },
      content: {
        chapters: c.chapters.map((title, i) => {
          const kind = kinds[i % kinds.length]!;
          const body = kind === "video" ? videoUrl(r) : kind === "text" ? textLesson(title) : "";
          return { title, kind, body, isFree: i < c.free };
        }),
      },
    } satisfies Draft;
  });
}

function planStationery(r: Random, now: Date): Draft[] {
  const slug = createSlugger();
  const outOfStock = new Set(
    r.sample(
      STATIONERY.map((_, i) => i),
      2,
    ),
  );
  return STATIONERY.map((s, i) => ({
    kind: "stationary",
    slug: slug(s.title),
    title: s.title,
    titleBn: null,
    description: s.description,
    price: taka(s.price),
    salePrice: s.sale ? taka(s.sale) : null,
    stock: outOfStock.has(i) ? 0 : r.int(5, 120),
    tracks: [],
    hscYear: null,
    language: "en",
    published: true,
    soldCount: noSalesYet(r),
    createdAt: daysAgo(now, r.int(0, 400)),
    authors: [],
    publisher: null,
    cover: {
      track: "stationery",
      variant: i,
      eyebrow: s.brand,
      title: s.title.replace(new RegExp(`^${s.brand} `), ""),
      footer: s.category[0]!.toUpperCase() + s.category.slice(1),
      icon: s.category,
    },
    stationery: { brand: s.brand, category: s.category },
  }));
}

/** Draws and stores every draft's cover a few at a time; one design is stored once. */
async function storeCovers(ctx: Ctx, drafts: Draft[], concurrency: number): Promise<number> {
  const started = performance.now();
  const designs = new Map<string, Promise<StoredImage>>();
  await mapLimit(drafts, concurrency, async (d) => {
    const design = JSON.stringify(d.cover);
    let stored = designs.get(design);
    if (!stored) {
      // Effort 0: the files are a little larger and the encoding several times faster.
      stored = renderCover(d.cover).then((png) => storeImage(ctx, png, { effort: 0 }));
      designs.set(design, stored);
    }
    d.image = (await stored).key;
  });
  return Math.round(performance.now() - started);
}

const pdfKey = (dir: string, bytes: Uint8Array) =>
  `${dir}/${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.pdf`;

/** The e-book PDFs and the PDF chapters of courses. */
async function storeFiles(ctx: Ctx, ebooks: Draft[], content: Draft[]): Promise<number> {
  const started = performance.now();
  for (const e of ebooks) {
    const spec = e.ebook!;
    const bytes = await buildStudyPdf({
      title: e.title,
      subtitle: spec.subtitle,
      authors: e.authors.map((i) => AUTHORS[i]!.name),
      publisher: e.publisher ?? undefined,
      shopName: ctx.config.SHOP_NAME,
      chapters: spec.chapters,
      pages: spec.pages,
      seed: e.slug,
    });
    const key = pdfKey("ebooks", bytes);
    await ctx.storage.put(key, bytes, "application/pdf");
    spec.file = { key, pages: spec.pages };
  }
  for (const c of content) {
    for (const ch of c.content!.chapters) {
      if (ch.kind !== "pdf") continue;
      const bytes = await buildStudyPdf({
        title: ch.title,
        subtitle: c.title,
        authors: c.authors.map((i) => AUTHORS[i]!.name),
        shopName: ctx.config.SHOP_NAME,
        chapters: [ch.title],
        pages: 3,
        seed: `${c.slug}/${ch.title}`,
      });
      ch.body = pdfKey("content", bytes);
      await ctx.storage.put(ch.body, bytes, "application/pdf");
    }
  }
  return Math.round(performance.now() - started);
}

/**
 * The demo catalogue: about 216 books across the tracks and HSC 2024–2026, 30 authors, 8 bundles,
 * 10 e-books with PDFs, 6 courses, 20 stationery items, covers for all, and the info pages. The
 * same every time (seeded); run on an empty catalogue, in one transaction.
 */
export async function seedCatalog(ctx: Ctx, opts: SeedCatalogOptions = {}): Promise<SeedCatalogResult> {
  const started = performance.now();
  const r = createRandom("pathagar-demo-catalogue-v1");
  const now = ctx.now();

  const books = planBooks(r, now, DEMO_BOOKS);
  const bundles = planBundles(r, now, books);
  const ebooks = planEbooks(r, now, books);
  const content = planContent(r, now);
  const stationery = planStationery(r, now);
  // A few books are drafts staff have not published yet (none that a bundle or e-book points at).
  const linked = new Set([...bundles.flatMap((b) => b.bundle!.items), ...ebooks.map((e) => e.ebook?.book)]);
  for (const d of r.sample(
    books.filter((b) => !linked.has(b)),
    4,
  ))
    d.published = false;
  const all = [...books, ...ebooks, ...bundles, ...content, ...stationery];

  const concurrency = opts.concurrency ?? Math.max(1, Math.min(4, availableParallelism()));
  // Covers (sharp, on its own threads) and PDFs (pdf-lib, on this one) are made side by side.
  const [coversMs, filesMs] = await Promise.all([
    storeCovers(ctx, all, concurrency),
    storeFiles(ctx, ebooks, content),
  ]);
  const images = new Set(all.map((d) => d.image)).size;

  const t2 = performance.now();
  const seeded = await inTransaction(ctx.db, async (tx) => {
    // Two servers starting at once on one database: the second waits here, then finds products.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return false;
    const slugs = AUTHORS.map((a) => slugify(a.name));
    // Authors staff may already have added are kept as they are.
    await tx
      .insert(authors)
      .values(
        AUTHORS.map((a, i) => ({
          slug: slugs[i]!,
          name: a.name,
          nameBn: a.nameBn,
          bio: authorBio(a),
          createdAt: daysAgo(now, 400 + i),
        })),
      )
      .onConflictDoNothing();
    const authorRows = await tx
      .select({ id: authors.id, slug: authors.slug })
      .from(authors)
      .where(inArray(authors.slug, slugs));
    const authorId = new Map(authorRows.map((a) => [a.slug, a.id]));
    const idOfAuthor = (i: number) => authorId.get(slugify(AUTHORS[i]!.name))!;

    const rows = await tx
      .insert(products)
      .values(
        all.map((d) => ({
          kind: d.kind,
          slug: d.slug,
          title: d.title,
          titleBn: d.titleBn,
          description: d.description,
          price: d.price,
          salePrice: d.salePrice,
          stock: d.stock,
          image: d.image ?? null,
          tracks: d.tracks,
          hscYear: d.hscYear,
          language: d.language,
          published: d.published,
          soldCount: d.soldCount,
          searchNames: searchNamesOf({
            title: d.title,
            titleBn: d.titleBn,
            authors: d.authors.map((i) => AUTHORS[i]!),
            publisher: d.publisher,
          }),
          createdAt: d.createdAt,
          updatedAt: d.createdAt,
        })),
      )
      .returning({ id: products.id, kind: products.kind, slug: products.slug });
    const productId = new Map(rows.map((p) => [`${p.kind}:${p.slug}`, p.id]));
    const idOf = (d: Draft) => productId.get(`${d.kind}:${d.slug}`)!;

    // True availability (contracts/availability.ts) among the books with none on hand, which the
    // demo's orders leave alone: one on pre-order (out in 25 days), one sold from the publisher in
    // 7 days, one out of print.
    const shelfless = books.filter((b) => b.stock === 0 && b.published && !linked.has(b));
    const [preorder, backorder, outOfPrint] = shelfless;
    if (preorder)
      await tx
        .update(products)
        .set({ releaseDate: dhakaDay(new Date(now.getTime() + 25 * 86_400_000)) })
        .where(eq(products.id, idOf(preorder)));
    if (backorder)
      await tx
        .update(products)
        .set({ backorderDays: 7 })
        .where(eq(products.id, idOf(backorder)));
    if (outOfPrint)
      await tx
        .update(products)
        .set({ outOfPrint: true })
        .where(eq(products.id, idOf(outOfPrint)));

    const links = all.flatMap((d) =>
      d.authors.map((a, position) => ({ productId: idOf(d), authorId: idOfAuthor(a), position })),
    );
    if (links.length) await tx.insert(productAuthors).values(links);
    await tx.insert(bookDetails).values(
      books.map((d) => ({
        productId: idOf(d),
        publisher: d.publisher,
        edition: d.book!.edition,
        isbn: d.book!.isbn,
        pages: d.book!.pages,
      })),
    );
    await tx.insert(ebookDetails).values(
      ebooks.map((e) => {
        const file = e.ebook!.file!;
        // Demo pages are 1-based: the first three and one from the middle.
        const middle = Math.floor(file.pages / 2);
        return {
          productId: idOf(e),
          bookId: e.ebook!.book ? idOf(e.ebook!.book) : null,
          pdfKey: file.key,
          pageCount: file.pages,
          demoPages: [1, 2, 3, middle],
        };
      }),
    );
    await tx
      .insert(bundleItems)
      .values(
        bundles.flatMap((b) =>
          b.bundle!.items.map((item) => ({ bundleId: idOf(b), itemId: idOf(item), quantity: 1 })),
        ),
      );
    await tx.insert(stationeryDetails).values(
      stationery.map((s) => ({
        productId: idOf(s),
        brand: s.stationery!.brand,
        category: s.stationery!.category,
      })),
    );
    await tx.insert(contentChapters).values(
      content.flatMap((c) =>
        c.content!.chapters.map((ch, i) => ({
          productId: idOf(c),
          position: i + 1,
          title: ch.title,
          kind: ch.kind,
          body: ch.body,
          isFree: ch.isFree,
        })),
      ),
    );
    await recordOpeningStock(tx);
    return true;
  });
  await ensureInfoPages(ctx);

  const end = performance.now();
  const result: SeedCatalogResult = {
    products: seeded ? all.length : 0,
    authors: AUTHORS.length,
    images,
    ms: Math.round(end - started),
    coversMs,
    filesMs,
    databaseMs: Math.round(end - t2),
  };
  if (seeded) ctx.log.info(result, "seeded the demo catalogue");
  else ctx.log.info("the catalogue already has products: demo catalogue not added");
  return result;
}
