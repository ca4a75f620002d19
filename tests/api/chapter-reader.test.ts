/**
 * A course's PDF chapters in the reader, and an e-book's outline: the same one-page cuts and
 * stamps as e-book pages, the same single 404 for everything a caller may not read, access taken
 * back at once by a refund, one rate-limit allowance shared with e-book pages.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_AREAS } from "../../src/contracts/permissions";
import type { ChapterReader, EbookOutline } from "../../src/contracts/reading";
import { contentChapters, products } from "../../src/server/db/schema";
import { buildStudyPdf } from "../../src/server/seed/study-pdf";
import { RATE_LIMITS } from "../../src/server/services/platform/rate-limits";
import { pdfText } from "../support/pdf-text";
import { checkout, payAtSandbox } from "./buying";
import { addChapters, createEbookWithPdf, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let contentStaff: TestUser;
let ordersStaff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  contentStaff = await h.createUser({ role: "staff", permissions: ["content"], name: "Content Staff" });
  ordersStaff = await h.createUser({ role: "staff", permissions: ["orders"], name: "Orders Staff" });
});
afterAll(async () => {
  await h?.close();
});

const PAGES = 4;

/**
 * A published course: a free PDF chapter, a paid PDF chapter (each `PAGES` pages, the seed's
 * study PDF), a paid text chapter and a paid PDF chapter whose file is missing.
 */
async function newCourse(opts: { published?: boolean } = {}) {
  const course = await createProduct(h.db, { kind: "content", title: "Physics Crash Course", ...opts });
  const file = async (name: string) => {
    const bytes = await buildStudyPdf({
      title: name,
      authors: ["Test Author"],
      shopName: "Pathagar",
      chapters: [name, "Practice"],
      pages: PAGES,
      seed: `${course.slug}/${name}`,
    });
    const key = `content/test-${course.id}-${name.toLowerCase().replace(/\W+/g, "-")}.pdf`;
    await h.storage.put(key, bytes, "application/pdf");
    return key;
  };
  const [free, paid, text, missing] = await addChapters(h.db, course.id, [
    { title: "Free Vectors", kind: "pdf", isFree: true, body: await file("Free Vectors") },
    { title: "Paid Dynamics", kind: "pdf", isFree: false, body: await file("Paid Dynamics") },
    { title: "Notes", kind: "text", isFree: false, body: "Some *notes*" },
    { title: "Lost", kind: "pdf", isFree: false, body: "content/missing.pdf" },
  ]);
  return { course, free: free!, paid: paid!, text: text!, missing: missing! };
}

async function buy(u: TestUser, productId: number) {
  const placed = await checkout(h, u, { items: [{ productId, type: "content" }], paymentMethod: "gateway" });
  await payAtSandbox(h, placed.tranx);
  return placed;
}

const info = (courseId: number | string, chapterId: number | string, u?: TestUser) =>
  h.request<ChapterReader>("GET", `/api/courses/${courseId}/chapters/${chapterId}/reader`, {
    cookie: u?.cookie,
  });
const page = (courseId: number | string, chapterId: number | string, n: number | string, u?: TestUser) =>
  h.request("GET", `/api/courses/${courseId}/chapters/${chapterId}/pages/${n}`, { cookie: u?.cookie });

const BAD_PAGES = ["0", String(PAGES + 1), "-1", "1e9", "abc", "1.5", "01", "%20", "0x2", "99999999999"];

function expectNotFound(res: { status: number; body: unknown }, what: string) {
  expect(res.status, what).toBe(404);
  expect(res.body, what).toEqual({ statusCode: 404, message: "No such page" });
}

