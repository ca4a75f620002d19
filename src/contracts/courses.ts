/**
 * A course's chapters as the caller may see them (`GET /api/courses/{id}/chapters`) and chapters
 * marked done (`PUT /api/courses/{id}/chapters/{chapterId}/done`). No server code here: the
 * browser imports this module.
 */
import type { z as zod } from "zod";
import type {
  chapterContentSchema,
  courseChapterSchema,
  courseChaptersSchema,
  courseProgressSchema,
} from "./answers/reading";
import { z } from "./zod";

export type CourseChapters = zod.infer<typeof courseChaptersSchema>;
export type CourseChapter = zod.infer<typeof courseChapterSchema>;
export type ChapterContent = zod.infer<typeof chapterContentSchema>;
export type CourseProgress = zod.infer<typeof courseProgressSchema>;

const DONE_ERROR = "done must be true or false";

/** `PUT …/done`: mark the chapter done (`true`) or not done (`false`). */
export const chapterDoneInputSchema = z.object({
  done: z.boolean({ error: DONE_ERROR }),
});
export type ChapterDoneInput = zod.input<typeof chapterDoneInputSchema>;
