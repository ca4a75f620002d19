/**
 * Staff uploads: pictures (covers, photos), an e-book's PDF and a course's PDF chapters, and the
 * choice of an e-book's free preview pages. A file comes as the request's body with its own media
 * type (decision 23) and is checked by its bytes, never by the type it claims; it is stored under
 * a key made from its content before the record that names it changes, in one `adminChange`
 * (version check, audit, public pages moved on). A stale edit stores a file nothing names yet: the
 * retry names the same key.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { EncryptedPDFError, type PDFDocument } from "pdf-lib";
import { COVER_ASPECT, imageFileKey, MAX_IMAGE_WIDTH } from "../../../contracts/images";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { idField } from "../../../contracts/paging";
import {
  type ChapterPdf,
  type DemoPagesInput,
  demoPagesInputSchema,
  type EbookPdf,
  formatBytes,
  IMAGE_UPLOAD_TYPES,
  imageUploadQuerySchema,
  MAX_PAGE_IMAGE_PIXELS,
  MAX_PDF_BYTES,
  PDF_UPLOAD_TYPE,
  uploadVersionQuerySchema,
} from "../../../contracts/uploads";
import type { Db } from "../../db/client";
import { contentChapters, ebookDetails, products } from "../../db/schema";
import { requirePermission, requireStaff } from "../access";
import { adminChange, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { findOversizedImage } from "../reading/pdf-images";
import { loadPdf } from "../reading/pdf-load";
import {
  DrawFailure,
  drawFirstThumbnail,
  drawingLimits,
  fileVersionOf,
  generateThumbnails,
  overBudgetReason,
  pageThumbnail,
} from "../reading/thumbnails";
import { type StoredImage, storeImage } from "./images";

export const UPLOAD_REFUSED = "Only staff may upload files";
export const BOOKS_REFUSED = "You do not have the books permission";
export const CONTENT_REFUSED = "You do not have the content permission";

export const EBOOK_NOT_FOUND = "No such e-book";
export const CHAPTER_NOT_FOUND = "No such chapter in this course";
export const THUMBNAIL_NOT_FOUND = "No such page";
export const NOT_A_PDF_CHAPTER = "This chapter is not a PDF chapter: make it one before uploading its PDF";

export const PDF_EMPTY = "The file is empty";
export const PDF_NOT_A_PDF = "The file is not a PDF: upload a file saved as PDF";
export const PDF_ENCRYPTED =
  "The PDF is protected with a password: save a copy without the password and upload that";
export const PDF_DAMAGED = "The PDF is damaged and cannot be opened: save it again and upload the new file";
export const PDF_NO_PAGES = "The PDF has no pages";
export const PDF_TOO_LARGE = `The PDF is larger than ${formatBytes(MAX_PDF_BYTES)}`;
export const IMAGE_TYPE_REQUIRED = `Send the picture as the request body with its type (${IMAGE_UPLOAD_TYPES.join(", ")})`;
export const PDF_TYPE_REQUIRED = `Send the PDF as the request body with Content-Type: ${PDF_UPLOAD_TYPE}`;
export const IMAGE_KEY_UNKNOWN = "No such uploaded picture: upload it again";

/** An uploaded body: its declared media type (lower case, no parameters) and its bytes, read on demand. */
export type Upload = { type: string; read: () => Promise<Uint8Array> };

/** The bytes of an upload of one of `types`; 415 with `message` for any other type. */
async function readUpload(upload: Upload, types: readonly string[], message: string): Promise<Uint8Array> {
  if (!types.includes(upload.type)) throw new DomainError("unsupported_type", message);
  return upload.read();
}

// ---- pictures

const ASPECTS = { cover: COVER_ASPECT, square: 1, original: undefined } as const;

/**
 * `POST /api/admin/images`: any staff member stores a picture through the image pipeline (type
 * checked by content, 8 MB, resized to every width) and gets the key a form then saves.
 */