describe("GET /api/courses/{id}/chapters/{chapterId}/reader", () => {
  it("opens a free PDF chapter to anyone, as a preview, with its page count read from the file", async () => {
    const { course, free } = await newCourse();
    const res = await info(course.id, free.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      courseId: course.id,
      courseTitle: course.title,
      chapterId: free.id,
      title: "Free Vectors",
      pageCount: PAGES,
      free: true,
      access: "preview",
    });
  });

  it("opens a paid chapter to its owner and to staff with content, and to no one else", async () => {
    const { course, paid, text, missing } = await newCourse();
    const buyer = await h.createUser();
    const lacking = await h.createUser({
      role: "staff",
      permissions: ADMIN_AREAS.filter((a) => a !== "content"),
    });
    for (const u of [undefined, await h.createUser(), lacking]) {
      const res = await info(course.id, paid.id, u);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: "No such chapter" });
    }
    await buy(buyer, course.id);
    expect((await info(course.id, paid.id, buyer)).body.data).toMatchObject({
      access: "owner",
      pageCount: PAGES,
      free: false,
    });
    expect((await info(course.id, paid.id, contentStaff)).body.data?.access).toBe("staff");
    // A text chapter is not for the PDF reader; a chapter of another course is not found.
    expect((await info(course.id, text.id, buyer)).status).toBe(404);
    expect((await info(course.id + 100_000, paid.id, buyer)).status).toBe(404);
    // A PDF chapter whose file is gone opens with no pages (the reader says so), never a 500.
    expect((await info(course.id, missing.id, buyer)).body.data?.pageCount).toBe(0);
    expect((await info("abc", paid.id)).status).toBe(400);
    expect((await info(course.id, "0")).status).toBe(400);
  });
});

