/**
 * A course's chapters as staff run them (`/api/admin/content/{id}/chapters`): added at the end,
 * edited, removed and put in a new order, each through `adminChange` (permission `content`, the
 * contract's schema, one transaction, an audit entry, the public pages moved on).
 *
 * Two kinds of version guard them. A chapter's own `version` guards its edit and its removal. The
 * course product's `version` guards the order: every chapter added, removed or moved raises it,
 * and a new order carries the version it was made from, so two staff reordering at once get one
 * success and one 409 (with the order as it now is), never a shuffle of both. Every change of the
 * list locks the course's row first, so positions are written by one change at a time.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import {
  type AdminChapter,
  type AdminCourseChapters,
  CHAPTER_IDS_ERROR,
  chapterCreateSchema,
  chapterDeleteSchema,
  chapterEditSchema,
  chapterOrderSchema,
} from "../../../contracts/admin-chapters";
import { LAST_CHAPTER_OF_PUBLISHED, LAST_CHAPTER_TO_PDF } from "../../../contracts/admin-products";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { idField } from "../../../contracts/paging";
import type { Db } from "../../db/client";
import { bundleItems, contentChapters, products } from "../../db/schema";
import { requirePermission } from "../access";
import { adminChange, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { storedPageCount } from "./ebook-pages";

export const COURSE_NOT_FOUND = "No such course";
export const CHAPTER_NOT_FOUND = "No such chapter in this course";
const REFUSAL = "You do not have permission to change courses";

type ChapterRow = typeof contentChapters.$inferSelect;

/**
 * A chapter the course page can show: a text with its words, a video with its link, a PDF chapter
 * with its file (its body is the file's key, empty until the upload). Only such chapters make a
 * course deliverable (decision 50); migration 0020 writes the same test in SQL.
 */
export function canShow(c: Pick<ChapterRow, "body">): boolean {
  return c.body.trim() !== "";
}

/** The same test in SQL, for queries over `content_chapters`. */
export const showableChapter = sql`btrim(${contentChapters.body}) <> ''`;

/**
 * Refuses a change that leaves a course with no chapter to show while it is sold: published on
 * its own (`whenPublished`), or inside a published bundle (the bundle is named).
 */
async function keepAChapterToShow(
  tx: Db,
  course: { id: number; published: boolean },
  whenPublished: string,
): Promise<void> {
  const [left] = await tx
    .select({ id: contentChapters.id })
    .from(contentChapters)
    .where(and(eq(contentChapters.productId, course.id), showableChapter))
    .limit(1);
  if (left) return;
  if (course.published) throw new DomainError("conflict", whenPublished);
  const [bundle] = await tx
    .select({ title: products.title })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.bundleId))
    .where(and(eq(bundleItems.itemId, course.id), eq(products.published, true)))
    .orderBy(asc(products.title))
    .limit(1);
  if (bundle)
    throw new DomainError("conflict", fillMessage(M.courseInPublishedBundle, { bundle: bundle.title }));
}

/** A path id, or the given not-found (a bad id names nothing). */
function pathId(raw: unknown, missing: string): number {
  const id = idField.safeParse(raw);
  if (!id.success) throw new DomainError("not_found", missing);
  return id.data;
}

/** The chapter as staff see it: a PDF chapter's file key stays on the server, its page count does not. */
async function toAdminChapter(ctx: Ctx, c: ChapterRow): Promise<AdminChapter> {
  const key = c.kind === "pdf" ? c.body.trim() : "";
  return {
    id: c.id,
    position: c.position,
    title: c.title,
    kind: c.kind,
    body: c.kind === "pdf" ? "" : c.body,
    isFree: c.isFree,
    version: c.version,
    file: key ? { pageCount: await storedPageCount(ctx, key) } : null,
  };
}

async function chapterRows(db: Db, courseId: number): Promise<ChapterRow[]> {
  return db
    .select()
    .from(contentChapters)
    .where(eq(contentChapters.productId, courseId))
    .orderBy(asc(contentChapters.position), asc(contentChapters.id));
}

async function courseChapters(ctx: Ctx, db: Db, courseId: number): Promise<AdminCourseChapters> {
  const [course] = await db
    .select({
      id: products.id,
      title: products.title,
      published: products.published,
      version: products.version,
    })
    .from(products)
    .where(and(eq(products.id, courseId), eq(products.kind, "content")));
  if (!course) throw new DomainError("not_found", COURSE_NOT_FOUND);
  const rows = await chapterRows(db, courseId);
  return { course, chapters: await Promise.all(rows.map((r) => toAdminChapter(ctx, r))) };
}