export async function uploadImage(ctx: Ctx, upload: Upload, query: unknown): Promise<StoredImage> {
  requireStaff(ctx, UPLOAD_REFUSED);
  const { crop } = imageUploadQuerySchema.parse(query);
  const bytes = await readUpload(upload, IMAGE_UPLOAD_TYPES, IMAGE_TYPE_REQUIRED);
  return storeImage(ctx, bytes, { aspect: ASPECTS[crop] });
}

const IMAGE_KEY = /^[0-9a-f]{24}$/;

/**
 * For the services that save an `image` key (products, authors): 400 with a message on `field`
 * unless it names a picture stored by `uploadImage` (or the seed).
 */
export async function assertImageKey(ctx: Pick<Ctx, "storage">, key: string, field = "image"): Promise<void> {
  const known = IMAGE_KEY.test(key) && (await ctx.storage.has(imageFileKey(key, MAX_IMAGE_WIDTH)));
  if (!known) throw new DomainError("invalid", IMAGE_KEY_UNKNOWN, { [field]: IMAGE_KEY_UNKNOWN });
}

// ---- PDFs

/**
 * Checks a PDF by its bytes and opens it; its page count. 400 with a clear message otherwise,
 * and for an image over the pixel budget (MAX_PAGE_IMAGE_PIXELS), naming its page.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pageCount: number }> {
  if (bytes.byteLength === 0) throw new DomainError("invalid", PDF_EMPTY);
  if (bytes.byteLength > MAX_PDF_BYTES) throw new DomainError("too_large", PDF_TOO_LARGE);
  if (new TextDecoder("latin1").decode(bytes.subarray(0, 5)) !== "%PDF-") {
    throw new DomainError("invalid", PDF_NOT_A_PDF);
  }
  let doc: PDFDocument;
  try {
    // The reader cuts pages with pdf-lib: a file it cannot open could not be read by anyone. Its
    // structure decoding past the budget is as good as damaged (pdf-load.ts).
    doc = await loadPdf(bytes);
  } catch (e) {
    // pdf-lib's error classes do not survive its build for `instanceof`: its message names it too.
    const encrypted = e instanceof EncryptedPDFError || /\bencrypted\b/i.test(String((e as Error)?.message));
    throw new DomainError("invalid", encrypted ? PDF_ENCRYPTED : PDF_DAMAGED);
  }
  let pageCount: number;
  try {
    pageCount = doc.getPageCount();
  } catch {
    throw new DomainError("invalid", PDF_DAMAGED);
  }
  if (pageCount === 0) throw new DomainError("invalid", PDF_NO_PAGES);
  // Drawing an image costs about 11 bytes a pixel (decision 27), however small its stream.
  let oversized: ReturnType<typeof findOversizedImage>;
  try {
    oversized = findOversizedImage(doc, MAX_PAGE_IMAGE_PIXELS);
  } catch {
    throw new DomainError("invalid", PDF_DAMAGED);
  }
  if (oversized) throw new DomainError("invalid", oversizedImageMessage(oversized));
  return { pageCount };
}

const count = new Intl.NumberFormat("en-US");

/** "Page 3 has an image of 20,000 × 20,000 pixels; the most a page image may have is 50,000,000 pixels". */
export function oversizedImageMessage(image: { page: number | null; width: number; height: number }): string {
  const values = {
    page: image.page ?? "",
    width: count.format(image.width),
    height: count.format(image.height),
    limit: count.format(MAX_PAGE_IMAGE_PIXELS),
  };
  return fillMessage(image.page === null ? M.pdfImageTooLarge : M.pdfPageImageTooLarge, values);
}

/** The key of a PDF under `dir/`: its content hash (the seed's scheme), so the same file is one key. */
function pdfKeyOf(dir: "ebooks" | "content", bytes: Uint8Array): string {
  return `${dir}/${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.pdf`;
}

/** Stores a checked PDF under `dir/` by its content hash. */
async function storePdf(ctx: Ctx, dir: "ebooks" | "content", bytes: Uint8Array): Promise<string> {
  const key = pdfKeyOf(dir, bytes);
  if (!(await ctx.storage.has(key))) await ctx.storage.put(key, bytes, PDF_UPLOAD_TYPE);
  return key;
}

