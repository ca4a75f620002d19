import { type Context, Hono } from "hono";
import { idField, idParams } from "../../../contracts/paging";
import { pageImageQuerySchema } from "../../../contracts/reading";
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
