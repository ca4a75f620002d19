import { type Context, Hono } from "hono";
import {
  chapterPdfSchema,
  ebookPdfSchema,
  storedImageSchema,
} from "../../../contracts/answers/staff-catalog";
import { idField, idParams } from "../../../contracts/paging";
import {
  demoPagesInputSchema,
  IMAGE_UPLOAD_TYPES,
  imageUploadQuerySchema,
  MAX_DEMO_PAGES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_PAGE_IMAGE_PIXELS,
  MAX_PDF_BYTES,
  PDF_UPLOAD_TYPE,
  uploadVersionQuerySchema,
} from "../../../contracts/uploads";
import { z } from "../../../contracts/zod";
import {
  ebookThumbnail,
  getEbookPdf,
  setDemoPages,
  type Upload,
  uploadChapterPdf,
  uploadEbookPdf,
  uploadImage,
} from "../../services/catalog/uploads";
import { anyStaff, createdAnswer, type Endpoint, MB, okAnswer, staff } from "../endpoint";
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

const staleChapterSchema = z.object({ id: z.int(), courseId: z.int(), version: z.int() });

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const uploadsEndpoints: Endpoint[] = [
  {
    method: "post",
    path: "/api/admin/images",
    tag: "Staff",
    summary: "Upload a picture (a cover, a photo): stored at every width, its key answered",
    description: [
      "The picture is the request body, sent with its own type; it is checked by its content (JPEG, PNG, WebP or AVIF,",
      `at most ${MAX_IMAGE_UPLOAD_BYTES / MB} MB and 6000×6000 pixels), turned upright, optionally cropped, and stored as WebP`,
      "at each width of the shop's images. Save the answered `key` as the product's or author's `image`.",
    ].join(" "),
    access: anyStaff,
    query: imageUploadQuerySchema,
    upload: { types: IMAGE_UPLOAD_TYPES, description: "The picture's bytes" },
    success: [createdAnswer("The stored picture", storedImageSchema)],
  },
  {
    method: "get",
    path: "/api/admin/ebooks/{id}/pdf",
    tag: "Staff",
    summary: "An e-book's PDF: pages, file size, demo pages and the product's version",
    access: staff("books"),
    params: idParams,
    success: [okAnswer("The e-book's PDF state", ebookPdfSchema)],
  },
  {
    method: "put",
    path: "/api/admin/ebooks/{id}/pdf",
    tag: "Staff",
    summary: "Upload or replace an e-book's PDF",
    description: [
      `The PDF is the request body (\`Content-Type: application/pdf\`, at most ${MAX_PDF_BYTES / MB} MB). It is checked by its`,
      "bytes (`%PDF-`) and opened: a damaged or password-protected file, or one without pages, is refused with 400 and",
      `nothing changes; so is one holding an image of more than ${MAX_PAGE_IMAGE_PIXELS.toLocaleString("en-US")} pixels (the message names its page),`,
      "and one whose first page, drawn before the file is stored, takes longer than 30 s or more memory than the drawing",
      "thread may use. Demo pages past the new last page are dropped. `version` is the product's: a stale one is",
      "refused with 409 and the e-book as it now is. The other pages' thumbnails are drawn after the answer, in the background.",
    ].join(" "),
    access: staff("books"),
    params: idParams,
    query: uploadVersionQuerySchema,
    upload: { types: [PDF_UPLOAD_TYPE], description: "The PDF's bytes" },
    success: [okAnswer("The e-book's new PDF state", ebookPdfSchema)],
    errors: [409],
    errorData: { 409: ebookPdfSchema },
  },
  {
    method: "put",
    path: "/api/admin/ebooks/{id}/demo",
    tag: "Staff",
    summary: "Choose an e-book's free preview pages",
    description: `Each page within the PDF, ascending, each once, at most ${MAX_DEMO_PAGES}. A stale \`version\` is refused with 409 and the e-book as it now is.`,
    access: staff("books"),
    params: idParams,
    body: demoPagesInputSchema,
    success: [okAnswer("The e-book's PDF state with its new demo pages", ebookPdfSchema)],
    errors: [409],
    errorData: { 409: ebookPdfSchema },
  },
  {
    method: "get",
    path: "/api/admin/ebooks/{id}/thumbnails/{page}",
    tag: "Staff",
    summary: "A small picture of one page of an e-book (WebP)",
    description: [
      "Drawn from the PDF when first asked for, then kept. Staff only: the pictures show the whole book.",
      "With `?v=` equal to the PDF state's `fileVersion` the answer may be kept privately for good",
      "(`Cache-Control: private, max-age=31536000, immutable`); otherwise `private, no-cache`.",
      "404 for a page out of range or an e-book without a PDF; 400 saying why for a page too slow or too heavy to draw.",
    ].join(" "),
    access: staff("books"),
    params: z.object({
      id: z.string().meta({ description: "The e-book's product id" }),
      page: z.string().meta({ description: "The page, 1-based" }),
    }),
    query: z.object({ v: z.string().optional().meta({ description: "The PDF state's `fileVersion`" }) }),
    success: [{ status: 200, description: "The thumbnail (image/webp)", mediaType: "image/webp" }],
  },
  {
    method: "put",
    path: "/api/admin/content/{id}/chapters/{chapterId}/pdf",
    tag: "Staff",
    summary: "Upload or replace a course's PDF chapter's file",
    description: [
      `The PDF is the request body (\`Content-Type: application/pdf\`, at most ${MAX_PDF_BYTES / MB} MB), checked as for an`,
      "e-book (images included; no page is drawn). The chapter must be a PDF chapter (409 otherwise). `version` is the chapter's: a stale one is refused",
      "with 409. The reader serves the new file at once.",
    ].join(" "),
    access: staff("content"),
    params: z.object({ id: idField, chapterId: idField }),
    query: uploadVersionQuerySchema,
    upload: { types: [PDF_UPLOAD_TYPE], description: "The PDF's bytes" },
    success: [okAnswer("The chapter's new file", chapterPdfSchema)],
    errors: [409],
    errorData: { 409: staleChapterSchema },
  },
];
