import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import { renderReadablePage } from "../../services/ebook-pages";
import { consumeLimit } from "../../services/rate-limits";
import { getEbookReader, requireReadablePage, saveReadingProgress } from "../../services/reading";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

/** The e-book reader: what the caller may read, one page at a time, and where they were. */
export function readingApi() {
  const api = new Hono<AppEnv>();
  api.get("/ebooks/:id/reader", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getEbookReader(c.get("ctx"), id));
  });
  api.get("/ebooks/:id/pages/:page", async (c) => {
    const ctx = c.get("ctx");
    // Every request counts, refused ones too, before anything else is looked at.
    if (ctx.user) {
      await consumeLimit(ctx, "pagesPerReader", ctx.user.id);
      await consumeLimit(ctx, "pagesPerReaderHour", ctx.user.id);
    } else {
      await consumeLimit(ctx, "pagesPerAddress", ctx.ip);
      await consumeLimit(ctx, "pagesPerAddressHour", ctx.ip);
    }
    const readable = await requireReadablePage(ctx, c.req.param("id"), c.req.param("page"));
    const bytes = await renderReadablePage(ctx, readable);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
  api.put("/ebooks/:id/progress", async (c) => {
    const saved = await saveReadingProgress(c.get("ctx"), c.req.param("id"), await readJson(c));
    return ok(c, saved, "Progress saved");
  });
  return api;
}
