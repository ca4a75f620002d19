/**
 * Nothing sells that cannot be delivered (decision 50): an e-book is published once its PDF is
 * uploaded, a course once it has a chapter to show (a PDF chapter without its file is none), a
 * bundle once every e-book and course in it can be delivered, and a bundle dearer than its items
 * only when staff confirm "publish anyway" — through the form's endpoints, bulk publish and the
 * books CSV.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookImportReport } from "../../src/contracts/admin-books-csv";
import {
  BUNDLE_DEARER,
  BUNDLE_DEARER_BULK,
  COURSE_NEEDS_CHAPTER,
  EBOOK_NEEDS_PDF,
  LAST_CHAPTER_OF_PUBLISHED,
  LAST_CHAPTER_TO_PDF,
} from "../../src/contracts/admin-products";
import type { AdminProduct, BulkResult } from "../../src/contracts/answers/staff-catalog";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../src/contracts/message-values";
import { bundleItems, contentChapters, ebookDetails, products } from "../../src/server/db/schema";
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

const chapterPath = (courseId: number, chapterId: number) =>
  `/api/admin/content/${courseId}/chapters/${chapterId}`;
/** As the chapter PDF upload leaves it: the file's key in the body. */
const uploadChapterPdf = (chapterId: number) =>
  h.db
    .update(contentChapters)
    .set({ body: `content/test-${chapterId}.pdf` })
    .where(eq(contentChapters.id, chapterId));

describe("a course's chapters count once they can be shown", () => {
  it("is not published with only a PDF chapter without its file (409, bulk too), and is once the file is there", async () => {
    const c = await createProduct(h.db, { kind: "content", price: 50_000, published: false });
    const [pdf] = await addChapters(h.db, c.id, [{ title: "Slides", isFree: false, kind: "pdf", body: "" }]);
    const now = (await read("content", c.id)).body.data!;
    expect(now.publishRefusal).toBe(COURSE_NEEDS_CHAPTER);
    const early = await edit("content", c.id, { published: true, version: now.version });
    expect(early.status).toBe(409);
    expect(early.body.errors).toEqual({ published: COURSE_NEEDS_CHAPTER });
    expect((await bulk("content", [c.id])).body.data!.results).toEqual([
      { id: c.id, ok: false, message: COURSE_NEEDS_CHAPTER },
    ]);
    expect(await publishedOf(c.id)).toBe(false);

    await uploadChapterPdf(pdf!.id);
    expect((await read("content", c.id)).body.data!.publishRefusal).toBeNull();
    expect((await bulk("content", [c.id])).body.data!.results).toEqual([
      { id: c.id, ok: true, message: "Published" },
    ]);
  });

  it("keeps, while published, a chapter it can show: its last one is neither deleted nor turned into a PDF chapter", async () => {
    const c = await createProduct(h.db, { kind: "content", price: 50_000, published: true });
    const [text, pdf] = await addChapters(h.db, c.id, [
      { title: "Welcome", isFree: true },
      { title: "Slides", isFree: false, kind: "pdf", body: "" },
    ]);
    const gone = await h.request("DELETE", chapterPath(c.id, text!.id), {
      body: { version: text!.version },
      cookie: staff.cookie,
    });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(LAST_CHAPTER_OF_PUBLISHED);
    const toPdf = await h.request("PATCH", chapterPath(c.id, text!.id), {
      body: { kind: "pdf", title: "Welcome", isFree: true, version: text!.version },
      cookie: staff.cookie,
    });
    expect(toPdf.status).toBe(409);
    expect(toPdf.body.message).toBe(LAST_CHAPTER_TO_PDF);
    const [kept] = await h.db.select().from(contentChapters).where(eq(contentChapters.id, text!.id));
    expect(kept).toMatchObject({ kind: "text", body: text!.body, version: text!.version });
    // The PDF chapter without its file shows nothing: it may go.
    const pdfGone = await h.request("DELETE", chapterPath(c.id, pdf!.id), {
      body: { version: pdf!.version },
      cookie: staff.cookie,
    });
    expect(pdfGone.status, pdfGone.text).toBe(200);
    // With a second chapter to show, the first may become a PDF chapter.
    await addChapters(h.db, c.id, [
      { title: "More", isFree: false, kind: "video", body: "https://youtu.be/dQw4w9WgXcQ" },
    ]);
    const later = await h.request("PATCH", chapterPath(c.id, text!.id), {
      body: { kind: "pdf", title: "Welcome", isFree: true, version: text!.version },
      cookie: staff.cookie,
    });
    expect(later.status, later.text).toBe(200);
  });
});

