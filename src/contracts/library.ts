/**
 * `/ebook/library` and `GET /api/library`: what a signed-in user owns. No server code here: the
 * browser imports this module.
 */

/** An e-book the user owns, published or not (an owner keeps access after it is taken down). */
export type LibraryEbook = {
  id: number;
  title: string;
  titleBn: string | null;
  image: string | null;
  /** 0 when the file has not been counted. */
  pageCount: number;
  /** When the order that gave it was confirmed (ISO, UTC). */
  boughtAt: string;
  readUrl: string;
};

/** A course (content item) the user owns. */
export type LibraryCourse = {
  id: number;
  title: string;
  titleBn: string | null;
  image: string | null;
  chapters: number;
  boughtAt: string;
  url: string;
};

/** Both lists newest first. */
export type MyLibrary = { ebooks: LibraryEbook[]; courses: LibraryCourse[] };

export const ebookReadPath = (id: number) => `/ebook/${id}/read`;
export const coursePath = (id: number) => `/content/${id}`;
