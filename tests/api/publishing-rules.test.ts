/**
 * Nothing sells that cannot be delivered (decision 50): an e-book is published once its PDF is
 * uploaded, a course once it has a chapter, and a bundle dearer than its items only when staff
 * confirm "publish anyway" — through the form's endpoints, bulk publish and the books CSV.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct, BulkResult } from "../../src/contracts/admin-answers";
import type { BookImportReport } from "../../src/contracts/admin-books-csv";
import {
  BUNDLE_DEARER,
  BUNDLE_DEARER_BULK,
  COURSE_NEEDS_CHAPTER,
  EBOOK_NEEDS_PDF,
  LAST_CHAPTER_OF_PUBLISHED,
} from "../../src/contracts/admin-products";
import { ebookDetails, products } from "../../src/server/db/schema";
import { addChapters, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["books", "bundles", "content"] });
});
afterAll(async () => {
  await h?.close();
});

type Area = "books" | "bundles" | "content";
const add = (area: Area, body: unknown) =>
  h.request<AdminProduct>("POST", `/api/admin/${area}`, { body, cookie: staff.cookie });
const edit = (area: Area, id: number, body: unknown) =>
  h.request<AdminProduct>("PATCH", `/api/admin/${area}/${id}`, { body, cookie: staff.cookie });
const read = (area: Area, id: number) =>
  h.request<AdminProduct>("GET", `/api/admin/${area}/${id}`, { cookie: staff.cookie });
const bulk = (area: Area, ids: number[]) =>
  h.request<BulkResult>("POST", `/api/admin/${area}/bulk`, {
    body: { ids, action: "publish" },
    cookie: staff.cookie,
  });
const publishedOf = async (id: number) =>
  (await h.db.select({ p: products.published }).from(products).where(eq(products.id, id)))[0]!.p;

/** As the PDF upload leaves it. */
const uploadPdf = (id: number) =>
  h.db
    .update(ebookDetails)
    .set({ pdfKey: `ebooks/test-${id}.pdf`, pageCount: 3 })
    .where(eq(ebookDetails.productId, id));