/**
 * An e-book's first page drawn before its file is stored, within the drawing thread's time and
 * memory budgets (decision 27): a page that would hold the thread up or take the machine's memory
 * is refused with 400 and nothing is stored. The picture is kept as the page's thumbnail.
 */
async function requireDrawable(ctx: Ctx, pdfKey: string, bytes: Uint8Array): Promise<void> {
  try {
    await drawFirstThumbnail(ctx, pdfKey, bytes);
  } catch (err) {
    if (!(err instanceof DrawFailure)) throw err;
    ctx.log.warn(
      { key: pdfKey, reason: err.reason },
      "upload refused: its first page is over the drawing budgets",
    );
    throw new DomainError("invalid", overBudgetMessage(err.reason, 1));
  }
}

/** "Page 1 takes longer than 30 seconds to draw: …" or "Page 1 needs more memory to draw …". */
function overBudgetMessage(reason: DrawFailure["reason"], page: number): string {
  return reason === "timeout"
    ? fillMessage(M.pdfPageTooSlow, { page, seconds: Math.round(drawingLimits().timeoutMs / 1000) })
    : fillMessage(M.pdfPageTooHeavy, { page });
}

type EbookRow = {
  id: number;
  title: string;
  version: number;
  pdfKey: string | null;
  pageCount: number;
  demoPages: number[];
};

async function readEbook(db: Db, id: number): Promise<EbookRow | null> {
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      version: products.version,
      pdfKey: ebookDetails.pdfKey,
      pageCount: ebookDetails.pageCount,
      demoPages: ebookDetails.demoPages,
    })
    .from(products)
    .leftJoin(ebookDetails, eq(ebookDetails.productId, products.id))
    .where(and(eq(products.id, id), eq(products.kind, "ebook")));
  if (!row) return null;
  return { ...row, pageCount: row.pdfKey ? (row.pageCount ?? 0) : 0, demoPages: row.demoPages ?? [] };
}

async function ebookPdfOf(ctx: Ctx, row: EbookRow): Promise<EbookPdf> {
  const pageCount = row.pdfKey ? row.pageCount : 0;
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    pageCount,
    fileBytes: row.pdfKey ? await ctx.storage.size(row.pdfKey) : null,
    fileVersion: row.pdfKey ? fileVersionOf(row.pdfKey) : null,
    demoPages: [...new Set(row.demoPages)].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b),
  };
}

/** An e-book's PDF as staff see it (`books`): pages, file size, demo pages, version. */
export async function getEbookPdf(ctx: Ctx, id: number): Promise<EbookPdf> {
  requirePermission(ctx, "books", BOOKS_REFUSED);
  const row = await readEbook(ctx.db, idField.parse(id));
  if (!row) throw new DomainError("not_found", EBOOK_NOT_FOUND);
  return ebookPdfOf(ctx, row);
}

/**
 * What `/admin/books/{id}/pages` shows for a product id: the e-book itself, or for a printed book
 * its e-book edition (the page moves there), or a printed book without one.
 */
export async function findEbookFor(
  ctx: Ctx,
  id: number,
): Promise<{ ebookId: number } | { printed: { id: number; title: string } } | null> {
  requirePermission(ctx, "books", BOOKS_REFUSED);
  const [product] = await ctx.db
    .select({ id: products.id, kind: products.kind, title: products.title })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return null;
  if (product.kind === "ebook") return { ebookId: product.id };
  if (product.kind !== "book") return null;
  const [edition] = await ctx.db
    .select({ id: ebookDetails.productId })
    .from(ebookDetails)
    .where(eq(ebookDetails.bookId, product.id))
    .orderBy(ebookDetails.productId)
    .limit(1);
  return edition ? { ebookId: edition.id } : { printed: { id: product.id, title: product.title } };
}

/** The row under lock for an edit of `version`: 404 when no such e-book, 409 with it as it now is. */
async function lockEbook(ctx: Ctx, tx: Db, id: number, version: number): Promise<EbookRow> {
  await lockForEdit(tx, products, and(eq(products.id, id), eq(products.kind, "ebook"))!, EBOOK_NOT_FOUND, {
    version,
    current: async () => ebookPdfOf(ctx, (await readEbook(tx, id))!),
  });
  return (await readEbook(tx, id))!;
}

