import { type Context, Hono } from "hono";
import {
  chapterReaderSchema,
  ebookOutlineSchema,
  ebookReaderSchema,
  savedProgressSchema,
} from "../../../contracts/answers/reading";
import { idField, idParams } from "../../../contracts/paging";
import { pageImageQuerySchema, progressInputSchema } from "../../../contracts/reading";
import { z } from "../../../contracts/zod";
import { consumeLimits } from "../../services/platform/rate-limits";
import { renderReadablePage, renderReadablePageImage } from "../../services/reading/ebook-pages";
import {
  getChapterReader,
  getEbookOutline,
  renderChapterPage,
  renderChapterPageImage,
} from "../../services/reading/reader-sources";
import { getEbookReader, requireReadablePage, saveReadingProgress } from "../../services/reading/reading";
import { anyone, type Endpoint, okAnswer, signedIn } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

/**
 * The reader: what the caller may read of an e-book or a course's PDF chapter, one page at a
 * time (as a one-page PDF, or as a picture drawn on the server), the e-book's outline, and where
 * they were.
 */
export function readingApi() {
  const api = new Hono<AppEnv>();
  api.get("/ebooks/:id/reader", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getEbookReader(c.get("ctx"), id));
  });
  api.get("/ebooks/:id/pages/:page", async (c) => {
    const ctx = c.get("ctx");
    // The count and the access decision are independent reads: asked of the database together
    // (two pooled connections), and the count's refusal comes first whatever the access.
    const [counted, readable] = await Promise.allSettled([
      countPageRequest(c),
      requireReadablePage(ctx, c.req.param("id"), c.req.param("page")),
    ]);
    if (counted.status === "rejected") throw counted.reason;
    if (readable.status === "rejected") throw readable.reason;
    return pdfPage(c, await renderReadablePage(ctx, readable.value));
  });
  // The page as a picture drawn on the server: the reader shows its first page with it before
  // pdf.js has arrived. The same access check and the same allowance as the page itself.
  api.get("/ebooks/:id/pages/:page/image", async (c) => {
    const ctx = c.get("ctx");
    const { w } = pageImageQuerySchema.parse(c.req.query());
    const [counted, readable] = await Promise.allSettled([
      countPageRequest(c),
      requireReadablePage(ctx, c.req.param("id"), c.req.param("page")),
    ]);
    if (counted.status === "rejected") throw counted.reason;
    if (readable.status === "rejected") throw readable.reason;
    const bytes = await renderReadablePageImage(ctx, readable.value, w);
    return pageImage(c, bytes, readable.value.reader !== null);
  });
  api.get("/ebooks/:id/outline", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getEbookOutline(c.get("ctx"), id));
  });
  api.get("/courses/:id/chapters/:chapterId/reader", async (c) => {
    const { id, chapterId } = chapterParams.parse(c.req.param());
    return ok(c, await getChapterReader(c.get("ctx"), id, chapterId));
  });
  api.get("/courses/:id/chapters/:chapterId/pages/:page", async (c) => {
    await countPageRequest(c);
    const bytes = await renderChapterPage(
      c.get("ctx"),
      c.req.param("id"),
      c.req.param("chapterId"),
      c.req.param("page"),
    );
    return pdfPage(c, bytes);
  });
  api.get("/courses/:id/chapters/:chapterId/pages/:page/image", async (c) => {
    const { w } = pageImageQuerySchema.parse(c.req.query());
    await countPageRequest(c);
    const { bytes, stamped } = await renderChapterPageImage(
      c.get("ctx"),
      c.req.param("id"),
      c.req.param("chapterId"),
      c.req.param("page"),
      w,
    );
    return pageImage(c, bytes, stamped);
  });
  api.put("/ebooks/:id/progress", async (c) => {
    const saved = await saveReadingProgress(c.get("ctx"), c.req.param("id"), await readJson(c));
    return ok(c, saved, "Progress saved");
  });
  return api;
}

const chapterParams = z.object({ id: idField, chapterId: idField });

/**
 * Every page request counts, refused ones too, and nothing is served past the limit: e-book pages
 * and course chapter pages share one allowance, so reading both does not double it. The minute's
 * and the hour's windows are counted in one statement.
 */
async function countPageRequest(c: Context<AppEnv>): Promise<void> {
  const ctx = c.get("ctx");
  if (ctx.user) {
    await consumeLimits(ctx, [
      ["pagesPerReader", ctx.user.id],
      ["pagesPerReaderHour", ctx.user.id],
    ]);
  } else {
    await consumeLimits(ctx, [
      ["pagesPerAddress", ctx.ip],
      ["pagesPerAddressHour", ctx.ip],
    ]);
  }
}

/** A one-page PDF, never stored by a browser or shared cache. */
function pdfPage(c: Context<AppEnv>, bytes: Uint8Array) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Length": String(bytes.byteLength),
    "Content-Disposition": "inline",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

/** How long a browser or shared cache may keep an unstamped page's picture for the signed out. */
const PREVIEW_IMAGE_MAX_AGE_SECONDS = 300;

/**
 * A page's picture (WebP). A stamped one, or any answer to a signed-in caller, is never stored,
 * as the pages are; an unstamped one (a demo page, a free chapter) asked for signed out is the
 * same for everyone, so any cache may keep it a few minutes, apart for each Cookie header: a
 * signed-in reader's answer is never taken from it.
 */
