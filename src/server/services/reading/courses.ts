/**
 * A course as its reader sees it: each chapter, whether the caller may open it (the one access
 * decision in reading.ts), what an open chapter shows, and the chapters the caller has marked
 * done. A PDF chapter's file key never leaves the server: it opens in the reader.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import {
  type ChapterContent,
  type CourseChapters,
  type CourseProgress,
  chapterDoneInputSchema,
} from "../../../contracts/courses";
import { chapterReadPath } from "../../../contracts/library";
import { idField } from "../../../contracts/paging";
import { chapterProgress, contentChapters } from "../../db/schema";
import { requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { parseVideoUrl, renderChapterMarkdown } from "./chapter-body";
import { CHAPTER_NOT_FOUND, getCourseAccess } from "./reading";

type ChapterRow = {
  id: number;
  position: number;
  title: string;
  kind: "video" | "pdf" | "text";
  body: string;
  isFree: boolean;
  done: boolean;
};

/** The course's chapters in order, each with whether `userId` marked it done (0: nobody). */
async function listChapterRows(ctx: Ctx, courseId: number, userId: number): Promise<ChapterRow[]> {
  const rows = await ctx.db
    .select({
      id: contentChapters.id,
      position: contentChapters.position,
      title: contentChapters.title,
      kind: contentChapters.kind,
      body: contentChapters.body,
      isFree: contentChapters.isFree,
      done: sql<boolean>`exists (select 1 from ${chapterProgress} where ${chapterProgress.userId} = ${userId} and ${chapterProgress.chapterId} = ${contentChapters.id})`,
    })
    .from(contentChapters)
    .where(eq(contentChapters.productId, courseId))
    .orderBy(asc(contentChapters.position), asc(contentChapters.id));
  return rows.map((r) => ({ ...r, done: Boolean(r.done) }));
}

/** Chapters done, chapters in all, and the first one not done (in course order). */
export function computeCourseProgress(chapters: { id: number; done: boolean }[]): CourseProgress {
  return {
    doneCount: chapters.filter((c) => c.done).length,
    total: chapters.length,
    resumeChapterId: chapters.find((c) => !c.done)?.id ?? null,
  };
}

/** What an open chapter shows: sanitised HTML, a video to embed or link, or the way into the reader. */
function chapterContent(courseId: number, c: ChapterRow): ChapterContent {
  if (c.kind === "text") return { kind: "text", html: renderChapterMarkdown(c.body) };
  if (c.kind === "video") return { kind: "video", ...parseVideoUrl(c.body) };
  return { kind: "pdf", readUrl: chapterReadPath(courseId, c.id) };
}

/**
 * `GET /api/courses/{id}/chapters`: every chapter with whether the caller may open it, the
 * content of those they may, and (owners and staff) which they have done. Not found for an
 * unknown course, and for one taken down unless the caller owns it or is staff.
 */
export async function getCourseChapters(ctx: Ctx, courseId: number): Promise<CourseChapters> {
  const { course, access } = await getCourseAccess(ctx, courseId);
  const tracked = access !== "preview" && ctx.user !== null;
  const rows = await listChapterRows(ctx, course.id, tracked ? (ctx.user?.id ?? 0) : 0);
  return {
    id: course.id,
    title: course.title,
    access,
    chapters: rows.map((c) => {
      const readable = access !== "preview" || c.isFree;
      return {
        id: c.id,
        position: c.position,
        title: c.title,
        kind: c.kind,
        isFree: c.isFree,
        readable,
        done: tracked && c.done,
        content: readable ? chapterContent(course.id, c) : null,
      };
    }),
    progress: tracked ? computeCourseProgress(rows) : null,
  };
}

/**
 * Marks a chapter done or not done for a reader who may open every chapter (owner or staff);
 * anyone else is refused as if the chapter were not there. Repeating it changes nothing: one row
 * per reader and chapter, first completion kept.
 */
export async function setChapterDone(
  ctx: Ctx,
  courseId: unknown,
  chapterId: unknown,
  input: unknown,
): Promise<CourseProgress> {
  const me = requireSignedIn(ctx);
  const cid = idField.safeParse(courseId);
  const chid = idField.safeParse(chapterId);
  if (!cid.success || !chid.success) throw new DomainError("not_found", CHAPTER_NOT_FOUND);
  const { course, access } = await getCourseAccess(ctx, cid.data, CHAPTER_NOT_FOUND);
  if (access === "preview") throw new DomainError("not_found", CHAPTER_NOT_FOUND);
  const [chapter] = await ctx.db
    .select({ id: contentChapters.id })
    .from(contentChapters)
    .where(and(eq(contentChapters.id, chid.data), eq(contentChapters.productId, course.id)));
  if (!chapter) throw new DomainError("not_found", CHAPTER_NOT_FOUND);
  const { done } = chapterDoneInputSchema.parse(input);
  if (done) {
    await ctx.db
      .insert(chapterProgress)
      .values({ userId: me.id, chapterId: chapter.id, productId: course.id, completedAt: ctx.now() })
      .onConflictDoNothing();
  } else {
    await ctx.db
      .delete(chapterProgress)
      .where(and(eq(chapterProgress.userId, me.id), eq(chapterProgress.chapterId, chapter.id)));
  }
  return computeCourseProgress(await listChapterRows(ctx, course.id, me.id));
}
