import { sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, ProductCard } from "../../src/contracts/catalog";
import { effectivePrice } from "../../src/contracts/money";
import { effectivePriceSql } from "../../src/server/services/cart/pricing";
import { refreshSearchTiers } from "../../src/server/services/catalog/search-tiers";
import { addBundleItems, addChapters, createAuthor, createProduct, linkEbook } from "./factories";
import { createHarness, type Harness } from "./harness";

type Card = ProductCard;
let h: Harness;
let physics: { id: number };
let chemistry: { id: number };
let hidden: { id: number };
let bundle: { id: number; slug: string };
let content: { id: number };
let ebook: { id: number };
let authorSlug: string;

const get = <T = unknown>(path: string) => h.request<T>("GET", path);
const titles = (p?: Page<Card>) => p?.items.map((i) => i.title) ?? [];

beforeAll(async () => {
  h = await createHarness();
  const a = await createAuthor(h.db, "Shahjahan Tapan", "শাহজাহান তপন");
  authorSlug = a.slug;
  physics = await createProduct(h.db, {
    title: "Physics First Paper",
    titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
    price: 45_000,
    salePrice: 39_900,
    tracks: ["hsc", "engineering"],
    hscYear: 2025,
    soldCount: 50,
    authorIds: [a.id],
    publisher: "Lecture Publications",
  });
  chemistry = await createProduct(h.db, {
    title: "Chemistry Second Paper",
    titleBn: "রসায়ন দ্বিতীয় পত্র",
    price: 38_000,
    stock: 0,
    tracks: ["hsc", "medical"],
    soldCount: 80,
  });
  await createProduct(h.db, {
    title: "Higher Math First Paper",
    titleBn: "উচ্চতর গণিত প্রথম পত্র",
    price: 52_000,
    soldCount: 5,
  });
  hidden = await createProduct(h.db, { title: "Secret Draft Physics", published: false });
  bundle = await createProduct(h.db, {
    kind: "bundle",
    title: "HSC 2025 Science Set",
    price: 70_000,
    hscYear: 2025,
  });
  await addBundleItems(h.db, bundle.id, [
    { itemId: physics.id, quantity: 1 },
    { itemId: chemistry.id, quantity: 1 },
  ]);
  content = await createProduct(h.db, {
    kind: "content",
    title: "Organic Chemistry Crash Course",
    price: 50_000,
  });
  await addChapters(h.db, content.id, [
    { title: "Introduction", isFree: true },
    { title: "Alkanes", isFree: false },
  ]);
  ebook = await createProduct(h.db, { kind: "ebook", title: "Physics First Paper (e-book)", price: 15_000 });
  await linkEbook(h.db, ebook.id, physics.id);
});
afterAll(async () => {
  await h?.close();
});

