/**
 * The product lists: the books list's e-book rows carry the PDF's state, the free preview pages
 * and the owners, which the back office's e-book lists show (other rows and areas carry none);
 * the stationery list filters by category.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminProductRow } from "../../src/contracts/answers/staff-catalog";
import { stationeryDetails } from "../../src/server/db/schema";
import { createEbookWithPdf, createEntitlement, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

type Page = { items: AdminProductRow[] };

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