describe("GET /api/courses/{id}/chapters/{chapterId}/pages/{page}", () => {
  it("refuses every page of a paid chapter, and every bad number, to non-owners with one 404", async () => {
    const { course, paid, text, missing } = await newCourse();
    const lacking = await h.createUser({
      role: "staff",
      permissions: ADMIN_AREAS.filter((a) => a !== "content"),
    });
    const callers: [string, TestUser | undefined][] = [
      ["signed out", undefined],
      ["another customer", await h.createUser()],
      ["staff without content", lacking],
    ];
    for (const [label, u] of callers) {
      for (let n = 1; n <= PAGES; n++) expectNotFound(await page(course.id, paid.id, n, u), `${label}, ${n}`);
      for (const bad of BAD_PAGES) expectNotFound(await page(course.id, paid.id, bad, u), `${label}, ${bad}`);
      for (const [c, ch] of [
        ["abc", paid.id],
        [course.id, "abc"],
        [course.id, "-1"],
        [course.id + 100_000, paid.id],
        [course.id, text.id],
        [course.id, missing.id],
      ] as const)
        expectNotFound(await page(c, ch, 1, u), `${label}, course ${c} chapter ${ch}`);
    }
    // An owner is refused the same way out of range, for a text chapter and a missing file.
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    for (const bad of BAD_PAGES) expectNotFound(await page(course.id, paid.id, bad, buyer), `owner, ${bad}`);
    expectNotFound(await page(course.id, text.id, 1, buyer), "owner, text chapter");
    expectNotFound(await page(course.id, missing.id, 1, buyer), "owner, missing file");
    // A file that is not a PDF: the same 404 (and the reader opens it with no pages), never a 500.
    const damaged = `content/damaged-${missing.id}.pdf`;
    await h.storage.put(damaged, new TextEncoder().encode("not a pdf"), "application/pdf");
    await h.db.update(contentChapters).set({ body: damaged }).where(eq(contentChapters.id, missing.id));
    expectNotFound(await page(course.id, missing.id, 1, buyer), "owner, damaged file");
    expect((await info(course.id, missing.id, buyer)).body.data?.pageCount).toBe(0);
  });

  it("serves the owner every page, stamped with the buyer's name and phone", async () => {
    const { course, paid, free } = await newCourse();
    const buyer = await h.createUser({ name: "Nusrat Jahan" });
    await buy(buyer, course.id);
    for (let n = 1; n <= PAGES; n++) {
      const res = await page(course.id, paid.id, n, buyer);
      expect(res.status, `page ${n}: ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const text = await pdfText(res.bytes);
      expect(text).toHaveLength(1);
      expect(text[0]).toContain("Paid Dynamics");
      expect(text[0]).toContain(`Licensed to Nusrat Jahan \u00b7 ${buyer.phone}`);
      if (n > 1) expect(text[0]).toMatch(new RegExp(`(^| )${n}( |$)`));
    }
    // The owner's free chapter is stamped too; staff with content get their own mark.
    expect((await pdfText((await page(course.id, free.id, 1, buyer)).bytes))[0]).toContain(buyer.phone);
    const staffPage = await page(course.id, paid.id, 2, contentStaff);
    expect(staffPage.status).toBe(200);
    expect((await pdfText(staffPage.bytes))[0]).toContain(contentStaff.phone);
  });

  it("serves a free chapter to anyone, unstamped, and nothing of a course taken down", async () => {
    const { course, free } = await newCourse();
    for (const u of [undefined, await h.createUser()]) {
      for (let n = 1; n <= PAGES; n++) {
        const res = await page(course.id, free.id, n, u);
        expect(res.status).toBe(200);
        const [text] = await pdfText(res.bytes);
        expect(text).toContain("Free Vectors");
        expect(text).not.toContain("Licensed to");
      }
    }
    await h.db.update(products).set({ published: false }).where(eq(products.id, course.id));
    expectNotFound(await page(course.id, free.id, 1), "taken down");
    expect((await info(course.id, free.id)).status).toBe(404);
  });

  it("never serves one reader's stamped chapter page to another", async () => {
    const { course, paid } = await newCourse();
    const a = await h.createUser({ name: "Reader A" });
    const b = await h.createUser({ name: "Reader B" });
    await buy(a, course.id);
    await buy(b, course.id);
    const [pa] = await pdfText((await page(course.id, paid.id, 3, a)).bytes);
    const [pb] = await pdfText((await page(course.id, paid.id, 3, b)).bytes);
    expect(pa).toContain(a.phone);
    expect(pa).not.toContain(b.phone);
    expect(pb).toContain(b.phone);
    expect(pb).not.toContain(a.phone);
  });

  it("refuses a former owner on the very next request after a refund", async () => {
    const { course, paid } = await newCourse();
    const buyer = await h.createUser();
    const placed = await buy(buyer, course.id);
    expect((await page(course.id, paid.id, 2, buyer)).status).toBe(200);
    const refund = await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      body: { status: "refunded" },
      cookie: ordersStaff.cookie,
    });
    expect(refund.status, refund.text).toBe(200);
    expectNotFound(await page(course.id, paid.id, 2, buyer), "the page read before the refund");
    expectNotFound(await page(course.id, paid.id, 3, buyer), "a page never read");
    expect((await info(course.id, paid.id, buyer)).status).toBe(404);
  });

  it("counts chapter pages and e-book pages in one allowance", async () => {
    const { course, paid } = await newCourse();
    const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 6 });
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    h.clock.set(new Date(Math.ceil(h.clock.now().getTime() / 60_000) * 60_000 + 120_000));
    const { limit } = RATE_LIMITS.pagesPerReader;
    const half = Math.floor(limit / 2);
    for (let i = 0; i < half; i++) {
      expect((await page(course.id, paid.id, (i % PAGES) + 1, buyer)).status, `chapter ${i}`).toBe(200);
    }
    for (let i = half; i < limit; i++) {
      // Not owned: refused, but counted all the same.
      expect(
        (await h.request("GET", `/api/ebooks/${ebook.id}/pages/5`, { cookie: buyer.cookie })).status,
      ).toBe(404);
    }
    const refused = await page(course.id, paid.id, 1, buyer);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: RATE_LIMITS.pagesPerReader.message });
  });
});

describe("GET /api/courses/{id}/chapters/{chapterId}/pages/{page}/image", () => {
  const image = (courseId: number, chapterId: number, n: number | string, u?: TestUser, query = "") =>
    h.request("GET", `/api/courses/${courseId}/chapters/${chapterId}/pages/${n}/image${query}`, {
      cookie: u?.cookie,
    });
  const widthOf = async (bytes: Uint8Array) => (await sharp(bytes).metadata()).width;

  it("gives the owner the stamped page drawn, and everyone else the page's own 404", async () => {
    const { course, paid } = await newCourse();
    const buyer = await h.createUser({ name: "Nusrat Jahan" });
    const other = await h.createUser({ name: "Tanvir Ahmed" });
    await buy(buyer, course.id);
    await buy(other, course.id);
    const res = await image(course.id, paid.id, 2, buyer);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await widthOf(res.bytes)).toBe(720);
    // Each owner's own stamp: two owners' pictures of one page differ.
    const theirs = await image(course.id, paid.id, 2, other);
    expect(Buffer.from(theirs.bytes).equals(Buffer.from(res.bytes))).toBe(false);
    for (const u of [undefined, await h.createUser(), ordersStaff])
      expectNotFound(await image(course.id, paid.id, 2, u), "a paid chapter to a non-owner");
    for (const bad of ["0", String(PAGES + 1), "abc"])
      expectNotFound(await image(course.id, paid.id, bad, buyer), `page ${bad}`);
    expect((await image(course.id, paid.id, 1, contentStaff, "?w=480")).status).toBe(200);
    const badWidth = await image(course.id, paid.id, 1, buyer, "?w=500");
    expect(badWidth.status).toBe(400);
    expect(badWidth.body.errors?.w).toBe("w must be one of 480, 720, 1080");
  });

  it("gives a free chapter's pages to the signed out, unstamped, for any cache to keep a few minutes", async () => {
    const { course, free } = await newCourse();
    const res = await image(course.id, free.id, 1);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const signedIn = await image(course.id, free.id, 1, await h.createUser());
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(signedIn.bytes).equals(Buffer.from(res.bytes))).toBe(true);
  });
});

describe("GET /api/ebooks/{id}/outline", () => {
  // The study PDF of 12 pages, chapters "Vectors" and "Dynamics": contents on 2, chapters from 3 and 8.
  const FULL = [
    { title: "Contents", page: 2, depth: 0 },
    { title: "1. Vectors", page: 3, depth: 0 },
    { title: "2. Dynamics", page: 8, depth: 0 },
  ];

  it("gives owners and staff with books every entry, and a preview only those on demo pages", async () => {
    const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 12, demoPages: [1, 2, 3] });
    const buyer = await h.createUser();
    const placed = await checkout(h, buyer, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, placed.tranx);
    const booksStaff = await h.createUser({ role: "staff", permissions: ["books"] });
    const outline = (u?: TestUser) =>
      h.request<EbookOutline>("GET", `/api/ebooks/${ebook.id}/outline`, { cookie: u?.cookie });
    expect((await outline(buyer)).body.data).toEqual({ entries: FULL });
    expect((await outline(booksStaff)).body.data).toEqual({ entries: FULL });
    for (const u of [undefined, await h.createUser(), contentStaff]) {
      const res = await outline(u);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ entries: FULL.slice(0, 2) });
    }
  });

  it("is empty for a PDF without bookmarks, and not found as the reader is", async () => {
    const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 3 });
    // Three pages and two chapters: no contents page, each chapter on its own page.
    expect(
      (await h.request<EbookOutline>("GET", `/api/ebooks/${ebook.id}/outline`)).body.data?.entries,
    ).toEqual([
      { title: "1. Vectors", page: 2, depth: 0 },
      { title: "2. Dynamics", page: 3, depth: 0 },
    ]);
    const { PDFDocument } = await import("pdf-lib");
    const plain = await PDFDocument.create();
    plain.addPage();
    plain.addPage();
    const bare = await createEbookWithPdf(h.db, h.storage, { pages: 2 });
    await h.storage.put(bare.pdfKey, await plain.save(), "application/pdf");
    const res = await h.request<EbookOutline>("GET", `/api/ebooks/${bare.id}/outline`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ entries: [] });
    // A file that is not a PDF at all: no outline, never a 500.
    const broken = await createEbookWithPdf(h.db, h.storage, { pages: 2 });
    await h.storage.put(broken.pdfKey, new TextEncoder().encode("not a pdf"), "application/pdf");
    const none = await h.request<EbookOutline>("GET", `/api/ebooks/${broken.id}/outline`);
    expect(none.status, none.text).toBe(200);
    expect(none.body.data).toEqual({ entries: [] });
    expect((await h.request("GET", "/api/ebooks/2000000/outline")).status).toBe(404);
    expect((await h.request("GET", "/api/ebooks/abc/outline")).status).toBe(400);
    await h.db.update(products).set({ published: false }).where(eq(products.id, ebook.id));
    expect((await h.request("GET", `/api/ebooks/${ebook.id}/outline`)).status).toBe(404);
  });
});