/**
 * The course's row, locked until the change commits: one change of its chapter list at a time.
 * With `check`, an order made from another version of the course is refused with 409.
 */
async function lockCourse(
  tx: Db,
  courseId: number,
  missing = COURSE_NOT_FOUND,
  check?: { version: number; current: () => Promise<unknown> },
) {
  return lockForEdit(
    tx,
    products,
    and(eq(products.id, courseId), eq(products.kind, "content"))!,
    missing,
    check,
  );
}

/** Raises the course's version (its chapter list changed); answers the new one. */
async function bumpCourse(ctx: Ctx, tx: Db, courseId: number): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ ...nextVersion(products), updatedAt: ctx.now() })
    .where(eq(products.id, courseId))
    .returning({ version: products.version });
  return row!.version;
}

/** Positions 1..n in the given order, written only where they changed. */
async function writePositions(tx: Db, ids: number[], rows: ChapterRow[]) {
  const at = new Map(rows.map((r) => [r.id, r.position]));
  for (const [i, id] of ids.entries()) {
    if (at.get(id) === i + 1) continue;
    await tx
      .update(contentChapters)
      .set({ position: i + 1 })
      .where(eq(contentChapters.id, id));
  }
}

const auditOf = (c: ChapterRow) => ({
  courseId: c.productId,
  position: c.position,
  title: c.title,
  kind: c.kind,
  body: c.body,
  isFree: c.isFree,
  version: c.version,
});

/** `GET /api/admin/content/{id}/chapters`: the course and its chapters in order. */
export async function listCourseChaptersForStaff(ctx: Ctx, courseId: unknown): Promise<AdminCourseChapters> {
  requirePermission(ctx, "content", REFUSAL);
  return courseChapters(ctx, ctx.db, pathId(courseId, COURSE_NOT_FOUND));
}

/** `POST /api/admin/content/{id}/chapters`: a new chapter at the end (a PDF one without its file yet). */
export async function createChapter(ctx: Ctx, courseId: unknown, input: unknown): Promise<AdminChapter> {
  requirePermission(ctx, "content", REFUSAL);
  const id = pathId(courseId, COURSE_NOT_FOUND);
  const row = await adminChange(
    ctx,
    "content",
    chapterCreateSchema,
    input,
    async (tx, value) => {
      await lockCourse(tx, id);
      const [last] = await tx
        .select({ max: sql<number | null>`max(${contentChapters.position})` })
        .from(contentChapters)
        .where(eq(contentChapters.productId, id));
      const [made] = await tx
        .insert(contentChapters)
        .values({
          productId: id,
          position: Number(last?.max ?? 0) + 1,
          title: value.title,
          kind: value.kind,
          body: value.kind === "pdf" ? "" : value.body,
          isFree: value.isFree,
        })
        .returning();
      await bumpCourse(ctx, tx, id);
      return {
        result: made!,
        audit: {
          action: "chapter.create",
          entity: "content_chapter",
          entityId: made!.id,
          after: auditOf(made!),
        },
      };
    },
    { refusal: REFUSAL },
  );
  return toAdminChapter(ctx, row);
}

/** The chapter of this course, locked; 409 with it as it now is when `version` is not its own. */
async function lockChapter(ctx: Ctx, tx: Db, courseId: number, chapterId: number, version: number) {
  return lockForEdit(
    tx,
    contentChapters,
    and(eq(contentChapters.id, chapterId), eq(contentChapters.productId, courseId))!,
    CHAPTER_NOT_FOUND,
    { version, current: (row) => toAdminChapter(ctx, row) },
  );
}

/**
 * `PATCH /api/admin/content/{id}/chapters/{chapterId}`: the chapter's title, kind, body and free
 * switch anew. A PDF chapter keeps its file while it stays a PDF chapter; one that becomes a PDF
 * chapter starts without a file.
 */
