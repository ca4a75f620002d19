import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, ProductCard } from "../../src/contracts/catalog";
import { products } from "../../src/server/db/schema";
import { backfillSearchNames } from "../../src/server/services/catalog/admin-authors";
import { createAuthor, createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

type Results = Page<ProductCard> & { searchedFor?: string };
let h: Harness;

const search = async (q: string, extra = "") => {
  const res = await h.request<Results>("GET", `/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return res.body.data as Results;
};
const titles = (p: Results) => p.items.map((i) => i.title);

beforeAll(async () => {
  h = await createHarness();
  const zafar = await createAuthor(h.db, "Muhammed Zafar Iqbal", "মুহম্মদ জাফর ইকবাল");
  const humayun = await createAuthor(h.db, "Humayun Ahmed", "হুমায়ূন আহমেদ");
  await createProduct(h.db, {
    title: "Physics First Paper",
    titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
    soldCount: 50,
    publisher: "Lecture Publications",
  });
  await createProduct(h.db, { title: "Chemistry Second Paper", titleBn: "রসায়ন দ্বিতীয় পত্র", soldCount: 40 });
  await createProduct(h.db, {
    title: "Higher Math First Paper",
    titleBn: "উচ্চতর গণিত প্রথম পত্র",
    soldCount: 30,
  });
  await createProduct(h.db, { title: "Biology Guide", titleBn: "জীববিজ্ঞান গাইড", soldCount: 20 });
  await createProduct(h.db, { title: "Amar Bondhu Rashed", titleBn: "আমার বন্ধু রাশেদ", authorIds: [zafar.id] });
  await createProduct(h.db, { title: "Himu", titleBn: "হিমু", authorIds: [humayun.id] });
  await createProduct(h.db, { title: "The Firm", soldCount: 1 });
});
afterAll(async () => {
  await h?.close();
});

describe("Banglish search", () => {
  it("finds Bangla titles by the Latin spellings students type", async () => {
    expect(titles(await search("podartho biggan"))).toEqual(["Physics First Paper"]);
    expect(titles(await search("padartha bigyan"))).toEqual(["Physics First Paper"]);
    expect(titles(await search("podarthobiggan"))).toEqual(["Physics First Paper"]);
    expect(titles(await search("rosayon"))).toEqual(["Chemistry Second Paper"]);
    expect(titles(await search("rasayan"))).toEqual(["Chemistry Second Paper"]);
    expect(titles(await search("uchchotor gonit"))).toEqual(["Higher Math First Paper"]);
    expect(titles(await search("ucchotor ganit"))).toEqual(["Higher Math First Paper"]);
    expect(titles(await search("jibobiggan"))).toEqual(["Biology Guide"]);
  });

  it("finds a half-typed Banglish word, and Banglish beside English", async () => {
    expect(titles(await search("podar"))).toEqual(["Physics First Paper"]);
    expect(titles(await search("rosayon second"))).toEqual(["Chemistry Second Paper"]);
    expect(titles(await search("prothom potro")).sort()).toEqual([
      "Higher Math First Paper",
      "Physics First Paper",
    ]);
  });

  it("finds books by an author's name in Banglish", async () => {
    expect(titles(await search("jafor ikbal"))).toEqual(["Amar Bondhu Rashed"]);
    expect(titles(await search("humayun ahmed"))).toEqual(["Himu"]);
    expect(titles(await search("humaun"))).toEqual(["Himu"]);
  });

  it("puts a Banglish typo right, and says which Bangla word it searched for", async () => {
    const page = await search("rosayoon");
    expect(titles(page)).toEqual(["Chemistry Second Paper"]);
    expect(page.searchedFor).toBe("রসায়ন");
  });

  it("answers an English search as before, with no “did you mean”", async () => {
    const page = await search("physics");
    expect(titles(page)).toEqual(["Physics First Paper"]);
    expect(page.searchedFor).toBeUndefined();
  });
});

describe("typos and “did you mean”", () => {
  it("finds “phisics frist” and says it searched for “physics first”", async () => {
    const page = await search("phisics frist");
    expect(titles(page)).toEqual(["Physics First Paper"]);
    expect(page.searchedFor).toBe("physics first");
  });

  it("puts swapped letters in a short word right", async () => {
    const page = await search("frist paper");
    expect(titles(page).sort()).toEqual(["Higher Math First Paper", "Physics First Paper"]);
    expect(page.searchedFor).toBe("first paper");
    expect((await search("chemsitry")).searchedFor).toBe("chemistry");
    expect((await search("fimr")).searchedFor).toBe("firm");
  });

  it("a kind's list searched with a typo says what it searched for, as its document describes", async () => {
    // The harness holds every answer to the API document: the lists' answers carry `searchedFor` too.
    const res = await h.request("GET", "/api/books?q=phisics%20frist");
    expect(res.status).toBe(200);
    expect((res.body.data as Results).searchedFor).toBe("physics first");
  });

  it("searches the words as typed when asked: nothing found, nothing corrected", async () => {
    const page = await search("phisics frist", "&exact=1");
    expect(page.total).toBe(0);
    expect(page.searchedFor).toBeUndefined();
    expect((await h.request("GET", "/api/search?q=x&exact=maybe")).status).toBe(400);
  });

  it("answers nothing, not a guess, when no word is close", async () => {
    const page = await search("zzqqxx");
    expect(page.total).toBe(0);
    expect(page.searchedFor).toBeUndefined();
  });
});

describe("search names written again after a migration", () => {
  it("back-fills the Banglish keys of products whose names a migration emptied, versions untouched", async () => {
    const [before] = await h.db
      .select({ id: products.id, version: products.version, names: products.searchNames })
      .from(products)
      .where(eq(products.title, "Chemistry Second Paper"));
    await h.db.execute(sql`update products set search_names = '' where search_names ~ '[ঀ-৿]'`);
    expect((await search("rosayon")).total).toBe(0);
    expect(await backfillSearchNames(h.db, new Date())).toBe(6);
    const [after] = await h.db
      .select({ version: products.version, names: products.searchNames })
      .from(products)
      .where(eq(products.id, before!.id));
    expect(after).toEqual({ version: before!.version, names: before!.names });
    expect(after!.names).toContain("xrsn");
    expect(titles(await search("rosayon"))).toEqual(["Chemistry Second Paper"]);
    expect(await backfillSearchNames(h.db, new Date())).toBe(0);
  });
});

describe("header suggestions", () => {
  it("shows one title once per publisher, year and edition, with what tells them apart", async () => {
    for (const [publisher, soldCount] of [
      ["Panjeree Publications", 9],
      ["Panjeree Publications", 8],
      ["Lecture Publications", 7],
    ] as const) {
      await createProduct(h.db, {
        title: "Statistics Test Papers",
        hscYear: 2026,
        publisher,
        soldCount,
        price: 30_000,
      });
    }
    const res = await h.request<
      { title: string; publisher: string | null; hscYear: number | null; price: number; url: string }[]
    >("GET", "/api/search/suggest?q=statistics");
    expect(res.status).toBe(200);
    expect(res.body.data?.map((s) => [s.title, s.publisher, s.hscYear, s.price])).toEqual([
      ["Statistics Test Papers", "Panjeree Publications", 2026, 30_000],
      ["Statistics Test Papers", "Lecture Publications", 2026, 30_000],
    ]);
  });

  it("suggests Bangla titles for Banglish typed so far", async () => {
    const res = await h.request<{ title: string; titleBn: string | null }[]>(
      "GET",
      "/api/search/suggest?q=podartho",
    );
    expect(res.body.data?.map((s) => s.titleBn)).toEqual(["পদার্থবিজ্ঞান প্রথম পত্র"]);
  });
});
