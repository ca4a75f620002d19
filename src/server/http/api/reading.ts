import { type Context, Hono } from "hono";
import { idField, idParams } from "../../../contracts/paging";
import { z } from "../../../contracts/zod";
import { renderReadablePage } from "../../services/ebook-pages";
import { consumeLimits } from "../../services/rate-limits";
import { getChapterReader, getEbookOutline, renderChapterPage } from "../../services/reader-sources";
import { getEbookReader, requireReadablePage, saveReadingProgress } from "../../services/reading";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

/**
 * The reader: what the caller may read of an e-book or a course's PDF chapter, one page at a
 * time, the e-book's outline, and where they were.
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