describe("an e-book", () => {
  it("is not added published: its PDF comes after (400, nothing added)", async () => {
    const res = await add("books", {
      kind: "ebook",
      title: "Physics E-book",
      price: 15_000,
      published: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(EBOOK_NEEDS_PDF);
    expect(res.body.errors).toEqual({ published: EBOOK_NEEDS_PDF });
  });

  it("is published once its PDF is uploaded (409 before, saying why)", async () => {
    const made = await add("books", { kind: "ebook", title: "Chemistry E-book", price: 15_000 });
    expect(made.status, made.text).toBe(201);
    const e = made.body.data!;
    expect(e).toMatchObject({ published: false, publishRefusal: EBOOK_NEEDS_PDF });
    const early = await edit("books", e.id, { published: true, version: e.version });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(EBOOK_NEEDS_PDF);
    expect(early.body.errors).toEqual({ published: EBOOK_NEEDS_PDF });
    expect(await publishedOf(e.id)).toBe(false);
    // Other edits still save while it waits for its PDF.
    expect((await edit("books", e.id, { description: "Soon", version: e.version })).status).toBe(200);

    await uploadPdf(e.id);
    const now = (await read("books", e.id)).body.data!;
    expect(now.publishRefusal).toBeNull();
    const res = await edit("books", e.id, { published: true, version: now.version });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ published: true, publishRefusal: null });
  });

  it("is refused by bulk publish without its PDF while the others are published", async () => {
    const bare = await createProduct(h.db, { kind: "ebook", published: false });
    await h.db.insert(ebookDetails).values({ productId: bare.id });
    const ready = await createProduct(h.db, { kind: "ebook", published: false });
    await h.db.insert(ebookDetails).values({ productId: ready.id });
    await uploadPdf(ready.id);
    const printed = await createProduct(h.db, { published: false });
    const res = await bulk("books", [bare.id, ready.id, printed.id]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.results).toEqual([
      { id: bare.id, ok: false, message: EBOOK_NEEDS_PDF },
      { id: ready.id, ok: true, message: "Published" },
      { id: printed.id, ok: true, message: "Published" },
    ]);
    expect([await publishedOf(bare.id), await publishedOf(ready.id), await publishedOf(printed.id)]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("is refused published by the books CSV import without its PDF", async () => {
    const csv = "kind,title,price,published\nebook,CSV E-book,150,yes\nbook,CSV Book,250,yes\n";
    const res = await h.request<BookImportReport>("POST", "/api/admin/books/import?mode=preview", {
      body: csv,
      headers: { "content-type": "text/csv" },
      cookie: staff.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.rows.map((r) => r.errors)).toEqual([{ published: EBOOK_NEEDS_PDF }, {}]);
  });
});

describe("a course", () => {
  it("is published once it has a chapter, and keeps its last chapter while published", async () => {
    expect(
      (await add("content", { kind: "content", title: "Physics Course", price: 50_000, published: true }))
        .body.errors,
    ).toEqual({ published: COURSE_NEEDS_CHAPTER });
    const made = await add("content", { kind: "content", title: "Biology Course", price: 50_000 });
    expect(made.status, made.text).toBe(201);
    const c = made.body.data!;
    expect(c.publishRefusal).toBe(COURSE_NEEDS_CHAPTER);
    const early = await edit("content", c.id, { published: true, version: c.version });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(COURSE_NEEDS_CHAPTER);
    expect((await bulk("content", [c.id])).body.data!.results).toEqual([
      { id: c.id, ok: false, message: COURSE_NEEDS_CHAPTER },
    ]);

    const [chapter] = await addChapters(h.db, c.id, [{ title: "Cells", isFree: true }]);
    const now = (await read("content", c.id)).body.data!;
    expect(now.publishRefusal).toBeNull();
    expect((await edit("content", c.id, { published: true, version: now.version })).status).toBe(200);

    const gone = await h.request("DELETE", `/api/admin/content/${c.id}/chapters/${chapter!.id}`, {
      body: { version: chapter!.version },
      cookie: staff.cookie,
    });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(LAST_CHAPTER_OF_PUBLISHED);
    expect((await read("content", c.id)).body.data!.publishRefusal).toBeNull();
  });
});

describe("a bundle dearer than its items", () => {
  /** Two books at ৳200 and ৳300 (one on sale at ৳250): ৳450 bought one by one. */
  async function items() {
    const a = await createProduct(h.db, { price: 20_000 });
    const b = await createProduct(h.db, { price: 30_000, salePrice: 25_000 });
    return [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ];
  }
  const bundle = async (price: number, over: Record<string, unknown> = {}) => ({
    kind: "bundle",
    title: `Bundle ${price}`,
    price,
    items: await items(),
    ...over,
  });

  it("is published only with 'publish anyway' (409 naming the field before)", async () => {
    const refused = await add("bundles", await bundle(50_000, { published: true }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BUNDLE_DEARER);
    expect(refused.body.errors).toEqual({ publishAnyway: BUNDLE_DEARER });
    const anyway = await add("bundles", await bundle(50_000, { published: true, publishAnyway: true }));
    expect(anyway.status, anyway.text).toBe(201);
    expect(anyway.body.data!.published).toBe(true);
    // Saved again as it is: not asked again.
    const p = anyway.body.data!;
    expect(
      (await edit("bundles", p.id, { description: "Two books", published: true, version: p.version })).status,
    ).toBe(200);
  });

  it("asks when an unpublished one is published, and when a published one's price makes it dearer", async () => {
    const draft = (await add("bundles", await bundle(50_000))).body.data!;
    expect((await edit("bundles", draft.id, { published: true, version: draft.version })).status).toBe(409);
    expect(await publishedOf(draft.id)).toBe(false);
    const ok = await edit("bundles", draft.id, {
      published: true,
      publishAnyway: true,
      version: draft.version,
    });
    expect(ok.status, ok.text).toBe(200);

    const cheap = (await add("bundles", await bundle(40_000, { published: true }))).body.data!;
    expect(cheap.published).toBe(true);
    const dearer = await edit("bundles", cheap.id, { price: 46_000, version: cheap.version });
    expect(dearer.status).toBe(409);
    expect(dearer.body.errors).toEqual({ publishAnyway: BUNDLE_DEARER });
    expect((await edit("bundles", cheap.id, { price: 44_000, version: cheap.version })).status).toBe(200);
  });

  it("is refused by bulk publish, which cannot ask, while a cheaper one is published", async () => {
    const dear = (await add("bundles", await bundle(50_000))).body.data!;
    const cheap = (await add("bundles", await bundle(40_000))).body.data!;
    const res = await bulk("bundles", [dear.id, cheap.id]);
    expect(res.body.data!.results).toEqual([
      { id: dear.id, ok: false, message: BUNDLE_DEARER_BULK },
      { id: cheap.id, ok: true, message: "Published" },
    ]);
  });
});
