/**
 * The e-book reader's API: who may read which page, pages cut one at a time and stamped for their
 * reader (as a one-page PDF, or drawn as a picture), access taken back at once by a refund, the
 * page rate limit, and reading progress.
 */
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyLibrary } from "../../src/contracts/library";
import { ADMIN_AREAS } from "../../src/contracts/permissions";
import type { EbookReader, SavedProgress } from "../../src/contracts/reading";
import { ebookDetails, products, rateLimits } from "../../src/server/db/schema";
import { RATE_LIMITS } from "../../src/server/services/platform/rate-limits";
import { pageCacheStats } from "../../src/server/services/reading/ebook-pages";
import { getEbookOpening } from "../../src/server/services/reading/reader-sources";
import { drawPdfPagePixels } from "../../src/server/services/reading/thumbnails";
import { pdfText } from "../support/pdf-text";
import { checkout, payAtSandbox } from "./buying";
import { createEbookWithPdf } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let booksStaff: TestUser;
let ordersStaff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  booksStaff = await h.createUser({ role: "staff", permissions: ["books"], name: "Books Staff" });
  ordersStaff = await h.createUser({ role: "staff", permissions: ["orders"], name: "Orders Staff" });
});
afterAll(async () => {
  await h?.close();
});

const PAGES = 12;
const DEMO = [1, 2, 3, 6];

const newEbook = (opts: { published?: boolean } = {}) =>
  createEbookWithPdf(h.db, h.storage, { pages: PAGES, demoPages: [6, 3, 2, 1, 2, 40], ...opts });

/** Buys the e-book online and pays at the sandbox: the buyer owns it when this returns. */
async function buy(u: TestUser, ebookId: number) {
  const placed = await checkout(h, u, {
    items: [{ productId: ebookId, type: "ebook" }],
    paymentMethod: "gateway",
  });
  await payAtSandbox(h, placed.tranx);
  return placed;
}

const reader = (id: number, u?: TestUser) =>
  h.request<EbookReader>("GET", `/api/ebooks/${id}/reader`, { cookie: u?.cookie });
const page = (id: number, n: number | string, u?: TestUser, ip?: string) =>
  h.request("GET", `/api/ebooks/${id}/pages/${n}`, { cookie: u?.cookie, ip });
const saveProgress = (id: number, body: unknown, u?: TestUser) =>
  h.request<SavedProgress>("PUT", `/api/ebooks/${id}/progress`, { body, cookie: u?.cookie });
const library = (u: TestUser) => h.request<MyLibrary>("GET", "/api/library", { cookie: u.cookie });

const OUT_OF_RANGE = [
  "0",
  String(PAGES + 1),
  "-1",
  "1e9",
  "1000000000",
  "abc",
  "1.5",
  "01",
  "%20",
  "0x2",
  "2.0",
];

function expectNotFound(res: { status: number; body: unknown }, what: string) {
  expect(res.status, what).toBe(404);
  expect(res.body, what).toEqual({ statusCode: 404, message: "No such page" });
}

describe("GET /api/ebooks/{id}/reader", () => {
  it("shows anyone the e-book's pages and demo pages, as a preview without progress", async () => {
    const ebook = await newEbook();
    const res = await reader(ebook.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      id: ebook.id,
      title: ebook.title,
      pageCount: PAGES,
      demoPages: DEMO,
      access: "preview",
      progress: null,
    });
    const customer = await h.createUser();
    expect((await reader(ebook.id, customer)).body.data?.access).toBe("preview");
  });

  it("says owner to a buyer and staff to staff with the books permission", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    expect((await reader(ebook.id, buyer)).body.data?.access).toBe("owner");
    expect((await reader(ebook.id, booksStaff)).body.data?.access).toBe("staff");
    expect((await reader(ebook.id, ordersStaff)).body.data?.access).toBe("preview");
    const admin = await h.createUser({ role: "admin" });
    expect((await reader(ebook.id, admin)).body.data?.access).toBe("staff");
  });

  it("is not found for an unknown e-book, and for one taken down unless the caller owns it or is staff", async () => {
    expect((await reader(2_000_000)).status).toBe(404);
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    await h.db.update(products).set({ published: false }).where(eq(products.id, ebook.id));
    expect((await reader(ebook.id)).status).toBe(404);
    expect((await reader(ebook.id, await h.createUser())).status).toBe(404);
    expect((await page(ebook.id, 1)).status).toBe(404);
    expect((await reader(ebook.id, buyer)).body.data?.access).toBe("owner");
    expect((await page(ebook.id, 5, buyer)).status).toBe(200);
    expect((await reader(ebook.id, booksStaff)).body.data?.access).toBe("staff");
  });
});

