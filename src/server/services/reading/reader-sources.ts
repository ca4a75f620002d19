/**
 * What the reader opens besides an e-book's pages: a course's PDF chapters (the same one-page
 * cuts and stamps as e-book pages) and an e-book's outline. Who may read is decided in
 * reading.ts (`requireReadableChapter`, `getEbookAccess`) on every request; this module only
 * reads the stored files, through the caches of ebook-pages.ts.
 */
import { DEFAULT_PAGE_IMAGE_WIDTH, type PageImageWidth, startPageOf } from "../../../contracts/reader-paths";
import type { ChapterOpening, ChapterReader, EbookOpening, EbookOutline } from "../../../contracts/reading";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import {
  renderStoredPage,
  renderStoredPageImage,
  type StoredPage,
  startPageImage,
  storedOutline,
  storedPageCount,
  storedPageSize,
} from "./ebook-pages";
import {
  CHAPTER_NOT_FOUND,
  EBOOK_NOT_FOUND,
  getEbookAccess,
  getEbookReaderWithFile,
  PAGE_NOT_FOUND,
  parsePositiveInt,
  requireReadableChapter,
} from "./reading";

/** A PDF chapter the caller may read, with its file. Not found for any other kind of chapter. */
async function readablePdfChapter(ctx: Ctx, courseId: number, chapterId: number, notFound: string) {
  let found: Awaited<ReturnType<typeof requireReadableChapter>>;
  try {
    found = await requireReadableChapter(ctx, courseId, chapterId);
  } catch (e) {
    if (e instanceof DomainError && e.kind === "not_found") throw new DomainError("not_found", notFound);
    throw e;
  }
  const pdfKey = found.chapter.kind === "pdf" ? found.chapter.body.trim() : "";
  if (!pdfKey) throw new DomainError("not_found", notFound);
  return { ...found, pdfKey };
}

/**
 * `GET /api/courses/{id}/chapters/{chapterId}/reader`: a PDF chapter as the reader opens it. The
 * page count is read from the file (kept parsed in the reader's file cache).
 */
export async function getChapterReader(
  ctx: Ctx,
  courseId: number,
  chapterId: number,
): Promise<ChapterReader> {
  return (await chapterReaderWithFile(ctx, courseId, chapterId)).reader;
}

async function chapterReaderWithFile(ctx: Ctx, courseId: number, chapterId: number) {
  const { chapter, courseTitle, access, pdfKey } = await readablePdfChapter(
    ctx,
    courseId,
    chapterId,
    CHAPTER_NOT_FOUND,
  );
  const reader: ChapterReader = {
    courseId,
    courseTitle,
    chapterId: chapter.id,
    title: chapter.title,
    pageCount: await storedPageCount(ctx, pdfKey),
    free: chapter.isFree,
    access,
  };
  return { reader, pdfKey };
}

/**
 * An e-book's reader as its page load opens it (`/ebook/{id}/read`): the reader's answer, and the
 * page it opens on (the saved place, a preview's first demo page) with that page's size, so the
 * page can show the page's picture at once; that picture (at the default width) starts being
 * drawn now, for the caller it was just decided they may read. Not found as the reader's answer is.
 */
export async function getEbookOpening(ctx: Ctx, ebookId: number): Promise<EbookOpening> {
  const { reader, pdfKey } = await getEbookReaderWithFile(ctx, ebookId);
  const page = startPageOf(reader);
  const size = pdfKey && page !== null ? await storedPageSize(ctx, pdfKey, page) : null;
  if (!pdfKey || page === null || !size) return { reader, firstPage: null };
  const stamped = reader.access === "preview" ? null : ctx.user;
  startPageImage(
    ctx,
    { scope: `ebook:${reader.id}`, pdfKey, page, reader: stamped },
    DEFAULT_PAGE_IMAGE_WIDTH,
  );
  return { reader, firstPage: { page, ...size } };
}

/** A PDF chapter's reader as its page load opens it: the reader's answer and its page 1, with its size. */
export async function getChapterOpening(
  ctx: Ctx,
  courseId: number,
  chapterId: number,
): Promise<ChapterOpening> {
  const { reader, pdfKey } = await chapterReaderWithFile(ctx, courseId, chapterId);
  const size = reader.pageCount > 0 ? await storedPageSize(ctx, pdfKey, 1) : null;
  if (!size) return { reader, firstPage: null };
  const stamped = reader.access === "preview" ? null : ctx.user;
  const target = { scope: `chapter:${reader.chapterId}`, pdfKey, page: 1, reader: stamped };
  startPageImage(ctx, target, DEFAULT_PAGE_IMAGE_WIDTH);
  return { reader, firstPage: { page: 1, ...size } };
}

/** The page of a PDF chapter the caller may read, as the page cache knows it; the same 404 for every other case. */
async function readableChapterPage(
  ctx: Ctx,
  courseId: unknown,
  chapterId: unknown,
  page: unknown,
): Promise<StoredPage> {
  const course = parsePositiveInt(courseId);
  const chapter = parsePositiveInt(chapterId);
  const n = parsePositiveInt(page);
  if (course === null || chapter === null || n === null) throw new DomainError("not_found", PAGE_NOT_FOUND);
  const readable = await readablePdfChapter(ctx, course, chapter, PAGE_NOT_FOUND);
  return {
    scope: `chapter:${readable.chapter.id}`,
    pdfKey: readable.pdfKey,
    page: n,
    reader: readable.access === "preview" ? null : ctx.user,
  };
}

/**
 * One page of a PDF chapter, as a one-page PDF: stamped with the reader's name and phone for an
 * owner or staff, unstamped for a free chapter read in preview (as an e-book's demo pages). Every
 * case the caller may not read, or that is not there, is the same 404.
 */
export async function renderChapterPage(
  ctx: Ctx,
  courseId: unknown,
  chapterId: unknown,
  page: unknown,
): Promise<Uint8Array> {
  return renderStoredPage(ctx, await readableChapterPage(ctx, courseId, chapterId, page));
}

/**
 * One page of a PDF chapter as a picture (WebP, `width` pixels wide): the stamped page drawn, for
 * the same callers as the page itself and the same 404 for everyone else. `stamped` is false for
 * a free chapter's page read in preview, the same picture for everyone.
 */
export async function renderChapterPageImage(
  ctx: Ctx,
  courseId: unknown,
  chapterId: unknown,
  page: unknown,
  width: PageImageWidth,
): Promise<{ bytes: Uint8Array; stamped: boolean }> {
  const target = await readableChapterPage(ctx, courseId, chapterId, page);
  return { bytes: await renderStoredPageImage(ctx, target, width), stamped: target.reader !== null };
}

/**
 * `GET /api/ebooks/{id}/outline`: the e-book's bookmarks. A caller who may read every page gets
 * them all; anyone else only those pointing at demo pages, so the outline tells nothing the
 * preview does not show.
 */
export async function getEbookOutline(ctx: Ctx, ebookId: number): Promise<EbookOutline> {
  const { ebook, access } = await getEbookAccess(ctx, ebookId, EBOOK_NOT_FOUND);
  if (!ebook.pdfKey || ebook.pageCount === 0) return { entries: [] };
  const all = await storedOutline(ctx, ebook.pdfKey);
  const readable = (p: number) =>
    p >= 1 && p <= ebook.pageCount && (access !== "preview" || ebook.demoPages.includes(p));
  return { entries: all.filter((e) => readable(e.page)) };
}
