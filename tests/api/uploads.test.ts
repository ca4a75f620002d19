/**
 * Staff uploads: pictures, an e-book's PDF (with its page thumbnails), its demo pages, and a
 * course's PDF chapters. Good input; files that are not what they claim (400, nothing changed);
 * too large (413); the wrong type (415); a stale version (409, the current record, nothing
 * changed). Who may call each is the access matrix's (access-matrix.test.ts).
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STALE_EDIT } from "../../src/contracts/admin";
import { IMAGE_WIDTHS, imageFileKey } from "../../src/contracts/images";
import {
  DEMO_PAGES_DISTINCT,
  DEMO_PAGES_SORTED,
  type EbookPdf,
  MAX_PDF_BYTES,
  THUMBNAIL_WIDTH,
} from "../../src/contracts/uploads";
import { auditLog, contentChapters, ebookDetails, products } from "../../src/server/db/schema";
import { buildStudyPdf } from "../../src/server/seed/study-pdf";
import {
  assertImageKey,
  IMAGE_KEY_UNKNOWN,
  NOT_A_PDF_CHAPTER,
  PDF_DAMAGED,
  PDF_ENCRYPTED,
  PDF_NOT_A_PDF,
} from "../../src/server/services/catalog/uploads";
import { DomainError } from "../../src/server/services/errors";
import { thumbnailKey, thumbnailsBusy } from "../../src/server/services/reading/thumbnails";
import { addChapters, createEbookWithPdf, createProduct, linkEbook } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let books: TestUser;
let content: TestUser;
let anyStaff: TestUser;
let customer: TestUser;

const studyPdf = (pages: number, seed = `s${pages}`) =>
  buildStudyPdf({
    title: "Upload test",
    authors: ["A"],
    shopName: "Pathagar",
    chapters: ["One", "Two"],
    pages,
    seed,
  });

async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  const text = Buffer.from(await doc.save({ useObjectStreams: false })).toString("latin1");
  return Buffer.from(text.replace("trailer\n<<", "trailer\n<<\n/Encrypt 1 0 R"), "latin1");
}

const upload = (path: string, user: TestUser | null, bytes: Uint8Array, type: string) =>
  h.request<EbookPdf>("PUT", path, { cookie: user?.cookie, body: bytes, headers: { "content-type": type } });

async function newEbook(demoPages = [1, 2, 3, 8], pageCount = 30) {
  const ebook = await createProduct(h.db, { kind: "ebook" });
  await linkEbook(h.db, ebook.id, null, pageCount, demoPages, null);
  return ebook;
}

async function ebookState(id: number) {
  const [row] = await h.db
    .select({
      version: products.version,
      pdfKey: ebookDetails.pdfKey,
      pageCount: ebookDetails.pageCount,
      demoPages: ebookDetails.demoPages,
    })
    .from(products)
    .innerJoin(ebookDetails, eq(ebookDetails.productId, products.id))
    .where(eq(products.id, id));
  return row!;
}

/** Waits for the background thumbnails of a file to be stored (or gives up after a while). */
async function thumbnailsOf(pdfKey: string, pages: number) {
  for (let i = 0; i < 200; i++) {
    let all = true;
    for (let n = 1; n <= pages; n++) if (!(await h.storage.has(thumbnailKey(pdfKey, n)))) all = false;
    if (all) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

beforeAll(async () => {
  h = await createHarness();
  books = await h.createUser({ role: "staff", permissions: ["books"] });
  content = await h.createUser({ role: "staff", permissions: ["content"] });
  anyStaff = await h.createUser({ role: "staff", permissions: [] });
  customer = await h.createUser();
}, 60_000);
afterAll(async () => {
  // Background thumbnails still being drawn would write into the files' directory once it is gone.
  for (let i = 0; i < 600 && h && thumbnailsBusy(h.storage); i++) await new Promise((r) => setTimeout(r, 50));
  await h?.close();
});

describe("POST /api/admin/images", () => {
  it("stores a picture from any staff member at every width and answers its key (201)", async () => {
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const res = await h.request<{ key: string; width: number; height: number }>(
      "POST",
      "/api/admin/images?crop=cover",
      {
        cookie: anyStaff.cookie,
        body: new Uint8Array(png),
        headers: { "content-type": "image/png" },
      },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ width: 400, height: 600 });
    for (const w of IMAGE_WIDTHS) expect(await h.storage.has(imageFileKey(res.body.data!.key, w))).toBe(true);
    // A form saving the key is told it exists; an unknown or malformed key is a field error.
    await expect(assertImageKey(h.ctx(), res.body.data!.key)).resolves.toBeUndefined();
    for (const bad of ["0123456789abcdef01234567", "../../etc/passwd", ""]) {
      const err = await assertImageKey(h.ctx(), bad, "photo").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).fields).toEqual({ photo: IMAGE_KEY_UNKNOWN });
    }
  });

  it("judges the picture by its bytes: a PNG sent as image/jpeg is stored, text sent as a PNG is 400", async () => {
    const png = await sharp({ create: { width: 50, height: 80, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const asJpeg = await h.request("POST", "/api/admin/images", {
      cookie: anyStaff.cookie,
      body: new Uint8Array(png),
      headers: { "content-type": "image/jpeg" },
    });
    expect(asJpeg.status).toBe(201);
    const text = await h.request("POST", "/api/admin/images", {
      cookie: anyStaff.cookie,
      body: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      headers: { "content-type": "image/png" },
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/not an image/);
  });

  it("refuses other types with 415 and bodies over 8 MB with 413", async () => {
    for (const type of ["image/svg+xml", "image/gif", "application/json", "text/plain", "application/pdf"]) {
      const res = await h.request("POST", "/api/admin/images", {
        cookie: anyStaff.cookie,
        body: type === "application/json" ? "{}" : new Uint8Array([1, 2, 3]),
        headers: { "content-type": type },
      });
      expect(res.status, type).toBe(415);
    }
    const big = await h.request("POST", "/api/admin/images", {
      cookie: anyStaff.cookie,
      body: new Uint8Array(8 * 1024 * 1024 + 1),
      headers: { "content-type": "image/png" },
    });
    expect(big.status).toBe(413);
  });

  it("refuses customers and signed-out callers", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    const asCustomer = await h.request("POST", "/api/admin/images", {
      cookie: customer.cookie,
      body: png,
      headers: { "content-type": "image/png" },
    });
    expect(asCustomer.status).toBe(403);
    const signedOut = await h.request("POST", "/api/admin/images", {
      body: png,
      headers: { "content-type": "image/png" },
    });
    expect(signedOut.status).toBe(401);
  });
});

describe("PUT /api/admin/ebooks/{id}/pdf", () => {
  it("stores the PDF, reads its page count, drops demo pages past the end, raises the version, audits, draws thumbnails", async () => {
    const ebook = await newEbook([1, 2, 3, 8]);
    const pdf = await studyPdf(5);
    const res = await upload(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, pdf, "application/pdf");
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: ebook.id,
      version: 2,
      pageCount: 5,
      fileBytes: pdf.byteLength,
      demoPages: [1, 2, 3],
    });
    const state = await ebookState(ebook.id);
    expect(state).toMatchObject({ version: 2, pageCount: 5, demoPages: [1, 2, 3] });
    expect(state.pdfKey).toMatch(/^ebooks\/[0-9a-f]{24}\.pdf$/);
    expect((await h.storage.get(state.pdfKey!))!.bytes).toEqual(new Uint8Array(pdf));
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "ebook.pdf"), eq(auditLog.entityId, String(ebook.id))));
    expect(entry).toMatchObject({
      actorId: books.user.id,
      before: { pdfKey: null, pageCount: 0, demoPages: [1, 2, 3, 8] },
      after: { pdfKey: state.pdfKey, pageCount: 5, demoPages: [1, 2, 3] },
    });

    // Thumbnails: drawn in the background; any page is also drawn when asked for first.
    const thumb = await h.request("GET", `/api/admin/ebooks/${ebook.id}/thumbnails/4`, {
      cookie: books.cookie,
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("cache-control")).toBe("private, no-cache");
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", THUMBNAIL_WIDTH]);
    expect(await thumbnailsOf(state.pdfKey!, 5)).toBe(true);
    const kept = await h.request(
      "GET",
      `/api/admin/ebooks/${ebook.id}/thumbnails/1?v=${res.body.data!.fileVersion}`,
      {
        cookie: books.cookie,
      },
    );
    expect(kept.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    for (const page of ["0", "6", "x"]) {
      const missing = await h.request("GET", `/api/admin/ebooks/${ebook.id}/thumbnails/${page}`, {
        cookie: books.cookie,
      });
      expect(missing.status, page).toBe(404);
    }
    // Never public, never for staff without `books`.
    expect((await h.request("GET", `/api/admin/ebooks/${ebook.id}/thumbnails/1`)).status).toBe(401);
    expect(
      (await h.request("GET", `/api/admin/ebooks/${ebook.id}/thumbnails/1`, { cookie: content.cookie }))
        .status,
    ).toBe(403);
    expect((await h.request("GET", `/media/${thumbnailKey(state.pdfKey!, 1)}`)).status).toBe(404);

    // Replaced by a shorter file: its demo pages shrink with it, the reader serves the new file.
    const shorter = await upload(
      `/api/admin/ebooks/${ebook.id}/pdf?version=2`,
      books,
      await studyPdf(2),
      "application/pdf",
    );
    expect(shorter.body.data).toMatchObject({ version: 3, pageCount: 2, demoPages: [1, 2] });
    expect(shorter.body.data!.fileVersion).not.toBe(res.body.data!.fileVersion);
    const reader = await h.request<{ pageCount: number; demoPages: number[] }>(
      "GET",
      `/api/ebooks/${ebook.id}/reader`,
    );
    expect(reader.body.data).toMatchObject({ pageCount: 2, demoPages: [1, 2] });
  });

  it.each([
    ["text", () => new TextEncoder().encode("hello, not a pdf"), PDF_NOT_A_PDF],
    ["an empty body", () => new Uint8Array(0), "The file is empty"],
    [
      "a PNG",
      async () =>
        new Uint8Array(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
            .png()
            .toBuffer(),
        ),
      PDF_NOT_A_PDF,
    ],
    ["a damaged PDF", () => new TextEncoder().encode("%PDF-1.7\nhello world garbage"), PDF_DAMAGED],
    ["a truncated PDF", async () => (await studyPdf(3)).subarray(0, 300), PDF_DAMAGED],
    ["a password-protected PDF", encryptedPdf, PDF_ENCRYPTED],
  ])("refuses %s with 400 and changes nothing", async (_name, make, message) => {
    const ebook = await newEbook();
    const before = await ebookState(ebook.id);
    const res = await upload(
      `/api/admin/ebooks/${ebook.id}/pdf?version=1`,
      books,
      await make(),
      "application/pdf",
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await ebookState(ebook.id)).toEqual(before);
  });

  it("refuses a body over 100 MB with 413, other types with 415, and a missing version with 400", async () => {
    const ebook = await newEbook();
    const before = await ebookState(ebook.id);
    const big = await upload(
      `/api/admin/ebooks/${ebook.id}/pdf?version=1`,
      books,
      new Uint8Array(MAX_PDF_BYTES + 1),
      "application/pdf",
    );
    expect(big.status).toBe(413);
    const pdf = await studyPdf(2);
    for (const type of [
      "image/png",
      "application/octet-stream",
      "text/plain",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await upload(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, pdf, type);
      expect(res.status, type).toBe(415);
    }
    const json = await h.request("PUT", `/api/admin/ebooks/${ebook.id}/pdf?version=1`, {
      cookie: books.cookie,
      body: {},
    });
    expect(json.status).toBe(415);
    const noVersion = await upload(`/api/admin/ebooks/${ebook.id}/pdf`, books, pdf, "application/pdf");
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors).toHaveProperty("version");
    expect(await ebookState(ebook.id)).toEqual(before);
  });

  it("gives uploads their own body limits: 3 MB reaches the PDF check there, while elsewhere 1 MB is the limit", async () => {
    const ebook = await newEbook();
    const body = new Uint8Array(3 * 1024 * 1024);
    body.set(new TextEncoder().encode("%PDF-1.7\n"));
    const pdf = await upload(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, body, "application/pdf");
    expect([pdf.status, pdf.body.message]).toEqual([400, PDF_DAMAGED]);
    const image = await h.request("POST", "/api/admin/images", {
      cookie: anyStaff.cookie,
      body,
      headers: { "content-type": "image/png" },
    });
    expect(image.status).toBe(400);
    const json = await h.request("PUT", `/api/admin/ebooks/${ebook.id}/demo`, {
      cookie: books.cookie,
      body: JSON.stringify({ demoPages: [], version: 1, pad: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(json.status).toBe(413);
    // The picture limit is the picture endpoint's only: a PDF path does not lend it a larger one.
    const bigImage = await h.request("POST", "/api/admin/images", {
      cookie: anyStaff.cookie,
      body: new Uint8Array(9 * 1024 * 1024),
      headers: { "content-type": "image/png" },
    });
    expect(bigImage.status).toBe(413);
  });

  it("draws the thumbnails of an e-book stored before thumbnails existed when they are first asked for", async () => {
    const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 3 });
    expect(await h.storage.has(thumbnailKey(ebook.pdfKey, 2))).toBe(false);
    const res = await h.request("GET", `/api/admin/ebooks/${ebook.id}/thumbnails/2`, {
      cookie: books.cookie,
    });
    expect(res.status).toBe(200);
    expect(await h.storage.has(thumbnailKey(ebook.pdfKey, 2))).toBe(true);
    expect(await h.storage.has(thumbnailKey(ebook.pdfKey, 3))).toBe(false);
    const state = await h.request<EbookPdf>("GET", `/api/admin/ebooks/${ebook.id}/pdf`, {
      cookie: books.cookie,
    });
    expect(state.body.data).toMatchObject({ id: ebook.id, pageCount: 3, demoPages: [1, 2, 3] });
  });

  it("answers a stale version with 409 and the e-book as it now is, changing nothing", async () => {
    const ebook = await newEbook([1]);
    const first = await upload(
      `/api/admin/ebooks/${ebook.id}/pdf?version=1`,
      books,
      await studyPdf(4),
      "application/pdf",
    );
    expect(first.status).toBe(200);
    const before = await ebookState(ebook.id);
    const stale = await upload(
      `/api/admin/ebooks/${ebook.id}/pdf?version=1`,
      books,
      await studyPdf(6),
      "application/pdf",
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE_EDIT);
    expect(stale.body.data).toMatchObject({ id: ebook.id, version: 2, pageCount: 4, demoPages: [1] });
    expect(await ebookState(ebook.id)).toEqual(before);
  });

  it("answers 404 for a product that is not an e-book, before storing anything", async () => {
    const book = await createProduct(h.db, { kind: "book" });
    const pdf = await studyPdf(2, "not-stored");
    const res = await upload(`/api/admin/ebooks/${book.id}/pdf?version=1`, books, pdf, "application/pdf");
    expect(res.status).toBe(404);
    const key = `ebooks/${createHash("sha256").update(pdf).digest("hex").slice(0, 24)}.pdf`;
    expect(await h.storage.has(key)).toBe(false);
  });
});

describe("PUT /api/admin/ebooks/{id}/demo", () => {
  it("saves the preview pages, which a signed-out reader then gets exactly", async () => {
    const ebook = await newEbook([1]);
    await upload(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, await studyPdf(6), "application/pdf");
    const res = await h.request<EbookPdf>("PUT", `/api/admin/ebooks/${ebook.id}/demo`, {
      cookie: books.cookie,
      body: { demoPages: [2, 5], version: 2 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ demoPages: [2, 5], version: 3 });
    const reader = await h.request<{ demoPages: number[]; access: string }>(
      "GET",
      `/api/ebooks/${ebook.id}/reader`,
    );
    expect(reader.body.data).toMatchObject({ demoPages: [2, 5], access: "preview" });
    expect((await h.request("GET", `/api/ebooks/${ebook.id}/pages/5`)).status).toBe(200);
    expect((await h.request("GET", `/api/ebooks/${ebook.id}/pages/1`)).status).toBe(404);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "ebook.demo"), eq(auditLog.entityId, String(ebook.id))));
    expect(entry).toMatchObject({ before: { demoPages: [1] }, after: { demoPages: [2, 5] } });
  });

  it.each([
    [[3, 1], DEMO_PAGES_SORTED],
    [[2, 2], DEMO_PAGES_DISTINCT],
    [[0], "Pages start at 1"],
    [[1.5], "A page is a whole number"],
    [[7], "Page 7 is past the last page (6)"],
    [Array.from({ length: 51 }, (_, i) => i + 1), "At most 50 preview pages"],
    ["1,2", "demoPages must be a list of page numbers"],
  ])("refuses %j with a field error and changes nothing", async (demoPages, message) => {
    const ebook = await newEbook([1]);
    await upload(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, await studyPdf(6), "application/pdf");
    const before = await ebookState(ebook.id);
    const res = await h.request("PUT", `/api/admin/ebooks/${ebook.id}/demo`, {
      cookie: books.cookie,
      body: { demoPages, version: 2 },
    });
    expect(res.status).toBe(400);
    expect(Object.entries(res.body.errors ?? {}).find(([k]) => k.startsWith("demoPages"))?.[1]).toBe(message);
    expect(await ebookState(ebook.id)).toEqual(before);
  });

  it("answers a stale version with 409 and the colleague's choice", async () => {
    const ebook = await newEbook([1]);
    await upload(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, await studyPdf(6), "application/pdf");
    const mine = await h.request("PUT", `/api/admin/ebooks/${ebook.id}/demo`, {
      cookie: books.cookie,
      body: { demoPages: [1, 2], version: 2 },
    });
    expect(mine.status).toBe(200);
    const theirs = await h.request<EbookPdf>("PUT", `/api/admin/ebooks/${ebook.id}/demo`, {
      cookie: books.cookie,
      body: { demoPages: [3], version: 2 },
    });
    expect(theirs.status).toBe(409);
    expect(theirs.body.data).toMatchObject({ demoPages: [1, 2], version: 3 });
    expect((await ebookState(ebook.id)).demoPages).toEqual([1, 2]);
  });

  it("lets exactly one of two saves of the same version through", async () => {
    const ebook = await newEbook([1]);
    await upload(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, await studyPdf(6), "application/pdf");
    const save = (pages: number[]) =>
      h.request("PUT", `/api/admin/ebooks/${ebook.id}/demo`, {
        cookie: books.cookie,
        body: { demoPages: pages, version: 2 },
      });
    const results = await Promise.all([save([2]), save([3]), save([4])]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await ebookState(ebook.id)).demoPages).toEqual((winner.body.data as EbookPdf).demoPages);
    expect((await ebookState(ebook.id)).version).toBe(3);
  });
});