describe("GET /api/ebooks/{id}/pages/{page}", () => {
  it("refuses every non-demo page and every bad page number to non-owners, with one 404", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    const customer = await h.createUser();
    const staffWithoutBooks = await h.createUser({
      role: "staff",
      permissions: ADMIN_AREAS.filter((a) => a !== "books"),
    });
    const callers: [string, TestUser | undefined][] = [
      ["signed out", undefined],
      ["another customer", customer],
      ["staff without books", staffWithoutBooks],
    ];
    for (const [label, u] of callers) {
      for (let n = 1; n <= PAGES; n++) {
        if (DEMO.includes(n)) continue;
        expectNotFound(await page(ebook.id, n, u), `${label}, page ${n}`);
      }
      for (const bad of OUT_OF_RANGE) expectNotFound(await page(ebook.id, bad, u), `${label}, page ${bad}`);
      for (const bad of ["0", "-1", "abc", "99999999999", String(ebook.id + 100_000)]) {
        expectNotFound(await page(bad as unknown as number, 1, u), `${label}, e-book ${bad}`);
      }
    }
    // The owner is refused the same way out of range.
    for (const bad of OUT_OF_RANGE) expectNotFound(await page(ebook.id, bad, buyer), `owner, page ${bad}`);
  });

  it("serves the demo pages to anyone, unstamped, as a one-page PDF that is never stored", async () => {
    const ebook = await newEbook();
    const customer = await h.createUser();
    for (const u of [undefined, customer]) {
      for (const n of DEMO) {
        const res = await page(ebook.id, n, u);
        expect(res.status, res.text.slice(0, 200)).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/pdf");
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("content-disposition")).toBe("inline");
        const text = await pdfText(res.bytes);
        expect(text).toHaveLength(1);
        expect(text[0]).toContain(ebook.title);
        if (n > 1) expect(text[0]).toMatch(new RegExp(`(^| )${n}( |$)`));
        expect(text[0]).not.toContain("Licensed to");
      }
    }
  });

  it("serves an owner every page, each stamped with the buyer's name and phone", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser({ name: "Nusrat Jahan" });
    await buy(buyer, ebook.id);
    for (let n = 1; n <= PAGES; n++) {
      const res = await page(ebook.id, n, buyer);
      expect(res.status, `page ${n}: ${res.text.slice(0, 200)}`).toBe(200);
      const [text] = await pdfText(res.bytes);
      expect(text).toContain(buyer.phone);
      expect(text).toContain(`Licensed to Nusrat Jahan \u00b7 ${buyer.phone}`);
      if (n > 1) expect(text).toMatch(new RegExp(`(^| )${n}( |$)`));
    }
  });

  it("stamps the phone alone when the name is in Bangla, and each reader's own mark", async () => {
    const ebook = await newEbook();
    const bangla = await h.createUser({ name: "নুসরাত জাহান" });
    const other = await h.createUser({ name: "Tanvir Ahmed" });
    await buy(bangla, ebook.id);
    await buy(other, ebook.id);
    const [mine] = await pdfText((await page(ebook.id, 4, bangla)).bytes);
    expect(mine).toContain(`Licensed to ${bangla.phone}`);
    expect(mine).not.toContain(other.phone);
    const [theirs] = await pdfText((await page(ebook.id, 4, other)).bytes);
    expect(theirs).toContain(`Licensed to Tanvir Ahmed \u00b7 ${other.phone}`);
    expect(theirs).not.toContain(bangla.phone);
    // An owner's demo page is stamped too.
    expect((await pdfText((await page(ebook.id, 1, other)).bytes))[0]).toContain(other.phone);
  });

  it("serves staff with the books permission every page, stamped with their own phone", async () => {
    const ebook = await newEbook();
    const res = await page(ebook.id, 9, booksStaff);
    expect(res.status).toBe(200);
    expect((await pdfText(res.bytes))[0]).toContain(booksStaff.phone);
  });

  it("refuses a former owner on the very next request after a refund, even a page served before", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    const placed = await buy(buyer, ebook.id);
    expect((await page(ebook.id, 5, buyer)).status).toBe(200);
    expect((await page(ebook.id, 5, buyer)).status).toBe(200);
    const refund = await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      body: { status: "refunded" },
      cookie: ordersStaff.cookie,
    });
    expect(refund.status, refund.text).toBe(200);
    expectNotFound(await page(ebook.id, 5, buyer), "the page read before the refund");
    expectNotFound(await page(ebook.id, 7, buyer), "a page never read");
    expect((await reader(ebook.id, buyer)).body.data?.access).toBe("preview");
    // The demo pages stay, unstamped, as for anyone.
    const demo = await page(ebook.id, 2, buyer);
    expect(demo.status).toBe(200);
    expect((await pdfText(demo.bytes))[0]).not.toContain("Licensed to");
  });

  it("refuses a former owner after the order is cancelled", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    const placed = await buy(buyer, ebook.id);
    expect((await page(ebook.id, 8, buyer)).status).toBe(200);
    const cancel = await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      body: { status: "cancelled" },
      cookie: ordersStaff.cookie,
    });
    expect(cancel.status, cancel.text).toBe(200);
    expectNotFound(await page(ebook.id, 8, buyer), "after cancelling");
  });

  it("is not found when the e-book's file is missing from storage", async () => {
    const broken = await createEbookWithPdf(h.db, h.storage, { pages: 3 });
    await h.db
      .update(ebookDetails)
      .set({ pdfKey: "ebooks/missing.pdf" })
      .where(eq(ebookDetails.productId, broken.id));
    expectNotFound(await page(broken.id, 1), "no file");
  });

  it("limits how many pages one reader opens a minute", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    h.clock.set(new Date(Math.ceil(h.clock.now().getTime() / 60_000) * 60_000));
    const { limit } = RATE_LIMITS.pagesPerReader;
    for (let i = 0; i < limit; i++) {
      const res = await page(ebook.id, (i % PAGES) + 1, buyer);
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const refused = await page(ebook.id, 1, buyer);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: RATE_LIMITS.pagesPerReader.message });
    // Another reader is not held up, and the reader may go on in the next minute.
    expect((await page(ebook.id, 1, booksStaff)).status).toBe(200);
    h.clock.advance(60_000);
    expect((await page(ebook.id, 1, buyer)).status).toBe(200);
  });

  it("limits signed-out preview reads by address", async () => {
    const ebook = await newEbook();
    h.clock.set(new Date(Math.ceil(h.clock.now().getTime() / 60_000) * 60_000));
    const ip = "192.0.2.77";
    const { limit } = RATE_LIMITS.pagesPerAddress;
    for (let i = 0; i < limit; i++) {
      const res = await page(ebook.id, DEMO[i % DEMO.length]!, undefined, ip);
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    expect((await page(ebook.id, 1, undefined, ip)).status).toBe(429);
    expect((await page(ebook.id, 1, undefined, "192.0.2.78")).status).toBe(200);
    // Past the limit every page is refused alike, whether or not it could be read.
    expect((await page(ebook.id, PAGES, undefined, ip)).status).toBe(429);
    expect((await page(2_000_000_000, 1, undefined, ip)).status).toBe(429);
  });

  it("limits how many pages one reader opens an hour, whatever the minute's count", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    const HOUR = 3_600_000;
    const hourStart = Math.ceil(h.clock.now().getTime() / HOUR) * HOUR;
    h.clock.set(new Date(hourStart + 5 * 60_000));
    const { limit } = RATE_LIMITS.pagesPerReaderHour;
    // The hour's count stands one short of its limit; this minute's count is nothing.
    await h.db.insert(rateLimits).values({
      key: `pagesPerReaderHour:${buyer.user.id}`,
      windowStart: new Date(hourStart),
      hits: limit - 1,
    });
    expect((await page(ebook.id, 1, buyer)).status).toBe(200);
    const refused = await page(ebook.id, 2, buyer);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: RATE_LIMITS.pagesPerReaderHour.message });
    // Both windows counted both requests (one statement writes both counters).
    const counters = await h.db
      .select({ key: rateLimits.key, hits: rateLimits.hits })
      .from(rateLimits)
      .where(like(rateLimits.key, `%:${buyer.user.id}`));
    expect(Object.fromEntries(counters.map((r) => [r.key, r.hits]))).toEqual({
      [`pagesPerReader:${buyer.user.id}`]: 2,
      [`pagesPerReaderHour:${buyer.user.id}`]: limit + 1,
    });
    h.clock.advance(HOUR);
    expect((await page(ebook.id, 2, buyer)).status).toBe(200);
  });

  it("admits no more than the minute's limit of one reader's pages asked for at once", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    h.clock.set(new Date(Math.ceil(h.clock.now().getTime() / 60_000) * 60_000 + 1000));
    const { limit } = RATE_LIMITS.pagesPerReader;
    const answers = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => page(ebook.id, (i % PAGES) + 1, buyer)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe("GET /api/ebooks/{id}/pages/{page}/image", () => {
  const image = (id: number, n: number | string, u?: TestUser, query = "", ip?: string) =>
    h.request("GET", `/api/ebooks/${id}/pages/${n}/image${query}`, { cookie: u?.cookie, ip });

  /** The picture's pixels (RGB) and size. */
  async function pixelsOf(bytes: Uint8Array) {
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  /** The stamped page as the server draws it, for comparing a picture with. */
  async function drawn(pdf: Uint8Array, width: number) {
    const { pixels, width: w, height } = await drawPdfPagePixels(pdf, 1, width, 10_000_000);
    return pixelsOf(
      await sharp(pixels, { raw: { width: w, height, channels: 4 } })
        .png()
        .toBuffer(),
    );
  }

  /** The mean difference of two pictures of one size, 0 to 255 per channel. */
  function difference(a: { data: Buffer }, b: { data: Buffer }) {
    expect(a.data.length).toBe(b.data.length);
    let sum = 0;
    for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
    return sum / a.data.length;
  }

  it("gives an owner their own stamped page drawn as WebP, never stored, 720 pixels wide unless asked", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser({ name: "Nusrat Jahan" });
    const other = await h.createUser({ name: "Tanvir Ahmed" });
    await buy(buyer, ebook.id);
    await buy(other, ebook.id);
    const res = await image(ebook.id, 5, buyer);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("vary") ?? "").not.toMatch(/cookie/i);
    const picture = await pixelsOf(res.bytes);
    expect(picture.width).toBe(720);
    // It is the owner's stamped page (the PDF they are served), drawn: near identical to it
    // (WebP may be lossy), and unlike another owner's stamp of the same page.
    const mine = await drawn((await page(ebook.id, 5, buyer)).bytes, 720);
    const theirs = await drawn((await page(ebook.id, 5, other)).bytes, 720);
    expect(difference(picture, mine)).toBeLessThan(1);
    expect(difference(picture, theirs)).toBeGreaterThan(difference(picture, mine) + 0.05);
    for (const w of [480, 1080]) {
      const sized = await image(ebook.id, 5, buyer, `?w=${w}`);
      expect(sized.status).toBe(200);
      expect((await pixelsOf(sized.bytes)).width).toBe(w);
    }
  });

  it("is refused to anyone who may not read the page, with the page's own 404", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    const customer = await h.createUser();
    for (const [label, u] of [
      ["signed out", undefined],
      ["another customer", customer],
      ["staff without books", ordersStaff],
    ] as const) {
      expectNotFound(await image(ebook.id, 5, u), `${label}, page 5`);
      for (const bad of ["0", String(PAGES + 1), "abc", "01"])
        expectNotFound(await image(ebook.id, bad, u), `${label}, page ${bad}`);
    }
    expectNotFound(await image(2_000_000, 1, buyer), "no such e-book");
    expect((await image(ebook.id, 5, booksStaff)).status).toBe(200);
  });

  it("gives the preview's demo pages unstamped; signed out, any cache may keep them a few minutes", async () => {
    const ebook = await newEbook();
    const signedOut = await image(ebook.id, 1);
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get("cache-control")).toBe("public, max-age=300");
    expect(signedOut.headers.get("vary")).toMatch(/cookie/i);
    const unstamped = await drawn((await page(ebook.id, 1)).bytes, 720);
    expect(difference(await pixelsOf(signedOut.bytes), unstamped)).toBeLessThan(1);
    // Signed in without owning it: the same picture, but never kept.
    const customer = await h.createUser();
    const signedIn = await image(ebook.id, 1, customer);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(signedIn.bytes).equals(Buffer.from(signedOut.bytes))).toBe(true);
  });

  it("is drawn once per reader, page and width, then served from the stamped pages' cache", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    const first = await image(ebook.id, 7, buyer);
    const kept = pageCacheStats(h.ctx()).pages;
    const again = await image(ebook.id, 7, buyer);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(pageCacheStats(h.ctx()).pages).toBe(kept);
    await image(ebook.id, 7, buyer, "?w=480");
    expect(pageCacheStats(h.ctx()).pages).toBe(kept + 1);
  });

  it("starts being drawn when the reader's page opens the e-book on the server, for its own request to find", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    await saveProgress(ebook.id, { page: 9 }, buyer);
    const before = pageCacheStats(h.ctx()).pages;
    const opening = await getEbookOpening(h.ctx(buyer.user), ebook.id);
    expect(opening.firstPage).toMatchObject({ page: 9 });
    // The stamped page and its picture are kept once drawn, without any request for them.
    await expect.poll(() => pageCacheStats(h.ctx()).pages, { timeout: 20_000 }).toBe(before + 2);
    const res = await image(ebook.id, 9, buyer);
    expect(res.status).toBe(200);
    expect(pageCacheStats(h.ctx()).pages).toBe(before + 2);
  });

  it("refuses a width it does not draw with 400, counting nothing", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    for (const bad of ["100", "abc", "", "720.0", "-720", "99999999"]) {
      const res = await image(ebook.id, 1, buyer, `?w=${bad}`);
      expect(res.status, `w=${bad}: ${res.text}`).toBe(400);
      expect(res.body.errors?.w, res.text).toBe("w must be one of 480, 720, 1080");
    }
    const counted = await h.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `%:${buyer.user.id}`));
    expect(counted).toEqual([]);
  });

  it("counts in the pages' own allowance: past it, pictures and pages are refused alike", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    h.clock.set(new Date(Math.ceil(h.clock.now().getTime() / 60_000) * 60_000));
    const { limit } = RATE_LIMITS.pagesPerReader;
    for (let i = 0; i < limit - 2; i++)
      expect((await page(ebook.id, (i % PAGES) + 1, buyer)).status).toBe(200);
    expect((await image(ebook.id, 1, buyer)).status).toBe(200);
    expect((await page(ebook.id, 2, buyer)).status).toBe(200);
    const refused = await image(ebook.id, 1, buyer);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: RATE_LIMITS.pagesPerReader.message });
    expect((await page(ebook.id, 1, buyer)).status).toBe(429);
    // Signed out, per address, as the preview's pages.
    const ip = "192.0.2.91";
    await h.db.insert(rateLimits).values({
      key: `pagesPerAddress:${ip}`,
      windowStart: h.clock.now(),
      hits: RATE_LIMITS.pagesPerAddress.limit,
    });
    expect((await image(ebook.id, 1, undefined, "", ip)).status).toBe(429);
    expect((await image(ebook.id, 1, undefined, "", "192.0.2.92")).status).toBe(200);
  });

  it("takes a refunded owner's pictures back at once", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    const placed = await buy(buyer, ebook.id);
    expect((await image(ebook.id, 8, buyer)).status).toBe(200);
    const refund = await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      body: { status: "refunded" },
      cookie: ordersStaff.cookie,
    });
    expect(refund.status, refund.text).toBe(200);
    expectNotFound(await image(ebook.id, 8, buyer), "the picture drawn before the refund");
  });
});

