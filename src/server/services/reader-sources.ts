/**
 * What the reader opens besides an e-book's pages: a course's PDF chapters (the same one-page
 * cuts and stamps as e-book pages) and an e-book's outline. Who may read is decided in
 * reading.ts (`requireReadableChapter`, `getEbookAccess`) on every request; this module only
 * reads the stored files, through the caches of ebook-pages.ts.
 */
import type { ChapterReader, EbookOutline } from "../../contracts/reading";
import type { Ctx } from "./context";
import { renderStoredPage, storedOutline, storedPageCount } from "./ebook-pages";
import { DomainError } from "./errors";
import {
  CHAPTER_NOT_FOUND,
  EBOOK_NOT_FOUND,
  getEbookAccess,
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
  const { chapter, courseTitle, access, pdfKey } = await readablePdfChapter(
    ctx,
    courseId,
    chapterId,
    CHAPTER_NOT_FOUND,
  );
  return {
    courseId,
    courseTitle,
    chapterId: chapter.id,
    title: chapter.title,
    pageCount: await storedPageCount(ctx, pdfKey),
    free: chapter.isFree,
    access,
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
  const course = parsePositiveInt(courseId);
  const chapter = parsePositiveInt(chapterId);
  const n = parsePositiveInt(page);
  if (course === null || chapter === null || n === null) throw new DomainError("not_found", PAGE_NOT_FOUND);
  const readable = await readablePdfChapter(ctx, course, chapter, PAGE_NOT_FOUND);
  return renderStoredPage(ctx, {
    scope: `chapter:${readable.chapter.id}`,
    pdfKey: readable.pdfKey,
    page: n,
    reader: readable.access === "preview" ? null : ctx.user,
  });
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
