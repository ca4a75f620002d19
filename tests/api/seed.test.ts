import { count, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banglaKeys } from "../../src/contracts/banglish";
import { INFO_SLUGS, TRACKS } from "../../src/contracts/catalog";
import { IMAGE_WIDTHS, imageFileKey } from "../../src/contracts/images";
import {
  authors,
  contentChapters,
  ebookDetails,
  infoPages,
  productAuthors,
  products,
  stationeryDetails,
} from "../../src/server/db/schema";
import { pgArrayLiteral, seedBulkBooks } from "../../src/server/seed/bulk";
import { type SeedCatalogResult, seedCatalog } from "../../src/server/seed/catalog";
import { createHarness, type Harness } from "./harness";

let h: Harness;
let result: SeedCatalogResult;

beforeAll(async () => {
  h = await createHarness();
  result = await seedCatalog(h.ctx());
}, 120_000);
afterAll(() => h.close());

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe("the demo catalogue", () => {
  it("has at least 200 books over every track and the HSC years 2024–2026", async () => {
    const books = await h.db.select().from(products).where(eq(products.kind, "book"));
    expect(books.length).toBeGreaterThanOrEqual(200);
    for (const track of TRACKS) expect(books.some((b) => b.tracks.includes(track))).toBe(true);
    expect(new Set(books.map((b) => b.hscYear))).toEqual(new Set([2024, 2025, 2026]));
    expect(books.every((b) => b.titleBn && b.price >= 15_000 && b.price <= 90_000)).toBe(true);
    expect(books.some((b) => b.salePrice !== null && b.salePrice < b.price)).toBe(true);
    expect(books.some((b) => b.stock === 0)).toBe(true);
    expect(books.filter((b) => !b.published).length).toBeGreaterThan(0);
    expect(books.every((b) => b.image)).toBe(true);
  });

  it("has 30 authors with Bangla names and bios, and every book has one", async () => {
    const all = await h.db.select().from(authors);
    expect(all).toHaveLength(30);
    expect(all.every((a) => a.nameBn && a.bio.length > 40 && /^[a-z0-9-]+$/.test(a.slug))).toBe(true);
    const [orphans] = rows<{ n: number }>(
      await h.db.execute(
        sql`select count(*)::int as n from products p where p.kind = 'book' and not exists (select 1 from product_authors pa where pa.product_id = p.id)`,
      ),
    );
    expect(orphans?.n).toBe(0);
  });

  it("puts title, Bangla title, authors, publisher and the Bangla words' Banglish keys in the search names", async () => {
    const [row] = rows<{
      title: string;
      title_bn: string;
      search_names: string;
      publisher: string;
      name: string;
    }>(
      await h.db.execute(sql`
        select p.title, p.title_bn, p.search_names, d.publisher, a.name
        from products p join book_details d on d.product_id = p.id
        join product_authors pa on pa.product_id = p.id join authors a on a.id = pa.author_id
        order by p.id limit 1`),
    );
    expect(row!.search_names.startsWith(`${row!.title} ${row!.title_bn} `)).toBe(true);
    expect(row!.search_names).toContain(row!.name);
    expect(row!.search_names).toContain(` ${row!.publisher}`);
    // The names are followed by the Banglish key of each Bangla word (decision 34).
    const keys = banglaKeys(row!.title_bn);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(row!.search_names.split(" ")).toContain(key);
  });

  it("prices each of the 8 bundles below the sum of its books, over three HSC years", async () => {
    const bundles = rows<{ price: number; items: number; n: number; year: number }>(
      await h.db.execute(sql`
        select b.price, b.hsc_year as year, sum(coalesce(i.sale_price, i.price))::int as items, count(*)::int as n
        from products b join bundle_items bi on bi.bundle_id = b.id join products i on i.id = bi.item_id
        where b.kind = 'bundle' group by b.id`),
    );
    expect(bundles).toHaveLength(8);
    expect(new Set(bundles.map((b) => b.year))).toEqual(new Set([2024, 2025, 2026]));
    for (const b of bundles) {
      expect(b.n).toBeGreaterThanOrEqual(2);
      expect(b.price).toBeLessThan(b.items);
    }
  });

  it("has 20 stationery items with brand and category, a few on sale", async () => {
    const items = await h.db
      .select({ p: products, s: stationeryDetails })
      .from(products)
      .innerJoin(stationeryDetails, eq(stationeryDetails.productId, products.id));
    expect(items).toHaveLength(20);
    expect(items.every(({ s, p }) => s.brand && s.category && p.stock !== null && p.image)).toBe(true);
    expect(items.filter(({ p }) => p.salePrice !== null).length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map(({ s }) => s.category)).size).toBeGreaterThanOrEqual(6);
  });

  it("has 6 courses of 5–10 ordered chapters, the first one or two free", async () => {
    const courses = await h.db.select().from(products).where(eq(products.kind, "content"));
    expect(courses).toHaveLength(6);
    for (const c of courses) {
      const chapters = await h.db
        .select()
        .from(contentChapters)
        .where(eq(contentChapters.productId, c.id))
        .orderBy(contentChapters.position);
      expect(chapters.length).toBeGreaterThanOrEqual(5);
      expect(chapters.length).toBeLessThanOrEqual(10);
      expect(chapters.map((ch) => ch.position)).toEqual(chapters.map((_, i) => i + 1));
      const free = chapters.filter((ch) => ch.isFree).length;
      expect(free).toBeGreaterThanOrEqual(1);
      expect(free).toBeLessThanOrEqual(2);
      expect(chapters.slice(0, free).every((ch) => ch.isFree)).toBe(true);
      for (const ch of chapters) {
        if (ch.kind === "video") expect(ch.body).toMatch(/^https:\/\//);
        if (ch.kind === "pdf") expect(await h.storage.has(ch.body)).toBe(true);
        if (ch.kind === "text") expect(ch.body.length).toBeGreaterThan(100);
      }
    }
  });

  it("has 10 e-books whose stored PDFs have the recorded page count, some linked to a printed book", async () => {
    const ebooks = await h.db.select().from(ebookDetails);
    expect(ebooks).toHaveLength(10);
    expect(ebooks.filter((e) => e.bookId !== null).length).toBeGreaterThan(0);
    expect(ebooks.filter((e) => e.bookId === null).length).toBeGreaterThan(0);
    for (const e of ebooks) {
      expect(e.pdfKey).toMatch(/^ebooks\/[0-9a-f]{24}\.pdf$/);
      const file = await h.storage.get(e.pdfKey!);
      const doc = await PDFDocument.load(file!.bytes);
      expect(doc.getPageCount()).toBe(e.pageCount);
      expect(e.pageCount).toBeGreaterThanOrEqual(20);
      expect(e.pageCount).toBeLessThanOrEqual(40);
      expect(e.demoPages.every((p) => p >= 1 && p <= e.pageCount)).toBe(true);
    }
    const standalone = ebooks.find((e) => e.bookId === null)!;
    const [n] = await h.db
      .select({ n: count() })
      .from(productAuthors)
      .where(eq(productAuthors.productId, standalone.productId));
    expect(n!.n).toBeGreaterThan(0);
  });

  it("stores a 2:3 cover at every width for each product", async () => {
    const [book] = await h.db.select().from(products).where(eq(products.kind, "book")).limit(1);
    for (const width of IMAGE_WIDTHS) {
      const file = await h.storage.get(imageFileKey(book!.image!, width));
      const meta = await sharp(file!.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width * 1.5]);
    }
    expect(result.images).toBeGreaterThan(50);
  });

  it("writes the six info pages with headings and the shop's name", async () => {
    const pages = await h.db.select().from(infoPages);
    expect(pages.map((p) => p.slug).sort()).toEqual([...INFO_SLUGS].sort());
    for (const p of pages) expect(p.body).toContain("## ");
    expect(pages.find((p) => p.slug === "about")!.title).toBe(`About ${h.config.SHOP_NAME}`);
    expect(pages.find((p) => p.slug === "contact")!.body).toContain("09610-000000");
  });

  it("is the same every time, and reuses the covers already stored", async () => {
    const other = await createHarness();
    try {
      // Same files as the first run: every cover is found by its content hash, none drawn again.
      const again = await seedCatalog({ ...other.ctx(), storage: h.storage });
      expect(again.images).toBe(result.images);
      const pick = (db: Harness["db"]) =>
        db
          .select({
            slug: products.slug,
            price: products.price,
            image: products.image,
            names: products.searchNames,
          })
          .from(products)
          .orderBy(products.id);
      expect(await pick(other.db)).toEqual(await pick(h.db));
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe("seeding again", () => {
  it("adds nothing to a catalogue that has products", async () => {
    const [before] = await h.db.select({ n: count() }).from(products);
    const again = await seedCatalog(h.ctx());
    expect(again.products).toBe(0);
    const [after] = await h.db.select({ n: count() }).from(products);
    expect(after!.n).toBe(before!.n);
    expect(await h.db.select({ n: count() }).from(authors)).toEqual([{ n: 30 }]);
  });
});

describe("bulk books", () => {
  it("adds books with details and authors, with slugs that never collide across runs", async () => {
    const [before] = await h.db.select({ n: count() }).from(products);
    await seedBulkBooks(h.db, 250, { batchSize: 100 });
    await seedBulkBooks(h.db, 120, { batchSize: 1000 });
    const [after] = await h.db.select({ n: count() }).from(products);
    expect(after!.n - before!.n).toBe(370);
    const [missing] = rows<{ n: number }>(
      await h.db.execute(
        sql`select count(*)::int as n from products p where p.kind = 'book' and not exists (select 1 from book_details d where d.product_id = p.id)`,
      ),
    );
    expect(missing!.n).toBe(0);
    const bulk = await h.db
      .select()
      .from(products)
      .where(sql`${products.image} is null and ${products.kind} = 'book'`);
    expect(bulk).toHaveLength(370);
    expect(
      bulk.every((b) => b.searchNames.startsWith(`${b.title} ${b.titleBn}`) && b.tracks.length > 0),
    ).toBe(true);
  });

  it("sends awkward text through PostgreSQL arrays unchanged", async () => {
    const values = [
      "plain",
      'with "quotes"',
      "back\\slash",
      "comma, and {braces}",
      "",
      "NULL",
      "পদার্থবিজ্ঞান",
      null,
    ];
    const [row] = rows<{ a: (string | null)[] }>(
      await h.db.execute(sql`select ${pgArrayLiteral(values)}::text[] as a`),
    );
    expect(row!.a).toEqual(values);
  });
});