export async function editChapter(
  ctx: Ctx,
  courseId: unknown,
  chapterId: unknown,
  input: unknown,
): Promise<AdminChapter> {
  requirePermission(ctx, "content", REFUSAL);
  const cid = pathId(courseId, CHAPTER_NOT_FOUND);
  const chid = pathId(chapterId, CHAPTER_NOT_FOUND);
  const row = await adminChange(
    ctx,
    "content",
    chapterEditSchema,
    input,
    async (tx, value) => {
      const course = await lockCourse(tx, cid, CHAPTER_NOT_FOUND);
      const before = await lockChapter(ctx, tx, cid, chid, value.version);
      const body = value.kind === "pdf" ? (before.kind === "pdf" ? before.body : "") : value.body;
      const [after] = await tx
        .update(contentChapters)
        .set({
          title: value.title,
          kind: value.kind,
          body,
          isFree: value.isFree,
          ...nextVersion(contentChapters),
        })
        .where(eq(contentChapters.id, before.id))
        .returning();
      // A text or video chapter turned into a PDF one has no file yet: a sold course keeps one to show.
      if (canShow(before) && !canShow(after!)) await keepAChapterToShow(tx, course, LAST_CHAPTER_TO_PDF);
      return {
        result: after!,
        audit: {
          action: "chapter.update",
          entity: "content_chapter",
          entityId: before.id,
          before: auditOf(before),
          after: auditOf(after!),
        },
      };
    },
    { refusal: REFUSAL },
  );
  return toAdminChapter(ctx, row);
}

/**
 * `DELETE /api/admin/content/{id}/chapters/{chapterId}`: the chapter goes, with every reader's
 * "done" mark on it (the foreign key cascades); the chapters after it move up. The only chapter
 * of a published course stays (409): unpublish the course first.
 */
export async function deleteChapter(
  ctx: Ctx,
  courseId: unknown,
  chapterId: unknown,
  input: unknown,
): Promise<{ id: number; courseVersion: number }> {
  requirePermission(ctx, "content", REFUSAL);
  const cid = pathId(courseId, CHAPTER_NOT_FOUND);
  const chid = pathId(chapterId, CHAPTER_NOT_FOUND);
  return adminChange(
    ctx,
    "content",
    chapterDeleteSchema,
    input,
    async (tx, value) => {
      const course = await lockCourse(tx, cid, CHAPTER_NOT_FOUND);
      const before = await lockChapter(ctx, tx, cid, chid, value.version);
      await tx.delete(contentChapters).where(eq(contentChapters.id, before.id));
      const rest = await chapterRows(tx, cid);
      // A sold course keeps a chapter to show: nothing sells that cannot be delivered.
      if (canShow(before)) await keepAChapterToShow(tx, course, LAST_CHAPTER_OF_PUBLISHED);
      await writePositions(
        tx,
        rest.map((r) => r.id),
        rest,
      );
      const courseVersion = await bumpCourse(ctx, tx, cid);
      return {
        result: { id: before.id, courseVersion },
        audit: {
          action: "chapter.delete",
          entity: "content_chapter",
          entityId: before.id,
          before: auditOf(before),
        },
      };
    },
    { refusal: REFUSAL },
  );
}

/**
 * `PUT /api/admin/content/{id}/chapters/order`: every chapter of the course in its new order. The
 * order was made from the course's `version`: a stale one gets 409 with the chapters as they now
 * are; a list that is not exactly the course's chapters (one missing, repeated or of another
 * course) gets 400 and nothing moves.
 */
export async function reorderChapters(
  ctx: Ctx,
  courseId: unknown,
  input: unknown,
): Promise<AdminCourseChapters> {
  requirePermission(ctx, "content", REFUSAL);
  const id = pathId(courseId, COURSE_NOT_FOUND);
  await adminChange(
    ctx,
    "content",
    chapterOrderSchema,
    input,
    async (tx, value) => {
      await lockCourse(tx, id, COURSE_NOT_FOUND, {
        version: value.version,
        current: () => courseChapters(ctx, tx, id),
      });
      const rows = await chapterRows(tx, id);
      const mine = new Set(rows.map((r) => r.id));
      const given = new Set(value.chapterIds);
      if (
        given.size !== value.chapterIds.length ||
        given.size !== mine.size ||
        value.chapterIds.some((c) => !mine.has(c))
      ) {
        throw new DomainError("invalid", CHAPTER_IDS_ERROR, { chapterIds: CHAPTER_IDS_ERROR });
      }
      await writePositions(tx, value.chapterIds, rows);
      await bumpCourse(ctx, tx, id);
      return {
        result: null,
        audit: {
          action: "chapter.reorder",
          entity: "product",
          entityId: id,
          before: { chapterIds: rows.map((r) => r.id) },
          after: { chapterIds: value.chapterIds },
        },
      };
    },
    { refusal: REFUSAL },
  );
  return courseChapters(ctx, ctx.db, id);
}