describe("PUT /api/admin/content/{id}/chapters/{chapterId}/pdf", () => {
  it("sets a PDF chapter's file, raises its version, and the chapter reader serves it", async () => {
    const course = await createProduct(h.db, { kind: "content" });
    const [pdfChapter, textChapter] = await addChapters(h.db, course.id, [
      { title: "PDF chapter", isFree: false, kind: "pdf", body: "" },
      { title: "Text chapter", isFree: true },
    ]);
    const res = await upload(
      `/api/admin/content/${course.id}/chapters/${pdfChapter!.id}/pdf?version=1`,
      content,
      await studyPdf(3),
      "application/pdf",
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: pdfChapter!.id,
      courseId: course.id,
      version: 2,
      pageCount: 3,
    });
    const [row] = await h.db.select().from(contentChapters).where(eq(contentChapters.id, pdfChapter!.id));
    expect(row!.body).toMatch(/^content\/[0-9a-f]{24}\.pdf$/);
    const reader = await h.request<{ pageCount: number }>(
      "GET",
      `/api/courses/${course.id}/chapters/${pdfChapter!.id}/reader`,
      {
        cookie: content.cookie,
      },
    );
    expect(reader.body.data?.pageCount).toBe(3);

    // A stale version, a text chapter, another course's chapter, a file that is not a PDF: refused, nothing changed.
    const stale = await upload(
      `/api/admin/content/${course.id}/chapters/${pdfChapter!.id}/pdf?version=1`,
      content,
      await studyPdf(2),
      "application/pdf",
    );
    expect(stale.status).toBe(409);
    const text = await upload(
      `/api/admin/content/${course.id}/chapters/${textChapter!.id}/pdf?version=1`,
      content,
      await studyPdf(2),
      "application/pdf",
    );
    expect([text.status, text.body.message]).toEqual([409, NOT_A_PDF_CHAPTER]);
    const other = await createProduct(h.db, { kind: "content" });
    const elsewhere = await upload(
      `/api/admin/content/${other.id}/chapters/${pdfChapter!.id}/pdf?version=2`,
      content,
      await studyPdf(2),
      "application/pdf",
    );
    expect(elsewhere.status).toBe(404);
    const notPdf = await upload(
      `/api/admin/content/${course.id}/chapters/${pdfChapter!.id}/pdf?version=2`,
      content,
      new TextEncoder().encode("plain"),
      "application/pdf",
    );
    expect(notPdf.status).toBe(400);
    const [after] = await h.db.select().from(contentChapters).where(eq(contentChapters.id, pdfChapter!.id));
    expect(after).toEqual(row);
    const asBooks = await upload(
      `/api/admin/content/${course.id}/chapters/${pdfChapter!.id}/pdf?version=2`,
      books,
      await studyPdf(2),
      "application/pdf",
    );
    expect(asBooks.status).toBe(403);
  });
});
