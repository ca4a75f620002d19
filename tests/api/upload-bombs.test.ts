/**
 * Uploads that cannot take the machine (decision 27): a 400 kB PDF whose page holds a
 * 20,000 × 20,000 image, a 400 kB PNG declaring 20,000 × 20,000 pixels, and pages too slow or
 * too heavy to draw. Each is refused with 400 and a message saying why (or, stored before these
 * checks, drawn without the image), nothing is stored, the server's memory stays within +300 MB
 * of where it was (read every few milliseconds while the request runs), and the next ordinary
 * upload works. The files are made here, not kept in the repository.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COVER_ASPECT, IMAGE_WIDTHS, imageFileKey } from "../../src/contracts/images";
import type { EbookPdf } from "../../src/contracts/uploads";
import { ebookDetails, products } from "../../src/server/db/schema";
import { buildStudyPdf } from "../../src/server/seed/study-pdf";
import { PDF_DAMAGED } from "../../src/server/services/catalog/uploads";
import {
  type DrawingMemory,
  drawingThreadMemory,
  setDrawingLimits,
  thumbnailKey,
  thumbnailsBusy,
} from "../../src/server/services/reading/thumbnails";
import { bombPdf, bombPng, objectStreamBomb, strokesPdf } from "../support/bombs";
import { addChapters, createProduct, linkEbook } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const MB = 1024 * 1024;
/** The most the server process may grow while it refuses (or draws) one of these files. */
const BUDGET_MB = 300;

let h: Harness;
let books: TestUser;
let content: TestUser;

beforeAll(async () => {
  h = await createHarness();
  books = await h.createUser({ role: "staff", permissions: ["books"] });
  content = await h.createUser({ role: "staff", permissions: ["content"] });
}, 60_000);
afterAll(async () => {
  await setDrawingLimits(null);
  for (let i = 0; i < 600 && h && thumbnailsBusy(h.storage); i++) await new Promise((r) => setTimeout(r, 50));
  await h?.close();
});

type Measured<T> = {
  result: T;
  /** Resident memory of the server's process before, at its highest during, and after, in MB. */
  rss: { before: number; peak: number; after: number; grew: number };
  /** The drawing thread's own heap before and after (null when it was not running). */
  worker: { before: DrawingMemory | null; after: DrawingMemory | null };
};

/** Runs `work`, reading the process's memory every 5 ms meanwhile (the drawing thread is in it). */
async function measured<T>(label: string, work: () => Promise<T>): Promise<Measured<T>> {
  const workerBefore = await drawingThreadMemory();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
  }
  const after = process.memoryUsage().rss;
  peak = Math.max(peak, after);
  const workerAfter = await drawingThreadMemory();
  const mb = (n: number) => Math.round(n / MB);
  const rss = { before: mb(before), peak: mb(peak), after: mb(after), grew: mb(peak - before) };
  const heap = (m: DrawingMemory | null) =>
    m ? `${mb(m.heapUsed)} MB heap, ${mb(m.arrayBuffers)} MB buffers` : "none";
  // The figures decision 27 quotes.
  console.log(
    `${label}: rss ${rss.before} → peak ${rss.peak} (+${rss.grew}) → ${rss.after} MB; drawing thread ${heap(workerBefore)} → ${heap(workerAfter)}`,
  );
  return { result, rss, worker: { before: workerBefore, after: workerAfter } };
}

const putPdf = (path: string, user: TestUser, bytes: Uint8Array) =>
  h.request<EbookPdf>("PUT", path, {
    cookie: user.cookie,
    body: bytes,
    headers: { "content-type": "application/pdf" },
  });

const keyOf = (dir: string, bytes: Uint8Array) =>
  `${dir}/${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.pdf`;

const studyPdf = (pages: number, seed: string) =>
  buildStudyPdf({ title: "Ordinary", authors: ["A"], shopName: "Pathagar", chapters: ["One"], pages, seed });

async function newEbook() {
  const ebook = await createProduct(h.db, { kind: "ebook" });
  await linkEbook(h.db, ebook.id, null, 0, [], null);
  return ebook;
}

async function ebookRow(id: number) {
  const [row] = await h.db
    .select({ version: products.version, pdfKey: ebookDetails.pdfKey, pageCount: ebookDetails.pageCount })
    .from(products)
    .innerJoin(ebookDetails, eq(ebookDetails.productId, products.id))
    .where(eq(products.id, id));
  return row!;
}

