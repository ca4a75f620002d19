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
