/**
 * The reader's API paths and the id in a reader's address, without zod: the reader's routes
 * import only this, so their first download carries no schema library (the schemas are in
 * reading.ts and paging.ts, which re-export these).
 */

/** The largest id PostgreSQL's integer holds. */
const MAX_ID = 2_147_483_647;

/**
 * An id from an address (`/ebook/12/read`): a positive whole number that fits a PostgreSQL
 * integer, written in plain digits; null for anything else. The same ids `idField` accepts from
 * plain digits (the server still checks every id it is sent with `idField`).
 */
export function parseIdParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export const ebookReaderApiPath = (id: number) => `/api/ebooks/${id}/reader`;
export const ebookPageApiPath = (id: number, page: number) => `/api/ebooks/${id}/pages/${page}`;
export const ebookProgressApiPath = (id: number) => `/api/ebooks/${id}/progress`;
export const ebookOutlineApiPath = (id: number) => `/api/ebooks/${id}/outline`;

// A course's PDF chapters open in the same reader, through their own reader and page endpoints.
export const chapterReaderApiPath = (courseId: number, chapterId: number) =>
  `/api/courses/${courseId}/chapters/${chapterId}/reader`;
export const chapterPageApiPath = (courseId: number, chapterId: number, page: number) =>
  `/api/courses/${courseId}/chapters/${chapterId}/pages/${page}`;

/**
 * The widths (pixels) a page's picture is drawn at on the server (`…/pages/{n}/image?w=`): the
 * reader's first page is shown as one before pdf.js has arrived. A phone 360 to 412 CSS pixels
 * wide at 1.75x to 3x takes 720 or 1080; a larger screen fits the whole page, often smaller.
 */
export const PAGE_IMAGE_WIDTHS = [480, 720, 1080] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];
export const DEFAULT_PAGE_IMAGE_WIDTH: PageImageWidth = 720;

export const ebookPageImageApiPath = (id: number, page: number, width: PageImageWidth) =>
  `/api/ebooks/${id}/pages/${page}/image?w=${width}`;
export const chapterPageImageApiPath = (
  courseId: number,
  chapterId: number,
  page: number,
  width: PageImageWidth,
) => `/api/courses/${courseId}/chapters/${chapterId}/pages/${page}/image?w=${width}`;

/** What decides the pages an e-book's reader turns through and the page it opens on. */
type EbookPlace = {
  access: "owner" | "staff" | "preview";
  pageCount: number;
  demoPages: number[];
  progress: { page: number } | null;
};

/** The pages the caller may turn through: every page (owner, staff), else the demo pages. */
export function readablePagesOf(info: EbookPlace): number[] {
  return info.access !== "preview" ? Array.from({ length: info.pageCount }, (_, i) => i + 1) : info.demoPages;
}

/**
 * The page the reader opens on: an owner's or staff member's saved place when it is a page of
 * the e-book, else the first page they may read (a preview's first demo page); null when none.
 */
export function startPageOf(info: EbookPlace): number | null {
  const saved = info.progress?.page;
  if (info.access !== "preview" && saved !== undefined && saved >= 1 && saved <= info.pageCount) return saved;
  return readablePagesOf(info)[0] ?? null;
}
