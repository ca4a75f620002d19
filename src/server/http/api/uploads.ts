import { type Context, Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import {
  ebookThumbnail,
  getEbookPdf,
  setDemoPages,
  type Upload,
  uploadChapterPdf,
  uploadEbookPdf,
  uploadImage,
} from "../../services/catalog/uploads";
import type { AppEnv } from "../env";
import { mediaType } from "../middleware/body";
import { ok, readJson, send } from "../respond";

/** The request's body as an upload: its declared type, and its bytes once the service asks. */
function uploadOf(c: Context<AppEnv>): Upload {
  return {
    type: mediaType(c.req.header("content-type")),
    read: async () => new Uint8Array(await c.req.arrayBuffer()),
  };
}

/**
 * Staff uploads (decision 23's one exception to JSON bodies): pictures, an e-book's PDF and a
 * course's PDF chapters as raw request bodies; an e-book's demo pages and page thumbnails. The
 * media types and body limits of these paths are in ../uploads.ts.
 */
export function uploadsApi() {
  const api = new Hono<AppEnv>();
  api.post("/admin/images", async (c) => {
    const stored = await uploadImage(c.get("ctx"), uploadOf(c), c.req.query());
    return send(c, 201, "Picture uploaded", stored);
  });
  api.get("/admin/ebooks/:id/pdf", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getEbookPdf(c.get("ctx"), id));
  });
  api.put("/admin/ebooks/:id/pdf", async (c) => {
    const saved = await uploadEbookPdf(c.get("ctx"), c.req.param("id"), uploadOf(c), c.req.query());
    return ok(c, saved, `PDF saved: ${saved.pageCount} pages`);
  });
  api.put("/admin/ebooks/:id/demo", async (c) => {
    const saved = await setDemoPages(c.get("ctx"), c.req.param("id"), await readJson(c));
    return ok(c, saved, "Preview pages saved");
  });
  api.get("/admin/ebooks/:id/thumbnails/:page", async (c) => {
    const { bytes, fileVersion } = await ebookThumbnail(c.get("ctx"), c.req.param("id"), c.req.param("page"));
    // Staff only, never a shared cache. An address naming the file's version (`?v=`) is the
    // same picture for good; any other is asked again each time.
    const immutable = c.req.query("v") === fileVersion;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": immutable ? "private, max-age=31536000, immutable" : "private, no-cache",
    });
  });
  api.put("/admin/content/:id/chapters/:chapterId/pdf", async (c) => {
    const saved = await uploadChapterPdf(
      c.get("ctx"),
      c.req.param("id"),
      c.req.param("chapterId"),
      uploadOf(c),
      c.req.query(),
    );
    return ok(c, saved, `PDF saved: ${saved.pageCount} pages`);
  });
  return api;
}