describe("reading progress", () => {
  it("is saved from one session and read back from another session of the same user", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    expect((await reader(ebook.id, buyer)).body.data?.progress).toBeNull();
    const saved = await saveProgress(ebook.id, { page: 5 }, buyer);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({ page: 5, pageCount: PAGES, updatedAt: h.clock.now().toISOString() });

    const phone = await h.signIn(buyer.phone, buyer.password);
    const second = { ...buyer, cookie: phone.cookie! };
    expect(second.cookie).not.toBe(buyer.cookie);
    expect((await reader(ebook.id, second)).body.data?.progress).toEqual({
      page: 5,
      updatedAt: h.clock.now().toISOString(),
    });

    // The last write wins, from whichever session.
    h.clock.advance(1_000);
    await saveProgress(ebook.id, { page: 9 }, second);
    h.clock.advance(1_000);
    await saveProgress(ebook.id, { page: 3 }, buyer);
    expect((await reader(ebook.id, second)).body.data?.progress?.page).toBe(3);
  });

  it("never shows one user's progress to another", async () => {
    const ebook = await newEbook();
    const a = await h.createUser();
    const b = await h.createUser();
    await buy(a, ebook.id);
    await buy(b, ebook.id);
    await saveProgress(ebook.id, { page: 7 }, a);
    expect((await reader(ebook.id, b)).body.data?.progress).toBeNull();
    expect((await reader(ebook.id)).body.data?.progress).toBeNull();
    const libB = (await library(b)).body.data!;
    expect(libB.ebooks.find((e) => e.id === ebook.id)?.progress).toBeNull();
    await saveProgress(ebook.id, { page: 2 }, b);
    expect((await reader(ebook.id, a)).body.data?.progress?.page).toBe(7);
    expect((await reader(ebook.id, b)).body.data?.progress?.page).toBe(2);
  });

  it("is refused to those who may not read every page, and checks the page", async () => {
    const ebook = await newEbook();
    const buyer = await h.createUser();
    await buy(buyer, ebook.id);
    const signedOut = await saveProgress(ebook.id, { page: 2 });
    expect(signedOut.status).toBe(401);
    const stranger = await saveProgress(ebook.id, { page: 2 }, await h.createUser());
    expect(stranger.status).toBe(404);
    expect((await saveProgress(2_000_000, { page: 1 }, buyer)).status).toBe(404);
    for (const bad of [0, -1, PAGES + 1, 1.5, "3", null, 2 ** 40]) {
      const res = await saveProgress(ebook.id, { page: bad }, buyer);
      expect(res.status, `page ${JSON.stringify(bad)}: ${res.text}`).toBe(400);
      expect(res.body.errors?.page, res.text).toBeTruthy();
    }
    expect((await reader(ebook.id, buyer)).body.data?.progress).toBeNull();
    // Staff with the books permission keep their own place.
    expect((await saveProgress(ebook.id, { page: PAGES }, booksStaff)).status).toBe(200);
    expect((await reader(ebook.id, booksStaff)).body.data?.progress?.page).toBe(PAGES);
  });

  it("shows in the library, e-books sorted by last read, never-read ones after, newest bought first", async () => {
    const u = await h.createUser();
    const first = await newEbook();
    const second = await newEbook();
    const third = await newEbook();
    const fourth = await newEbook();
    for (const e of [first, second, third, fourth]) {
      h.clock.advance(60_000);
      await buy(u, e.id);
    }
    h.clock.advance(60_000);
    await saveProgress(second.id, { page: 3 }, u);
    h.clock.advance(60_000);
    await saveProgress(first.id, { page: PAGES }, u);
    const lib = (await library(u)).body.data!;
    expect(lib.ebooks.map((e) => e.id)).toEqual([first.id, second.id, fourth.id, third.id]);
    expect(lib.ebooks[0]!.progress).toEqual({
      page: PAGES,
      pageCount: PAGES,
      percent: 100,
      updatedAt: h.clock.now().toISOString(),
    });
    expect(lib.ebooks[1]!.progress).toMatchObject({ page: 3, pageCount: PAGES, percent: 25 });
    expect(lib.ebooks[2]!.progress).toBeNull();
  });
});