describe("GET /api/books", () => {
  it("lists published books, best-selling first, with the total", async () => {
    const res = await get<Page<Card>>("/api/books");
    expect(res.status).toBe(200);
    expect(titles(res.body.data)).toEqual([
      "Chemistry Second Paper",
      "Physics First Paper",
      "Higher Math First Paper",
    ]);
    expect(res.body.data?.total).toBe(3);
  });

  it("shows prices in whole poisha under camelCase names, the sale price only when lower", async () => {
    const res = await get<Page<Card>>("/api/books?sort=price_asc");
    const p = res.body.data?.items.find((i) => i.title === "Physics First Paper");
    expect(p).toMatchObject({
      price: 45_000,
      salePrice: 39_900,
      titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
      inStock: true,
    });
    expect(p).not.toHaveProperty("sale_price");
    expect(res.body.data?.items.map((i) => i.salePrice ?? i.price)).toEqual([38_000, 39_900, 52_000]);
  });

  it("sorts and filters by the one price rule the cards and the cart use", async () => {
    const rule = (c: Card) => effectivePrice(c);
    for (const sort of ["price_asc", "price_desc"] as const) {
      const items = (await get<Page<Card>>(`/api/books?sort=${sort}`)).body.data?.items ?? [];
      const prices = items.map(rule);
      const sorted = [...prices].sort((a, b) => (sort === "price_asc" ? a - b : b - a));
      expect(prices).toEqual(sorted);
    }
    // Physics costs ৳450 with a sale price of ৳399: the filter goes by what it costs.
    expect(titles((await get<Page<Card>>("/api/books?minPrice=39900&maxPrice=39900")).body.data)).toEqual([
      "Physics First Paper",
    ]);
    expect(titles((await get<Page<Card>>("/api/books?minPrice=40000&maxPrice=45000")).body.data)).toEqual([]);
  });

  it("refuses to store a sale price that is not below the price, or below zero", async () => {
    for (const salePrice of [45_000, 45_001, -1]) {
      const err = await createProduct(h.db, { title: "Odd Sale", price: 45_000, salePrice }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      const cause = (err as Error & { cause?: Error }).cause ?? (err as Error);
      expect(String(cause.message)).toContain("products_sale_price_below_price");
    }
  });

  it("has an SQL twin of the rule that agrees with it on every case, the database check aside", async () => {
    // A scratch table without the check holds the cases the products table refuses.
    const scratch = pgTable("price_rule_cases", {
      id: integer().primaryKey(),
      price: integer().notNull(),
      salePrice: integer(),
    });
    await h.db.execute(
      sql`create table price_rule_cases (id int primary key, price int not null, sale_price int)`,
    );
    const cases = [
      { id: 1, price: 30_000, salePrice: null },
      { id: 2, price: 30_000, salePrice: 24_000 },
      { id: 3, price: 30_000, salePrice: 30_000 },
      { id: 4, price: 30_000, salePrice: 35_000 },
      { id: 5, price: 30_000, salePrice: 0 },
    ];
    await h.db.insert(scratch).values(cases);
    const rows = await h.db
      .select({ id: scratch.id, effective: effectivePriceSql(scratch) })
      .from(scratch)
      .orderBy(scratch.id);
    expect(rows.map((r) => Number(r.effective))).toEqual(cases.map((c) => effectivePrice(c)));
    await h.db.execute(sql`drop table price_rule_cases`);
  });

  it("filters by track, price range and stock", async () => {
    expect(titles((await get<Page<Card>>("/api/books?track=medical")).body.data)).toEqual([
      "Chemistry Second Paper",
    ]);
    // Price bounds in poisha, like the prices the list answers.
    expect(titles((await get<Page<Card>>("/api/books?minPrice=39000&maxPrice=50000")).body.data)).toEqual([
      "Physics First Paper",
    ]);
    expect(titles((await get<Page<Card>>("/api/books?inStock=true")).body.data)).not.toContain(
      "Chemistry Second Paper",
    );
    expect(titles((await get<Page<Card>>("/api/books?hscYear=2025")).body.data)).toEqual([
      "Physics First Paper",
    ]);
  });

  it.each([
    ["limit=101", "limit"],
    ["page=0", "page"],
    ["sort=cheapest", "sort"],
    ["track=law", "track"],
    ["minPrice=-1", "minPrice"],
    ["minPrice=399.5", "minPrice"],
    ["minPrice=50000&maxPrice=10000", "minPrice"],
    ["inStock=maybe", "inStock"],
    ["hscYear=1999", "hscYear"],
  ])("answers 400 to %s", async (query, field) => {
    const res = await get(`/api/books?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBeTruthy();
  });

  it.each([
    ["in_stock=true", "in_stock", "in_stock is now inStock"],
    ["min_price=100", "min_price", "min_price is now minPrice (in poisha)"],
    ["max_price=500", "max_price", "max_price is now maxPrice (in poisha)"],
    ["hsc_year=2025", "hsc_year", "hsc_year is now hscYear"],
  ])(
    "answers 400 naming the new parameter to the former %s, rather than ignoring it",
    async (query, field, message) => {
      for (const path of ["/api/books", "/api/search?q=physics&", `/api/authors/${authorSlug}`]) {
        const res = await get(`${path}${path.endsWith("&") ? "" : "?"}${query}`);
        expect(res.status).toBe(400);
        expect(res.body.errors?.[field]).toBe(message);
      }
    },
  );
});

describe("authors and availability on cards", () => {
  it("shows each product its own authors, never another's", async () => {
    const other = await createAuthor(h.db, "Kamrul Hasan");
    const second = await createAuthor(h.db, "Nasreen Akter");
    const book = await createProduct(h.db, { title: "Statistics Guide", authorIds: [other.id, second.id] });
    const res = await get<Page<Card>>(`/api/search?q=statistics`);
    const card = res.body.data?.items.find((i) => i.id === book.id);
    expect(card?.authors.map((a) => a.name)).toEqual(["Kamrul Hasan", "Nasreen Akter"]);
    const physicsCard = (await get<Page<Card>>("/api/search?q=physics&kind=book")).body.data?.items[0];
    expect(physicsCard?.authors.map((a) => a.name)).toEqual(["Shahjahan Tapan"]);
    const chemistryCard = (await get<Page<Card>>("/api/search?q=chemistry&kind=book")).body.data?.items[0];
    expect(chemistryCard?.authors).toEqual([]);
  });

  it("shows a bundle out of stock when one of its books is", async () => {
    const res = await get<Page<Card>>("/api/bundles");
    expect(res.body.data?.items.find((b) => b.id === bundle.id)?.inStock).toBe(false);
    const inStock = await get<Page<Card>>("/api/bundles?inStock=true");
    expect(inStock.body.data?.items.map((b) => b.id)).not.toContain(bundle.id);
  });
});

describe("GET /api/books/{id}", () => {
  it("gives details, authors, the linked e-book and related books", async () => {
    const res = await get<{
      title: string;
      authors: { slug: string }[];
      book: { ebookId: number; publisher: string };
      related: Card[];
    }>(`/api/books/${physics.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data?.authors[0]?.slug).toBe(authorSlug);
    expect(res.body.data?.book.ebookId).toBe(ebook.id);
    expect(res.body.data?.book.publisher).toBe("Lecture Publications");
    expect(res.body.data?.related.map((r) => r.title)).toContain("Chemistry Second Paper");
  });

  it("answers 404 for an unknown, unpublished or other-kind id, and 400 for a bad id", async () => {
    expect((await get(`/api/books/999999`)).status).toBe(404);
    expect((await get(`/api/books/${hidden.id}`)).status).toBe(404);
    expect((await get(`/api/books/${ebook.id}`)).status).toBe(404);
    expect((await get(`/api/books/abc`)).status).toBe(400);
    expect((await get(`/api/books/99999999999`)).status).toBe(400);
  });
});

describe("search", () => {
  it("finds a book with a one-letter typo", async () => {
    const res = await get<Page<Card>>(`/api/search?q=${encodeURIComponent("chemestry")}`);
    expect(res.status).toBe(200);
    expect(titles(res.body.data)[0]).toBe("Chemistry Second Paper");
  });

  it("finds a book with a two-letter typo and with a typo in each of two words", async () => {
    expect(titles((await get<Page<Card>>("/api/search?q=chemistri")).body.data)[0]).toBe(
      "Chemistry Second Paper",
    );
    expect(titles((await get<Page<Card>>("/api/search?q=phisics%20frst")).body.data)).toEqual([
      "Physics First Paper",
      "Physics First Paper (e-book)",
    ]);
  });

  it("finds a Bangla title by a misspelt Bangla word", async () => {
    const res = await get<Page<Card>>(`/api/search?q=${encodeURIComponent("পদার্থবিজ্ঞন")}`);
    expect(titles(res.body.data)).toContain("Physics First Paper");
  });

  it("ranks the best-selling 1,000 matches of a very common word and counts them as 1,000+", async () => {
    await h.db.execute(sql`
      insert into products (kind, slug, title, price, stock, sold_count, search_names)
      select 'book', 'capword-' || n, 'Capword Guide ' || n, 10000, 5, n, 'Capword Guide ' || n
      from generate_series(1, 1005) as n`);
    // New products wait in the last tier: found and counted, but not yet ranked by their sales.
    const unranked = (await get<Page<Card>>("/api/search?q=capword")).body.data;
    expect(unranked?.total).toBe(1000);
    expect(unranked?.more).toBe(true);
    // The job places them by their sold counts (decision 58).
    expect(await refreshSearchTiers(h.db)).toBeGreaterThanOrEqual(1005);
    const first = (await get<Page<Card>>("/api/search?q=capword")).body.data;
    expect(first?.total).toBe(1000);
    expect(first?.more).toBe(true);
    expect(first?.items[0]?.title).toBe("Capword Guide 1005");
    const second = (await get<Page<Card>>("/api/search?q=capword&page=2")).body.data;
    expect(second?.items[0]?.title).toBe("Capword Guide 985");
    const cheapFirst = (await get<Page<Card>>("/api/search?q=capword&sort=newest&limit=5")).body.data;
    expect(cheapFirst?.items).toHaveLength(5);
    expect(cheapFirst?.more).toBe(true);
    // Several words, read tier by tier through the tagged index (decision 61): a whole word, and
    // "7" kept a prefix (it stands for more than PREFIX_WORDS_MAX words: 7, 70…79, 700…799).
    const sevens = (await get<Page<Card>>("/api/search?q=capword%20guide%207&limit=50")).body.data;
    expect(sevens?.total).toBe(111);
    expect(sevens?.more).toBeUndefined();
    expect(titles(sevens).every((t) => /^Capword Guide 7\d*$/.test(t))).toBe(true);
    expect(titles(sevens)[0]).toBe("Capword Guide 799");
    const tail = (await get<Page<Card>>("/api/search?q=capword%20guide%207&limit=50&page=3")).body.data;
    expect(titles(tail).at(-1)).toBe("Capword Guide 7");
  });

  it("finds a prefix's words whether it stands for a few words of the documents or for many", async () => {
    // 40 words starting "zq" (more than PREFIX_WORDS_MAX), two of them "zqm…", one of those only in a description.
    const words = Array.from(
      { length: 40 },
      (_, i) => `zq${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`,
    );
    await h.db.execute(sql`
      insert into products (kind, slug, title, description, price, stock, search_names)
      select 'book', 'prefix-' || w, 'Prefix ' || w, case when w = 'zqmax' then 'about zqmbx' else '' end,
        10000, 5, case when w = 'zqmax' then 'Prefix' else 'Prefix ' || w end
      from unnest(string_to_array(${words.join(",")}, ',')) as w`);
    expect((await get<Page<Card>>("/api/search?q=zq")).body.data?.total).toBe(40);
    const zqm = (await get<Page<Card>>("/api/search?q=zqm")).body.data;
    expect(titles(zqm).sort()).toEqual(["Prefix zqmax", "Prefix zqmbx"]);
    // A word typed whole is a prefix of itself and of longer words.
    // The book named by it ranks above the one whose description holds it.
    expect(titles((await get<Page<Card>>("/api/search?q=zqmbx")).body.data)).toEqual([
      "Prefix zqmbx",
      "Prefix zqmax",
    ]);
  });

  it("counts every published match of a filtered search beyond its first page, and only those", async () => {
    await h.db.execute(sql`
      insert into products (kind, slug, title, price, stock, sold_count, published, hsc_year, search_names)
      select 'book', 'countword-' || n, 'Countword Notes ' || n, 10000, 5, n, n % 10 <> 0,
        case when n % 3 = 0 then 2031 else 2030 end, 'Countword Notes ' || n
      from generate_series(1, 60) as n`);
    // 60 matches: 6 unpublished (n = 10, 20, …); of the 54 published, 18 for 2031 (n % 3 = 0).
    const all = (await get<Page<Card>>("/api/search?q=countword&limit=10")).body.data;
    expect(all?.items).toHaveLength(10);
    expect(all?.total).toBe(54);
    expect(all?.more).toBeUndefined();
    const later = (await get<Page<Card>>("/api/search?q=countwo&hscYear=2031&limit=5&page=2")).body.data;
    expect(later?.total).toBe(18);
    const cheap = (await get<Page<Card>>("/api/search?q=countword&sort=price_asc&limit=5")).body.data;
    expect(cheap?.total).toBe(54);
    await h.db.execute(sql`delete from products where slug like 'countword-%'`);
  });

  it("answers nothing, not a guess, when no word is close", async () => {
    const res = await get<Page<Card>>("/api/search?q=zzqqxx");
    expect(res.body.data?.total).toBe(0);
  });

  it("finds a Bangla title by a Bangla word", async () => {
    const res = await get<Page<Card>>(`/api/search?q=${encodeURIComponent("রসায়ন")}`);
    expect(titles(res.body.data)).toEqual(["Chemistry Second Paper"]);
  });

  it("finds by author name and by a half-typed word, never an unpublished product", async () => {
    expect(titles((await get<Page<Card>>("/api/search?q=tapan")).body.data)).toContain("Physics First Paper");
    const phys = titles((await get<Page<Card>>("/api/search?q=phys")).body.data);
    expect(phys).toContain("Physics First Paper");
    expect(phys).not.toContain("Secret Draft Physics");
  });

  it("filters search results by kind", async () => {
    const res = await get<Page<Card>>("/api/search?q=physics&kind=ebook");
    expect(titles(res.body.data)).toEqual(["Physics First Paper (e-book)"]);
  });

  it("requires q and suggests titles as one types", async () => {
    expect((await get("/api/search")).status).toBe(400);
    expect((await get("/api/search/suggest?q=")).status).toBe(400);
    const s = await get<{ title: string; url: string }[]>("/api/search/suggest?q=higher");
    expect(s.body.data?.[0]).toMatchObject({ title: "Higher Math First Paper" });
    expect(s.body.data?.[0]?.url).toMatch(/^\/book\/\d+$/);
  });

  it("answers an empty page, not an error, to a query of punctuation only", async () => {
    const res = await get<Page<Card>>(`/api/search?q=${encodeURIComponent("%%%")}`);
    expect(res.status).toBe(200);
    expect(res.body.data?.total).toBe(0);
  });
});

describe("bundles, content, e-books and authors", () => {
  it("shows a bundle's items and its saving against their sum", async () => {
    const res = await get<{
      bundle: { items: { title: string; quantity: number }[]; itemsTotal: number; saving: number };
    }>(`/api/bundles/${bundle.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.data?.bundle.items).toHaveLength(2);
    // ৳399 (Physics on sale) + ৳380 against a bundle price of ৳700.
    expect(res.body.data?.bundle.itemsTotal).toBe(77_900);
    expect(res.body.data?.bundle.saving).toBe(7_900);
    expect((await get("/api/bundles/no-such-bundle")).status).toBe(404);
  });

  it("shows content chapters in order, with bodies of free chapters only", async () => {
    const res = await get<{
      content: { chapters: { title: string; isFree: boolean; body: string | null }[] };
    }>(`/api/content/${content.id}`);
    expect(res.body.data?.content.chapters.map((c) => [c.title, c.isFree, c.body !== null])).toEqual([
      ["Introduction", true, true],
      ["Alkanes", false, false],
    ]);
  });

  it("shows an e-book's demo pages and its printed book", async () => {
    const res = await get<{ ebook: { pageCount: number; demoPages: number[]; book: { id: number } } }>(
      `/api/ebooks/${ebook.id}`,
    );
    expect(res.body.data?.ebook).toMatchObject({
      pageCount: 30,
      demoPages: [1, 2, 3],
      book: { id: physics.id },
    });
  });

  it("shows an author with their books, and 404 for an unknown author", async () => {
    const res = await get<{ name: string; nameBn: string; products: Page<Card> }>(
      `/api/authors/${authorSlug}`,
    );
    expect(res.body.data).toMatchObject({ name: "Shahjahan Tapan", nameBn: "শাহজাহান তপন" });
    expect(titles(res.body.data?.products)).toEqual(["Physics First Paper"]);
    expect(res.body.data?.products.items[0]?.authors).toEqual([
      { name: "Shahjahan Tapan", nameBn: "শাহজাহান তপন", slug: authorSlug },
    ]);
    expect((await get("/api/authors/nobody")).status).toBe(404);
  });

  it("lists stationery, e-books and content by kind", async () => {
    expect((await get<Page<Card>>("/api/ebooks")).body.data?.total).toBe(1);
    expect((await get<Page<Card>>("/api/content")).body.data?.total).toBe(1);
    expect((await get<Page<Card>>("/api/stationery")).body.data?.total).toBe(0);
    expect((await get<Page<Card>>("/api/bundles")).body.data?.total).toBe(1);
  });
});
