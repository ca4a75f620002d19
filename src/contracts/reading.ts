/**
 * The e-book reader's API (`/api/ebooks/{id}/reader`, `/pages/{page}`, `/pages/{page}/image`,
 * `/progress`): the progress body, the picture's query, the answer types and the paths. No server
 * code here: the browser imports this module.
 */
import type { z as zod } from "zod";
import type {
  chapterReaderSchema,
  ebookOutlineSchema,
  ebookReaderSchema,
  outlineEntrySchema,
  savedProgressSchema,
} from "./answers/reading";
import { READ_ACCESS, type ReadAccess } from "./enums-orders";
import { DEFAULT_PAGE_IMAGE_WIDTH, PAGE_IMAGE_WIDTHS, type PageImageWidth } from "./reader-paths";
import { z } from "./zod";

export { READ_ACCESS, type ReadAccess };

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

const WIDTH_ERROR = `w must be one of ${PAGE_IMAGE_WIDTHS.join(", ")}`;

/** `GET …/pages/{page}/image?w=`: the picture's width in pixels, one of PAGE_IMAGE_WIDTHS. */
export const pageImageQuerySchema = z.object({
  w: z
    .enum(PAGE_IMAGE_WIDTHS.map(String) as [`${PageImageWidth}`, ...`${PageImageWidth}`[]], {
      error: WIDTH_ERROR,
    })
    .default(`${DEFAULT_PAGE_IMAGE_WIDTH}`)
    .transform((w) => Number(w) as PageImageWidth)
    .meta({ description: `The picture's width in pixels: ${PAGE_IMAGE_WIDTHS.join(", ")}` }),
});

/** A page's size as pdf.js lays it out at scale 1 (PDF points, turned by the page's rotation). */
export type PageSize = { width: number; height: number };

/** The page the reader opens on, with its size: the page's load shows its picture at once. */
export type FirstPage = { page: number } & PageSize;

/** The reader as a page load opens it: the reader's answer and its first page (null: none to show). */
export type EbookOpening = { reader: EbookReader; firstPage: FirstPage | null };
export type ChapterOpening = { reader: ChapterReader; firstPage: FirstPage | null };

// Chapters marked done: the course page's path helper lives with the other plain paths (no zod).
export { chapterDoneApiPath } from "./library";
// The paths live in a module without zod, which the reader's routes import directly.
export {
  chapterPageApiPath,
  chapterPageImageApiPath,
  chapterReaderApiPath,
  ebookOutlineApiPath,
  ebookPageApiPath,
  ebookPageImageApiPath,
  ebookProgressApiPath,
  ebookReaderApiPath,
} from "./reader-paths";