describe("a bundle holding an e-book or a course", () => {
  /** A printed book, an e-book without its PDF and a course whose only chapter is a PDF without its file. */
  async function undeliverable(tag: string) {
    const book = await createProduct(h.db, { price: 30_000 });
    const ebook = await createProduct(h.db, {
      kind: "ebook",
      title: `A ${tag} e-book`,
      price: 15_000,
      published: false,
    });
    await h.db.insert(ebookDetails).values({ productId: ebook.id });
    const course = await createProduct(h.db, {
      kind: "content",
      title: `B ${tag} course`,
      price: 50_000,
      published: false,
    });
    const [chapter] = await addChapters(h.db, course.id, [
      { title: "Slides", isFree: false, kind: "pdf", body: "" },
    ]);
    const items = [book, ebook, course].map((p) => ({ productId: p.id, quantity: 1 }));
    return { ebook, course, chapter: chapter!, items };
  }
  const noPdf = (title: string) => fillMessage(M.bundleEbookWithoutPdf, { item: title });
  const noChapter = (title: string) => fillMessage(M.bundleCourseWithoutChapter, { item: title });

  it("is published once every item can be delivered, naming the first that cannot (add, edit, bulk)", async () => {
    const { ebook, course, chapter, items } = await undeliverable("Physics");
    const body = { kind: "bundle", title: "Physics pack", price: 40_000, items };
    const refused = await add("bundles", { ...body, published: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(noPdf(ebook.title));
    expect(refused.body.errors).toEqual({ published: noPdf(ebook.title) });

    const draft = (await add("bundles", body)).body.data!;
    expect(draft.publishRefusal).toBe(noPdf(ebook.title));
    const early = await edit("bundles", draft.id, { published: true, version: draft.version });
    expect(early.status).toBe(409);
    expect(early.body.errors).toEqual({ published: noPdf(ebook.title) });
    expect((await bulk("bundles", [draft.id])).body.data!.results).toEqual([
      { id: draft.id, ok: false, message: noPdf(ebook.title) },
    ]);

    await uploadPdf(ebook.id);
    expect((await read("bundles", draft.id)).body.data!.publishRefusal).toBe(noChapter(course.title));
    const still = await edit("bundles", draft.id, { published: true, version: draft.version });
    expect(still.status).toBe(409);
    expect(still.body.message).toBe(noChapter(course.title));
    expect(await publishedOf(draft.id)).toBe(false);

    await uploadChapterPdf(chapter.id);
    expect((await read("bundles", draft.id)).body.data!.publishRefusal).toBeNull();
    const ok = await edit("bundles", draft.id, { published: true, version: draft.version });
    expect(ok.status, ok.text).toBe(200);
    // Its items need not be published on their own: what counts is that they can be delivered.
    expect([await publishedOf(ebook.id), await publishedOf(course.id)]).toEqual([false, false]);
  });

  it("refuses an item that cannot be delivered added to a published bundle (409 naming it, items kept)", async () => {
    const { ebook, items } = await undeliverable("Chemistry");
    const book = await createProduct(h.db, { price: 30_000 });
    const made = await add("bundles", {
      kind: "bundle",
      title: "Chemistry pack",
      price: 20_000,
      items: [{ productId: book.id, quantity: 1 }],
      published: true,
    });
    expect(made.status, made.text).toBe(201);
    const p = made.body.data!;
    const res = await edit("bundles", p.id, { items, version: p.version });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ items: noPdf(ebook.title) });
    const kept = await h.db.select().from(bundleItems).where(eq(bundleItems.bundleId, p.id));
    expect(kept.map((i) => i.itemId)).toEqual([book.id]);
  });

  it("keeps a chapter to show for each course in a published bundle, while the course may be unpublished", async () => {
    const course = await createProduct(h.db, { kind: "content", price: 50_000, published: true });
    const [only] = await addChapters(h.db, course.id, [{ title: "Only", isFree: false }]);
    const made = await add("bundles", {
      kind: "bundle",
      title: "Course pack",
      price: 30_000,
      items: [{ productId: course.id, quantity: 1 }],
      published: true,
    });
    expect(made.status, made.text).toBe(201);
    const c = (await read("content", course.id)).body.data!;
    // Unpublishing the course leaves the bundle on sale: the course can still be delivered in it.
    expect((await edit("content", course.id, { published: false, version: c.version })).status).toBe(200);
    expect(await publishedOf(made.body.data!.id)).toBe(true);
    const gone = await h.request("DELETE", chapterPath(course.id, only!.id), {
      body: { version: only!.version },
      cookie: staff.cookie,
    });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(fillMessage(M.courseInPublishedBundle, { bundle: "Course pack" }));
    const toPdf = await h.request("PATCH", chapterPath(course.id, only!.id), {
      body: { kind: "pdf", title: "Only", isFree: false, version: only!.version },
      cookie: staff.cookie,
    });
    expect(toPdf.status).toBe(409);
    expect(toPdf.body.message).toBe(fillMessage(M.courseInPublishedBundle, { bundle: "Course pack" }));
  });
});
