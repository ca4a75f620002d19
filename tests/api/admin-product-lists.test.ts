/**
 * The product lists: the books list's e-book rows carry the PDF's state, the free preview pages
 * and the owners, which the back office's e-book lists show (other rows and areas carry none);
 * the stationery list filters by category; a view counts its matches only so far past the page's
 * first row, then says "+", and every page of it stays reachable (decision 59).
 */
import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminProductRow } from "../../src/contracts/answers/staff-catalog";
import { searchNamesOf } from "../../src/contracts/catalog-text";
import { products, stationeryDetails } from "../../src/server/db/schema";
import { LIST_COUNT_AHEAD, SEARCH_COUNT_AHEAD } from "../../src/server/services/catalog/admin-products";
import { createAuthor, createEbookWithPdf, createEntitlement, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

type Page = { items: AdminProductRow[]; total: number; page: number; limit: number; more?: boolean };

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({
    role: "staff",
    permissions: ["books", "bundles", "stationery"],
    name: "Books Staff",
  });
});

afterAll(async () => {
  await h.close();
});

it("e-book rows tell a missing PDF from an uploaded one, with preview pages and owners", async () => {
  const withPdf = await createEbookWithPdf(h.db, h.storage, {
    title: "Owned Physics",
    pages: 9,
    demoPages: [1, 2],
  });
  const without = await createProduct(h.db, { kind: "ebook", title: "Pdfless Chemistry" });
  const printed = await createProduct(h.db, { kind: "book", title: "Printed Biology" });
  for (const name of ["Reader One", "Reader Two"]) {
    const reader = await h.createUser({ name });
    await createEntitlement(h.db, { userId: reader.user.id, productId: withPdf.id });
  }
  const res = await h.request<Page>("GET", "/api/admin/books?kind=ebook&limit=100", { cookie: staff.cookie });
  expect(res.status).toBe(200);
  const row = (id: number) => res.body.data?.items.find((p) => p.id === id);
  expect(row(withPdf.id)?.ebook).toEqual({ pdf: true, pageCount: 9, demoPages: 2, owners: 2 });
  expect(row(without.id)?.ebook).toEqual({ pdf: false, pageCount: 0, demoPages: 0, owners: 0 });
  expect(row(printed.id)).toBeUndefined();

  const books = await h.request<Page>("GET", "/api/admin/books?kind=book&limit=100", {
    cookie: staff.cookie,
  });
  expect(books.body.data?.items.find((p) => p.id === printed.id)?.ebook).toBeNull();
  const bundles = await h.request<Page>("GET", "/api/admin/bundles", { cookie: staff.cookie });
  expect(bundles.status).toBe(200);
  for (const b of bundles.body.data?.items ?? []) expect(b.ebook).toBeNull();
});

it("a row names the book's authors in their order", async () => {
  const first = await createAuthor(h.db, "Rowena Listwright");
  const second = await createAuthor(h.db, "Abel Coauthor");
  const book = await createProduct(h.db, { title: "Authored Optics", authorIds: [first.id, second.id] });
  const res = await h.request<Page>("GET", "/api/admin/books?q=authored%20optics", { cookie: staff.cookie });
  const row = res.body.data?.items.find((p) => p.id === book.id);
  expect(row?.authors).toBe("Rowena Listwright, Abel Coauthor");
});

it("the stationery list filters by category, and a blank or overlong category is a 400", async () => {
  const pen = await createProduct(h.db, { kind: "stationary", title: "Blue Gel Pen" });
  const pad = await createProduct(h.db, { kind: "stationary", title: "Ruled Notebook" });
  await h.db.insert(stationeryDetails).values([
    { productId: pen.id, category: "Pens" },
    { productId: pad.id, category: "Notebooks" },
  ]);
  const pens = await h.request<Page>("GET", "/api/admin/stationery?category=Pens", { cookie: staff.cookie });
  expect(pens.status).toBe(200);
  expect(pens.body.data?.items.map((p) => p.title)).toEqual(["Blue Gel Pen"]);
  for (const bad of ["", "x".repeat(101)]) {
    const res = await h.request("GET", `/api/admin/stationery?category=${bad}`, { cookie: staff.cookie });
    expect(res.status).toBe(400);
  }
});

/** Books in one insert, titled `${word} ${i}` and priced by i (one price shared by pairs, so the id decides ties). */
async function addBooks(word: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => {
    const title = `${word} Volume ${i + 1}`;
    return {
      kind: "book" as const,
      slug: `${word.toLowerCase()}-volume-${i + 1}`,
      title,
      price: 10_000 + Math.floor(i / 2) * 100,
      stock: 5,
      searchNames: searchNamesOf({ title }),
    };
  });
  await h.db.insert(products).values(rows);
}

it("a search counts 200 matches past the page's first row, says more, and its pages read every match once in order", async () => {
  const matches = SEARCH_COUNT_AHEAD + 60;
  await addBooks("Quokkalogy", matches);
  const get = (query: string) =>
    h.request<Page>("GET", `/api/admin/books?${query}`, { cookie: staff.cookie }).then((r) => r.body.data!);

  // The search is as case-blind as before: typed in capitals, it finds the title as written.
  const first = await get("q=QUOKKALOGY&sort=-price&limit=100");
  expect(first).toMatchObject({ total: SEARCH_COUNT_AHEAD, page: 1, limit: 100, more: true });

  // Page 3 starts at the 201st match: the count moves with it, to the exact number.
  const third = await get("q=quokkalogy&sort=-price&limit=100&page=3");
  expect(third.total).toBe(matches);
  expect(third.more).toBeUndefined();

  const second = await get("q=quokkalogy&sort=-price&limit=100&page=2");
  const read = [...first.items, ...second.items, ...third.items];
  const all = await h.db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(sql`${products.title} like 'Quokkalogy Volume %'`)
    .orderBy(desc(products.price), desc(products.id));
  expect(read.map((r) => r.id)).toEqual(all.map((r) => r.id));
});

it("a view without a search counts 1,000 past the page's first row, then says more", async () => {
  const { total: before } = (await h.request<Page>("GET", "/api/admin/books", { cookie: staff.cookie })).body
    .data!;
  await addBooks("Countable", LIST_COUNT_AHEAD + 1 - before);
  const whole = await h.request<Page>("GET", "/api/admin/books?sort=title", { cookie: staff.cookie });
  expect(whole.body.data).toMatchObject({ total: LIST_COUNT_AHEAD, more: true });
  const second = await h.request<Page>("GET", "/api/admin/books?sort=title&page=2", { cookie: staff.cookie });
  expect(second.body.data?.total).toBe(LIST_COUNT_AHEAD + 1);
  expect(second.body.data?.more).toBeUndefined();
  // A search of the same books is counted to its own bound.
  const searched = await h.request<Page>("GET", "/api/admin/books?q=countable", { cookie: staff.cookie });
  expect(searched.body.data).toMatchObject({ total: SEARCH_COUNT_AHEAD, more: true });
});