const auditView = (r: Pick<EbookRow, "pdfKey" | "pageCount" | "demoPages">) => ({
  pdfKey: r.pdfKey,
  pageCount: r.pageCount,
  demoPages: r.demoPages,
});

/**
 * `PUT /api/admin/ebooks/{id}/pdf?version=N`: the e-book's PDF, set or replaced. Demo pages past
 * the new last page are dropped. The first page's thumbnail is drawn before the file is stored
 * (refused when over the drawing budgets), the others after the commit, in the background.
 */
export async function uploadEbookPdf(
  ctx: Ctx,
  id: unknown,
  upload: Upload,
  query: unknown,
): Promise<EbookPdf> {
  requirePermission(ctx, "books", BOOKS_REFUSED);
  const ebookId = idField.parse(id);
  uploadVersionQuerySchema.parse(query);
  // Known before the file is read: a wrong address does not cost a 100 MB upload (the
  // transaction below checks again, under its lock).
  if (!(await readEbook(ctx.db, ebookId))) throw new DomainError("not_found", EBOOK_NOT_FOUND);
  const bytes = await readUpload(upload, [PDF_UPLOAD_TYPE], PDF_TYPE_REQUIRED);
  const { pageCount } = await inspectPdf(bytes);
  await requireDrawable(ctx, pdfKeyOf("ebooks", bytes), bytes);
  const pdfKey = await storePdf(ctx, "ebooks", bytes);
  const answer = await adminChange(
    ctx,
    "books",
    uploadVersionQuerySchema,
    query,
    async (tx, { version }) => {
      const before = await lockEbook(ctx, tx, ebookId, version);
      const demoPages = before.demoPages.filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
      await tx
        .insert(ebookDetails)
        .values({ productId: ebookId, pdfKey, pageCount, demoPages })
        .onConflictDoUpdate({ target: ebookDetails.productId, set: { pdfKey, pageCount, demoPages } });
      await tx
        .update(products)
        .set({ ...nextVersion(products), updatedAt: ctx.now() })
        .where(eq(products.id, ebookId));
      const after = (await readEbook(tx, ebookId))!;
      return {
        result: after,
        audit: {
          action: "ebook.pdf",
          entity: "product",
          entityId: ebookId,
          before: auditView(before),
          after: auditView(after),
        },
      };
    },
    { refusal: BOOKS_REFUSED },
  );
  void generateThumbnails(ctx, pdfKey, pageCount);
  return ebookPdfOf(ctx, answer);
}

/** `PUT /api/admin/ebooks/{id}/demo`: the free preview pages (each within the PDF, ascending, at most 50). */
export async function setDemoPages(ctx: Ctx, id: unknown, input: unknown): Promise<EbookPdf> {
  requirePermission(ctx, "books", BOOKS_REFUSED);
  const ebookId = idField.parse(id);
  const answer = await adminChange(
    ctx,
    "books",
    demoPagesInputSchema,
    input,
    async (tx, { demoPages, version }: DemoPagesInput) => {
      const before = await lockEbook(ctx, tx, ebookId, version);
      const beyond = demoPages.find((p) => p > before.pageCount);
      if (beyond !== undefined) {
        const message =
          before.pageCount === 0
            ? "The e-book has no PDF yet: upload it first"
            : `Page ${beyond} is past the last page (${before.pageCount})`;
        throw new DomainError("invalid", message, { demoPages: message });
      }
      await tx.update(ebookDetails).set({ demoPages }).where(eq(ebookDetails.productId, ebookId));
      await tx
        .update(products)
        .set({ ...nextVersion(products), updatedAt: ctx.now() })
        .where(eq(products.id, ebookId));
      const after = (await readEbook(tx, ebookId))!;
      return {
        result: after,
        audit: {
          action: "ebook.demo",
          entity: "product",
          entityId: ebookId,
          before: { demoPages: before.demoPages },
          after: { demoPages: after.demoPages },
        },
      };
    },
    { refusal: BOOKS_REFUSED },
  );
  return ebookPdfOf(ctx, answer);
}

