/**
 * What the API answers to the readers: e-book pages and outlines, courses and their chapters.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */
import { CHAPTER_KINDS } from "../enums";
import { READ_ACCESS } from "../enums-orders";
import { z } from "../zod";
import { isoTime } from "./shared";

// ---- the e-book reader

export const ebookReaderSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    pageCount: z.int().meta({ description: "Pages in the e-book's file; 0 when there is no file yet" }),
    demoPages: z.array(z.int()).meta({ description: "The free preview's pages, 1-based, ascending" }),
    access: z.enum(READ_ACCESS).meta({
      description:
        "`owner` and `staff` read every page (stamped with their name and phone); `preview` the demo pages only",
    }),
    progress: z
      .object({ page: z.int(), updatedAt: isoTime() })
      .nullable()
      .meta({ description: "Where the caller last was (owners and staff); null otherwise" }),
  })
  .meta({ id: "EbookReader" });

export const savedProgressSchema = z
  .object({ page: z.int(), pageCount: z.int(), updatedAt: isoTime() })
  .meta({ id: "ReadingProgress" });

// ---- courses: chapters as the caller may see them, and chapters marked done

export const courseProgressSchema = z
  .object({
    doneCount: z.int(),
    total: z.int().meta({ description: "Chapters in the course" }),
    resumeChapterId: z
      .int()
      .nullable()
      .meta({ description: "The first chapter not done, in course order; null when all are done" }),
  })
  .meta({ id: "CourseProgress" });

export const chapterContentSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("text"),
      html: z.string().meta({ description: "The Markdown rendered on the server and sanitised" }),
    }),
    z.object({
      kind: z.literal("video"),
      provider: z.enum(["youtube", "vimeo"]).nullable(),
      embedUrl: z.string().nullable().meta({
        description: "A youtube-nocookie.com or player.vimeo.com address to frame; null for other links",
      }),
      url: z
        .string()
        .nullable()
        .meta({ description: "The video's own http(s) address; null when it has none" }),
    }),
    z.object({
      kind: z.literal("pdf"),
      readUrl: z
        .string()
        .meta({ description: "The reader opened on this chapter (the file itself is never sent)" }),
    }),
  ])
  .meta({ id: "ChapterContent" });

export const courseChapterSchema = z
  .object({
    id: z.int(),
    position: z.int(),
    title: z.string(),
    kind: z.enum(CHAPTER_KINDS),
    isFree: z.boolean(),
    readable: z.boolean().meta({ description: "Whether the caller may open it (content is null otherwise)" }),
    done: z
      .boolean()
      .meta({ description: "Marked done by the caller (owners and staff; false for anyone else)" }),
    content: chapterContentSchema.nullable(),
  })
  .meta({ id: "CourseChapter" });

export const courseChaptersSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    access: z.enum(READ_ACCESS).meta({
      description: "`owner` and `staff` open every chapter; `preview` the free ones of a published course",
    }),
    chapters: z.array(courseChapterSchema),
    progress: courseProgressSchema
      .nullable()
      .meta({ description: "The caller's chapters done (owners and staff); null for anyone else" }),
  })
  .meta({ id: "CourseChapters" });

/** A course's chapter as staff edit it (`/api/admin/content/{id}/chapters`). */
export const adminChapterSchema = z
  .object({
    id: z.int(),
    position: z.int().meta({ description: "1 for the first chapter" }),
    title: z.string(),
    kind: z.enum(CHAPTER_KINDS),
    body: z.string().meta({
      description:
        "A video chapter's link or a text chapter's Markdown; empty for a PDF chapter (see `file`)",
    }),
    isFree: z.boolean().meta({ description: "Readable by anyone before buying (a free preview)" }),
    version: z.int().meta({ description: "Send it back with an edit or a delete; a stale one gets 409" }),
    file: z
      .object({ pageCount: z.int().meta({ description: "0 when the stored file cannot be read" }) })
      .nullable()
      .meta({ description: "A PDF chapter's file; null when it has none yet, and for other kinds" }),
  })
  .meta({ id: "AdminChapter" });

export const adminCourseChaptersSchema = z
  .object({
    course: z.object({
      id: z.int(),
      title: z.string(),
      published: z.boolean(),
      version: z.int().meta({
        description:
          "The course's version, raised by every chapter added, removed or moved: send it with a new order",
      }),
    }),
    chapters: z.array(adminChapterSchema).meta({ description: "In the course's order" }),
  })
  .meta({ id: "AdminCourseChapters" });

export const deletedChapterSchema = z
  .object({ id: z.int().meta({ description: "The chapter removed" }), courseVersion: z.int() })
  .meta({ id: "DeletedChapter" });
// ---- the reader: a course's PDF chapters and an e-book's outline
export const chapterReaderSchema = z
  .object({
    courseId: z.int(),
    courseTitle: z.string(),
    chapterId: z.int(),
    title: z.string().meta({ description: "The chapter's title" }),
    pageCount: z.int().meta({ description: "Pages in the chapter's PDF; 0 when the file is missing" }),
    free: z.boolean().meta({ description: "A free chapter, readable by anyone" }),
    access: z.enum(READ_ACCESS).meta({
      description:
        "`owner` and `staff` read the chapter's pages stamped with their name and phone; `preview` reads a free chapter unstamped",
    }),
  })
  .meta({ id: "ChapterReader" });

export const outlineEntrySchema = z
  .object({
    title: z.string(),
    page: z.int().meta({ description: "The page the entry points at, 1-based" }),
    depth: z.int().meta({ description: "0 for a top-level entry, 1 for one below it, and so on" }),
  })
  .meta({ id: "OutlineEntry" });

export const ebookOutlineSchema = z
  .object({
    entries: z.array(outlineEntrySchema).meta({
      description:
        "The PDF's bookmarks in reading order; for a preview reader only those that point at demo pages. Empty when the PDF has none",
    }),
  })
  .meta({ id: "EbookOutline" });
