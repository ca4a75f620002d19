/**
 * A course's chapters as staff write them (`/api/admin/content/{id}/chapters`): the fields of a
 * chapter by kind, an edit with the version it started from, and a new order with the course's
 * version. No server code here: the admin chapter form checks with the same schemas.
 */
import type { z as zod } from "zod";
import { versionField } from "./admin";
import type { adminChapterSchema, adminCourseChaptersSchema } from "./answers/reading";
import { parseVideoUrl } from "./video";
import { z } from "./zod";

export type AdminChapter = zod.infer<typeof adminChapterSchema>;
export type AdminCourseChapters = zod.infer<typeof adminCourseChaptersSchema>;

export const CHAPTER_TITLE_MAX = 200;
export const CHAPTER_TEXT_MAX = 200_000;
export const VIDEO_URL_MAX = 2_000;

export const VIDEO_HOST_ERROR = "Enter a YouTube or Vimeo link: the shop can only play videos from those";
export const CHAPTER_IDS_ERROR = "The order must list every chapter of this course once, and no other";

const title = z
  .string({ error: /*i18n*/ "Enter the chapter's title" })
  .trim()
  .min(1, { error: /*i18n*/ "Enter the chapter's title" })
  .max(CHAPTER_TITLE_MAX, { error: `The title is at most ${CHAPTER_TITLE_MAX} characters` });

const isFree = z.boolean({ error: "isFree must be true or false" }).default(false);

/** A link the shop can embed: the course page's own parser decides. */
const videoUrl = z
  .string({ error: /*i18n*/ "Enter the video's link" })
  .trim()
  .min(1, { error: /*i18n*/ "Enter the video's link" })
  .max(VIDEO_URL_MAX, { error: `The link is at most ${VIDEO_URL_MAX} characters` })
  .refine((v) => parseVideoUrl(v).provider !== null, { error: VIDEO_HOST_ERROR });

const markdown = z
  .string({ error: /*i18n*/ "Write the chapter's text" })
  .refine((v) => v.trim().length > 0, { error: /*i18n*/ "Write the chapter's text" })
  .refine((v) => v.length <= CHAPTER_TEXT_MAX, {
    error: `The text is at most ${CHAPTER_TEXT_MAX.toLocaleString("en-US")} characters`,
  });

const KIND_ERROR = "kind must be video, pdf or text";

const video = z.object({ kind: z.literal("video"), title, body: videoUrl, isFree });
const text = z.object({ kind: z.literal("text"), title, body: markdown, isFree });
/** A PDF chapter is made without its file: the file comes from its upload, never from this body. */
const pdf = z.object({ kind: z.literal("pdf"), title, isFree });

/** `POST …/chapters`: a new chapter, added at the end of the course. */
export const chapterCreateSchema = z
  .discriminatedUnion("kind", [video, text, pdf], { error: KIND_ERROR })
  .meta({ id: "ChapterCreate" });
export type ChapterCreate = zod.output<typeof chapterCreateSchema>;

/** `PATCH …/chapters/{chapterId}`: the chapter's fields anew, with the version the edit started from. */
export const chapterEditSchema = z
  .discriminatedUnion(
    "kind",
    [
      video.extend({ version: versionField }),
      text.extend({ version: versionField }),
      pdf.extend({ version: versionField }),
    ],
    { error: KIND_ERROR },
  )
  .meta({ id: "ChapterEdit" });
export type ChapterEdit = zod.output<typeof chapterEditSchema>;

/** `DELETE …/chapters/{chapterId}`: the chapter's version as the staff member saw it. */
export const chapterDeleteSchema = z.object({ version: versionField }).meta({ id: "ChapterDelete" });

/** `PUT …/chapters/order`: every chapter of the course in its new order, and the course's version. */
export const chapterOrderSchema = z
  .object({
    chapterIds: z
      .array(z.int({ error: CHAPTER_IDS_ERROR }).positive({ error: CHAPTER_IDS_ERROR }).max(2_147_483_647), {
        error: "chapterIds must be a list of chapter ids",
      })
      .min(1, { error: CHAPTER_IDS_ERROR })
      .max(1000, { error: /*i18n*/ "At most 1,000 chapters" }),
    version: versionField,
  })
  .meta({ id: "ChapterOrder" });
export type ChapterOrder = zod.output<typeof chapterOrderSchema>;

/** The form's values: every kind's fields at once (the schema keeps those of the chosen kind). */
export type ChapterFormValues = {
  kind: "video" | "pdf" | "text";
  title: string;
  body: string;
  isFree: boolean;
};
