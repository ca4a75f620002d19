/**
 * The e-book reader's API (`/api/ebooks/{id}/reader`, `/pages/{page}`, `/progress`): the progress
 * body, the answer types and the paths. No server code here: the browser imports this module.
 */
import type { z as zod } from "zod";
import type {
  chapterReaderSchema,
  ebookOutlineSchema,
  ebookReaderSchema,
  outlineEntrySchema,
  savedProgressSchema,
} from "./answers";
import { z } from "./zod";

/** What the caller may read: every page (`owner`, `staff`) or the demo pages only (`preview`). */
export const READ_ACCESS = ["owner", "staff", "preview"] as const;
export type ReadAccess = (typeof READ_ACCESS)[number];

/** `GET /api/ebooks/{id}/reader`. */
export type EbookReader = zod.infer<typeof ebookReaderSchema>;

/** `GET /api/courses/{id}/chapters/{chapterId}/reader`: a PDF chapter as the reader opens it. */
export type ChapterReader = zod.infer<typeof chapterReaderSchema>;

/** `GET /api/ebooks/{id}/outline`: the PDF's bookmarks. */
export type EbookOutline = zod.infer<typeof ebookOutlineSchema>;
export type OutlineEntry = zod.infer<typeof outlineEntrySchema>;

/** `PUT /api/ebooks/{id}/progress`'s answer. */
export type SavedProgress = zod.infer<typeof savedProgressSchema>;

const PAGE_ERROR = "page must be a whole number from 1";

/** `PUT /api/ebooks/{id}/progress`: the page the reader is on (its upper bound is the e-book's page count). */
export const progressInputSchema = z.object({
  page: z
    .number({ error: PAGE_ERROR })
    .int({ error: PAGE_ERROR })
    .min(1, { error: PAGE_ERROR })
    .max(2_147_483_647, { error: "page is out of range" }),
});
export type ProgressInput = zod.input<typeof progressInputSchema>;

export const ebookReaderApiPath = (id: number) => `/api/ebooks/${id}/reader`;
export const ebookPageApiPath = (id: number, page: number) => `/api/ebooks/${id}/pages/${page}`;
export const ebookProgressApiPath = (id: number) => `/api/ebooks/${id}/progress`;
export const ebookOutlineApiPath = (id: number) => `/api/ebooks/${id}/outline`;

// A course's PDF chapters open in the same reader, through their own reader and page endpoints.
export const chapterReaderApiPath = (courseId: number, chapterId: number) =>
  `/api/courses/${courseId}/chapters/${chapterId}/reader`;
export const chapterPageApiPath = (courseId: number, chapterId: number, page: number) =>
  `/api/courses/${courseId}/chapters/${chapterId}/pages/${page}`;
// Chapters marked done: the course page's path helper lives with the other plain paths (no zod).
export { chapterDoneApiPath } from "./library";