function pageImage(c: Context<AppEnv>, bytes: Uint8Array, stamped: boolean) {
  const shared = !stamped && !c.get("ctx").user;
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "image/webp",
    "Content-Length": String(bytes.byteLength),
    "Cache-Control": shared ? `public, max-age=${PREVIEW_IMAGE_MAX_AGE_SECONDS}` : "private, no-store",
    ...(shared ? { Vary: "Cookie" } : {}),
    "X-Content-Type-Options": "nosniff",
  });
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const readingEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/ebooks/{id}/reader",
    tag: "Reader",
    summary: "Open an e-book in the reader: its pages, what the caller may read, where they were",
    description:
      "Not found when there is no such e-book, or it is taken down and the caller neither owns it nor is staff.",
    access: anyone,
    params: idParams,
    success: [okAnswer("The e-book as the caller may read it", ebookReaderSchema)],
  },
  {
    method: "get",
    path: "/api/ebooks/{id}/pages/{page}",
    tag: "Reader",
    summary: "One page of an e-book, as a one-page PDF",
    description: [
      "Owners (a confirmed order) and staff with the `books` permission get any page, with their name and phone drawn on it;",
      "anyone else, signed out included, only the demo pages, unmarked. Every other case (not readable, out of range,",
      "not a number, no such e-book) is the same 404, so nothing leaks. Access is checked on every request.",
      "Sent `Cache-Control: private, no-store`. Rate-limited per account (per address when signed out).",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The e-book's product id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    success: [{ status: 200, description: "The page (application/pdf)", mediaType: "application/pdf" }],
    errors: [404, 429],
  },
  {
    method: "get",
    path: "/api/ebooks/{id}/pages/{page}/image",
    tag: "Reader",
    summary: "One page of an e-book as a picture (WebP) drawn on the server",
    description: [
      "The page as `/api/ebooks/{id}/pages/{page}` serves it (with the reader's name and phone drawn on it for owners and staff),",
      "drawn by pdf.js on the server `w` pixels wide: the reader shows its first page with it before pdf.js has arrived.",
      "The same callers, the same 404 for everyone else, and counted in the same allowance as the pages.",
      "A stamped picture, or any answer to a signed-in caller, is sent `Cache-Control: private, no-store`; an unstamped",
      "demo page asked for signed out is the same for everyone: `public, max-age=300`, `Vary: Cookie`.",
      "503 when no picture can be made of the page (too heavy to draw): the reader draws it itself.",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The e-book's product id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    query: pageImageQuerySchema,
    success: [{ status: 200, description: "The page's picture (image/webp)", mediaType: "image/webp" }],
    errors: [404, 429],
  },
  {
    method: "put",
    path: "/api/ebooks/{id}/progress",
    tag: "Reader",
    summary: "Save the page the reader is on (the last write wins)",
    description: "For a reader who may read every page (owner or staff); not found for anyone else.",
    access: signedIn,
    params: idParams,
    body: progressInputSchema,
    success: [okAnswer("The progress saved", savedProgressSchema)],
    errors: [404],
  },
  {
    method: "get",
    path: "/api/ebooks/{id}/outline",
    tag: "Reader",
    summary: "An e-book's outline: the PDF's bookmarks, each with its page and depth",
    description: [
      "Owners and staff with the `books` permission get every entry; anyone else only the entries that point at demo pages.",
      "Not found as for the reader (no such e-book, or taken down and neither owned nor staff).",
    ].join(" "),
    access: anyone,
    params: idParams,
    success: [okAnswer("The outline as the caller may see it", ebookOutlineSchema)],
    errors: [404],
  },
  {
    method: "get",
    path: "/api/courses/{id}/chapters/{chapterId}/reader",
    tag: "Reader",
    summary:
      "Open a course's PDF chapter in the reader: its title, its course, its pages, what the caller may read",
    description: [
      "Owners of the course and staff with the `content` permission read every PDF chapter; anyone else a free chapter of a published course.",
      "Not found for anything else (no such chapter, not a PDF chapter, a paid chapter the caller does not own).",
    ].join(" "),
    access: anyone,
    params: z.object({ id: idField, chapterId: idField }),
    success: [okAnswer("The chapter as the caller may read it", chapterReaderSchema)],
    errors: [404],
  },
  {
    method: "get",
    path: "/api/courses/{id}/chapters/{chapterId}/pages/{page}",
    tag: "Reader",
    summary: "One page of a course's PDF chapter, as a one-page PDF",
    description: [
      "Owners and staff with the `content` permission get any page, with their name and phone drawn on it;",
      "anyone else, signed out included, only the pages of a free chapter, unmarked. Every other case (not readable,",
      "out of range, not a number, no such chapter, not a PDF chapter) is the same 404. Sent `Cache-Control: private, no-store`.",
      "Counted in the same per-account (per-address when signed out) allowance as e-book pages.",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The course's product id" }),
      chapterId: z.string().meta({ description: "The chapter's id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    success: [{ status: 200, description: "The page (application/pdf)", mediaType: "application/pdf" }],
    errors: [404, 429],
  },
  {
    method: "get",
    path: "/api/courses/{id}/chapters/{chapterId}/pages/{page}/image",
    tag: "Reader",
    summary: "One page of a course's PDF chapter as a picture (WebP) drawn on the server",
    description: [
      "The page as `.../chapters/{chapterId}/pages/{page}` serves it, drawn by pdf.js on the server `w` pixels wide,",
      "for the same callers, with the same 404 for everyone else, counted in the same allowance.",
      "A stamped picture, or any answer to a signed-in caller, is sent `Cache-Control: private, no-store`; a free chapter's",
      "page asked for signed out: `public, max-age=300`, `Vary: Cookie`. 503 when no picture can be made of the page.",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The course's product id" }),
      chapterId: z.string().meta({ description: "The chapter's id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    query: pageImageQuerySchema,
    success: [{ status: 200, description: "The page's picture (image/webp)", mediaType: "image/webp" }],
    errors: [404, 429],
  },
];