/**
 * `GET /api/admin/ebooks/{id}/thumbnails/{page}`: one page's thumbnail (WebP), drawn now when it
 * is not stored yet. 404 for a page out of range or an e-book without a PDF; 400 saying why for a
 * page over the drawing budgets.
 */
export async function ebookThumbnail(
  ctx: Ctx,
  id: unknown,
  page: unknown,
): Promise<{ bytes: Uint8Array; fileVersion: string }> {
  requirePermission(ctx, "books", BOOKS_REFUSED);
  const ebookId = idField.parse(id);
  const n = idField.safeParse(page);
  const row = await readEbook(ctx.db, ebookId);
  if (!row) throw new DomainError("not_found", EBOOK_NOT_FOUND);
  if (!n.success || !row.pdfKey || n.data > row.pageCount)
    throw new DomainError("not_found", THUMBNAIL_NOT_FOUND);
  const bytes = await pageThumbnail(ctx, row.pdfKey, n.data);
  if (!bytes) {
    // A page over the drawing budgets says so (and is not drawn again for a while).
    const reason = overBudgetReason(ctx, row.pdfKey, n.data);
    if (reason) throw new DomainError("invalid", overBudgetMessage(reason, n.data));
    throw new DomainError("not_found", THUMBNAIL_NOT_FOUND);
  }
  return { bytes, fileVersion: fileVersionOf(row.pdfKey) };
}

// ---- a course's PDF chapters

/**
 * `PUT /api/admin/content/{id}/chapters/{chapterId}/pdf?version=N`: a PDF chapter's file, set or
 * replaced (the chapter's body holds its key; the reader reads it from there). `version` is the
 * chapter's.
 */
export async function uploadChapterPdf(
  ctx: Ctx,
  courseId: unknown,
  chapterId: unknown,
  upload: Upload,
  query: unknown,
): Promise<ChapterPdf> {
  requirePermission(ctx, "content", CONTENT_REFUSED);
  const course = idField.parse(courseId);
  const chapter = idField.parse(chapterId);
  uploadVersionQuerySchema.parse(query);
  // Known before the file is read (checked again under the transaction's lock).
  const [found] = await ctx.db
    .select({ kind: contentChapters.kind })
    .from(contentChapters)
    .where(and(eq(contentChapters.id, chapter), eq(contentChapters.productId, course)));
  if (!found) throw new DomainError("not_found", CHAPTER_NOT_FOUND);
  if (found.kind !== "pdf") throw new DomainError("conflict", NOT_A_PDF_CHAPTER);
  const bytes = await readUpload(upload, [PDF_UPLOAD_TYPE], PDF_TYPE_REQUIRED);
  const { pageCount } = await inspectPdf(bytes);
  const pdfKey = await storePdf(ctx, "content", bytes);
  const view = (r: typeof contentChapters.$inferSelect): ChapterPdf => ({
    id: r.id,
    courseId: r.productId,
    version: r.version,
    pageCount,
    fileBytes: bytes.byteLength,
  });
  return adminChange(
    ctx,
    "content",
    uploadVersionQuerySchema,
    query,
    async (tx, { version }) => {
      const before = await lockForEdit(
        tx,
        contentChapters,
        and(eq(contentChapters.id, chapter), eq(contentChapters.productId, course))!,
        CHAPTER_NOT_FOUND,
        { version, current: (row) => ({ id: row.id, courseId: row.productId, version: row.version }) },
      );
      if (before.kind !== "pdf") throw new DomainError("conflict", NOT_A_PDF_CHAPTER);
      const [after] = await tx
        .update(contentChapters)
        .set({ body: pdfKey, ...nextVersion(contentChapters) })
        .where(eq(contentChapters.id, chapter))
        .returning();
      return {
        result: view(after!),
        audit: {
          action: "chapter.pdf",
          entity: "content_chapter",
          entityId: chapter,
          before: { body: before.body },
          after: { body: pdfKey },
        },
      };
    },
    { refusal: CONTENT_REFUSED },
  );
}