/** An ordinary upload right after: the PDF is taken and its pages drawn. */
async function ordinaryUploadWorks(seed: string) {
  const ebook = await newEbook();
  const res = await putPdf(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, await studyPdf(3, seed));
  expect(res.status, res.text).toBe(200);
  expect(res.body.data?.pageCount).toBe(3);
  const thumb = await h.request("GET", `/api/admin/ebooks/${ebook.id}/thumbnails/2`, {
    cookie: books.cookie,
  });
  expect(thumb.status).toBe(200);
  expect(thumb.headers.get("content-type")).toBe("image/webp");
}

describe("a PDF with a 20,000 × 20,000 image", () => {
  it("is refused with 400 naming its page, stores nothing, and the server grows by less than 300 MB", async () => {
    const bomb = await bombPdf({ pages: 3, on: 3 });
    expect(bomb.byteLength).toBeLessThan(500 * 1024);
    const ebook = await newEbook();
    const before = await ebookRow(ebook.id);
    const { result: res, rss } = await measured("bomb PDF upload (e-book)", () =>
      putPdf(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, bomb),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(
      "Page 3 has an image of 20,000 × 20,000 pixels; the most a page image may have is 50,000,000 pixels",
    );
    expect(rss.grew).toBeLessThan(BUDGET_MB);
    expect(await ebookRow(ebook.id)).toEqual(before);
    const key = keyOf("ebooks", bomb);
    expect(await h.storage.has(key)).toBe(false);
    expect(await h.storage.has(thumbnailKey(key, 1))).toBe(false);

    // A course's PDF chapter is read by the same reader: the same refusal.
    const course = await createProduct(h.db, { kind: "content" });
    const [chapter] = await addChapters(h.db, course.id, [
      { title: "PDF", isFree: false, kind: "pdf", body: "" },
    ]);
    const chapterBomb = await bombPdf({ pages: 1 });
    const { result: asChapter, rss: chapterRss } = await measured("bomb PDF upload (chapter)", () =>
      putPdf(`/api/admin/content/${course.id}/chapters/${chapter!.id}/pdf?version=1`, content, chapterBomb),
    );
    expect(asChapter.status).toBe(400);
    expect(asChapter.body.message).toMatch(/^Page 1 has an image of 20,000 × 20,000 pixels/);
    expect(chapterRss.grew).toBeLessThan(BUDGET_MB);
    expect(await h.storage.has(keyOf("content", chapterBomb))).toBe(false);

    await ordinaryUploadWorks("after-bomb");
  });

  it("stored before the check, has its page drawn without the image and cut for the reader within 300 MB", async () => {
    const bomb = await bombPdf({ pages: 2, on: 1 });
    const ebook = await createProduct(h.db, { kind: "ebook" });
    const key = `ebooks/stored-bomb-${ebook.id}.pdf`;
    await h.storage.put(key, bomb, "application/pdf");
    await linkEbook(h.db, ebook.id, null, 2, [1], key);

    const { result: thumb, rss } = await measured("stored bomb PDF thumbnail", () =>
      h.request("GET", `/api/admin/ebooks/${ebook.id}/thumbnails/1`, { cookie: books.cookie }),
    );
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(rss.grew).toBeLessThan(BUDGET_MB);

    // The reader cuts the page with pdf-lib, which copies the image's stream without decoding it.
    const { result: page, rss: cutRss } = await measured("stored bomb PDF reader page", () =>
      h.request("GET", `/api/ebooks/${ebook.id}/pages/1`),
    );
    expect(page.status).toBe(200);
    expect(page.bytes.byteLength).toBeLessThan(bomb.byteLength + 100_000);
    expect(cutRss.grew).toBeLessThan(BUDGET_MB);
  });
});

describe("a PDF whose object stream inflates to 400 MB", () => {
  it("is refused as damaged with 400 before pdf-lib inflates it, and the server grows by less than 300 MB", async () => {
    const bomb = await objectStreamBomb();
    expect(bomb.byteLength).toBeLessThan(500 * 1024);
    const ebook = await newEbook();
    const started = Date.now();
    const { result: res, rss } = await measured("object stream bomb upload", () =>
      putPdf(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, bomb),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(PDF_DAMAGED);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(rss.grew).toBeLessThan(BUDGET_MB);
    expect(await h.storage.has(keyOf("ebooks", bomb))).toBe(false);
  });
});

describe("a PNG declaring 20,000 × 20,000 pixels", () => {
  it("is refused with 400 naming its size, stores nothing, and the server grows by less than 300 MB", async () => {
    const bomb = await bombPng(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(500 * 1024);
    const { result: res, rss } = await measured("bomb PNG upload", () =>
      h.request("POST", "/api/admin/images?crop=cover", {
        cookie: books.cookie,
        body: bomb,
        headers: { "content-type": "image/png" },
      }),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe("The image is 20000×20000 pixels; the largest allowed is 6000×6000");
    expect(rss.grew).toBeLessThan(BUDGET_MB);
    const key = createHash("sha256").update(bomb).update(`|v1|${COVER_ASPECT}`).digest("hex").slice(0, 24);
    for (const width of IMAGE_WIDTHS) expect(await h.storage.has(imageFileKey(key, width))).toBe(false);

    const ordinary = await h.request<{ key: string }>("POST", "/api/admin/images?crop=cover", {
      cookie: books.cookie,
      body: await bombPng(600, 900),
      headers: { "content-type": "image/png" },
    });
    expect(ordinary.status, ordinary.text).toBe(201);
  });
});

describe("a first page over the drawing thread's budgets", () => {
  it("taking longer than the time budget: 400, the thread stopped, nothing stored, the next upload drawn", async () => {
    await setDrawingLimits({ timeoutMs: 2000 });
    try {
      // About 16 s of drawing on an idle machine: eight times the budget set here.
      const slow = await strokesPdf(400_000);
      const ebook = await newEbook();
      const started = Date.now();
      const res = await putPdf(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, slow);
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(
        "Page 1 takes longer than 2 seconds to draw: save the PDF again with smaller images and upload the new file",
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(await h.storage.has(keyOf("ebooks", slow))).toBe(false);
      expect((await ebookRow(ebook.id)).pdfKey).toBeNull();

      // The same file stored before these checks: its page's thumbnail is refused saying why, and
      // the page is not drawn again on the next request.
      const stored = await createProduct(h.db, { kind: "ebook" });
      const key = `ebooks/stored-slow-${stored.id}.pdf`;
      await h.storage.put(key, slow, "application/pdf");
      await linkEbook(h.db, stored.id, null, 2, [], key);
      const path = `/api/admin/ebooks/${stored.id}/thumbnails/1`;
      const first = await h.request("GET", path, { cookie: books.cookie });
      expect([first.status, first.body.message]).toEqual([400, res.body.message]);
      const again = Date.now();
      const second = await h.request("GET", path, { cookie: books.cookie });
      expect([second.status, second.body.message]).toEqual([400, res.body.message]);
      expect(Date.now() - again).toBeLessThan(1000);
      const other = await h.request("GET", `/api/admin/ebooks/${stored.id}/thumbnails/2`, {
        cookie: books.cookie,
      });
      expect(other.status).toBe(200);
    } finally {
      await setDrawingLimits(null);
    }
    await ordinaryUploadWorks("after-slow");
  });

  it("needing more than the thread's heap: 400, the thread replaced, nothing stored, the next upload drawn", async () => {
    await setDrawingLimits({ heapMb: 32 });
    try {
      const heavy = await strokesPdf(150_000);
      const ebook = await newEbook();
      const { result: res, rss } = await measured("page over the thread's heap limit", () =>
        putPdf(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, heavy),
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(
        "Page 1 needs more memory to draw than one page may use: save the PDF again with smaller images and upload the new file",
      );
      expect(rss.grew).toBeLessThan(BUDGET_MB);
      expect(await h.storage.has(keyOf("ebooks", heavy))).toBe(false);
    } finally {
      await setDrawingLimits(null);
    }
    await ordinaryUploadWorks("after-heavy");
  });

  it("growing the process past the memory watch: 400, the thread stopped, nothing stored, the next upload drawn", async () => {
    // A 6,000 × 6,000 image is within the pixel budget and takes about 400 MB to draw; the watch,
    // set here to 100 MB, stops the thread long before.
    await setDrawingLimits({ growthMb: 100 });
    try {
      const big = await bombPdf({ width: 6000, height: 6000 });
      const ebook = await newEbook();
      const { result: res, rss } = await measured("page over the memory watch", () =>
        putPdf(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, big),
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toMatch(/^Page 1 needs more memory to draw than one page may use/);
      expect(rss.grew).toBeLessThan(BUDGET_MB);
      expect(await h.storage.has(keyOf("ebooks", big))).toBe(false);
    } finally {
      await setDrawingLimits(null);
    }
    await ordinaryUploadWorks("after-watch");
  });
});

describe("pages queued behind other pages in the drawing thread", () => {
  /** A file stored as an e-book's PDF (as if uploaded before these checks): its thumbnails' path. */
  async function storedEbook(name: string, bytes: Uint8Array, pages: number) {
    const ebook = await createProduct(h.db, { kind: "ebook" });
    const key = `ebooks/${name}-${ebook.id}.pdf`;
    await h.storage.put(key, bytes, "application/pdf");
    await linkEbook(h.db, ebook.id, null, pages, [], key);
    return { key, thumb: (n: number) => `/api/admin/ebooks/${ebook.id}/thumbnails/${n}` };
  }
  const thumbnail = (path: string) => h.request("GET", path, { cookie: books.cookie });

  it("a page stopped by the memory watch is refused; an ordinary page queued behind it is drawn, not blamed", async () => {
    await setDrawingLimits({ growthMb: 200 });
    try {
      const big = await storedEbook(
        "queued-big",
        await bombPdf({ width: 6000, height: 6000, pages: 2, on: 1 }),
        2,
      );
      // The page behind: a few seconds of strokes, so the thread is stopped while it waits (or,
      // were pages drawn side by side, while it is half drawn).
      const plain = await storedEbook("queued-plain", await strokesPdf(100_000), 2);
      // Both files open in the thread first (their other page drawn), so the two pages below go
      // to the thread one right after the other: the ordinary page waits behind the heavy one.
      expect((await thumbnail(big.thumb(2))).status).toBe(200);
      expect((await thumbnail(plain.thumb(2))).status).toBe(200);

      const heavy = thumbnail(big.thumb(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const behind = thumbnail(plain.thumb(1));
      const [refused, drawn] = await Promise.all([heavy, behind]);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.message).toMatch(/^Page 1 needs more memory to draw than one page may use/);
      expect(drawn.status, drawn.text).toBe(200);
      expect(drawn.headers.get("content-type")).toBe("image/webp");
      expect(await h.storage.has(thumbnailKey(plain.key, 1))).toBe(true);
      // Not remembered as over budget: asked again, it is the stored picture.
      expect((await thumbnail(plain.thumb(1))).status).toBe(200);
    } finally {
      await setDrawingLimits(null);
    }
  });

  it("a page out of the thread's heap is refused; an upload queued behind it is taken", async () => {
    await setDrawingLimits({ heapMb: 32 });
    try {
      const heavy = await storedEbook("queued-heap", await strokesPdf(150_000), 2);
      // The upload behind it: a first page of about half a second of strokes, within the heap.
      const innocent = await strokesPdf(20_000 + 7);
      const ebook = await newEbook();
      expect((await thumbnail(heavy.thumb(2))).status).toBe(200);
      const refusing = thumbnail(heavy.thumb(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const upload = putPdf(`/api/admin/ebooks/${ebook.id}/pdf?version=1`, books, innocent);
      const [refused, taken] = await Promise.all([refusing, upload]);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.message).toMatch(/^Page 1 needs more memory to draw than one page may use/);
      expect(taken.status, taken.text).toBe(200);
      expect(taken.body.data?.pageCount).toBe(2);
    } finally {
      await setDrawingLimits(null);
    }
  });

  it("the time budget counts from when the thread begins a page: pages that each fit are all drawn, however long they wait", async () => {
    // Pages of 20,000 strokes, each a little under a second to draw; one alone is timed here (its
    // file opened and its page drawn, the thread warm), and the budget set to eight times that: on
    // two cores shared with the other test files a page drawn later has taken five times as long
    // as the one timed.
    const files = await Promise.all(
      Array.from({ length: 24 }, async (_, i) =>
        storedEbook(`queued-slow-${i}`, await strokesPdf(20_000 + i), 2),
      ),
    );
    expect((await thumbnail(files[0]!.thumb(1))).status).toBe(200);
    const started = Date.now();
    expect((await thumbnail(files[1]!.thumb(1))).status).toBe(200);
    const one = Date.now() - started;
    const budget = Math.max(1000, 8 * one);
    // Enough pages that the last waits for about twice the budget behind the others.
    const count = Math.min(files.length - 2, Math.ceil((2 * budget) / one) + 1);
    await setDrawingLimits({ timeoutMs: budget });
    try {
      const queued = Date.now();
      const answers = await Promise.all(files.slice(2, count + 2).map((f) => thumbnail(f.thumb(1))));
      const waited = Date.now() - queued;
      console.log(
        `${count} pages of ${one} ms each under a ${budget} ms budget: all answered in ${waited} ms`,
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(waited).toBeGreaterThan(budget);
    } finally {
      await setDrawingLimits(null);
    }
    // A dozen pages of about a second each, drawn one after another: more than the default 30 s on
    // a loaded machine.
  }, 120_000);
});
