/**
 * Who may read what, in one place: an e-book's pages and a course's chapters. An owner (an
 * entitlement, granted when an order is confirmed and deleted when it is refunded or cancelled)
 * reads everything; staff holding the area's permission (`books` for e-books, `content` for
 * courses) and admins too; anyone else the demo pages and free chapters only. The decision is
 * asked of the database on every request and never kept, so a refund takes access away on the
 * very next one. Also where a reader is in an e-book (reading progress).
 */
import { and, eq } from "drizzle-orm";
import { idField } from "../../../contracts/paging";
import {
  type EbookReader,
  progressInputSchema,
  type ReadAccess,
  type SavedProgress,
} from "../../../contracts/reading";
import type { PublicUser } from "../../../contracts/user";
import { contentChapters, ebookDetails, products, readingProgress } from "../../db/schema";
import { hasPermission, requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { findEntitlement, ownedBySql } from "./entitlements";

export type { ReadAccess };

/** The staff permission that opens every page of a kind of product. */
const STAFF_AREA = { ebook: "books", content: "content" } as const;
type ReadableKind = keyof typeof STAFF_AREA;

/** The one answer for a page or e-book the caller may not read, does not exist or asked for badly. */
export const PAGE_NOT_FOUND = "No such page";
export const EBOOK_NOT_FOUND = "No such e-book";
export const CHAPTER_NOT_FOUND = "No such chapter";

const MAX_ID = 2_147_483_647;

/** A positive whole number written plainly (no sign, exponent, fraction or leading zero), or null. */
export function parsePositiveInt(value: unknown): number | null {
  if (typeof value === "number")
    return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}

/**
 * What the caller is to one e-book or course: `owner` (an entitlement), `staff` (the area's
 * permission, or an admin) or `preview` (everyone else, signed out included).
 */
async function accessTo(
  ctx: Ctx,
  productId: number,
  kind: ReadableKind,
  owned?: boolean,
): Promise<ReadAccess> {
  const user = ctx.user;
  if (!user) return "preview";
  const isOwner = owned ?? (await findEntitlement(ctx, user.id, productId)) !== null;
  if (isOwner) return "owner";
  return hasPermission(user, STAFF_AREA[kind]) ? "staff" : "preview";
}

/** What the caller may read of an e-book: every page (`owner`, `staff`) or the demo pages (`preview`). */
export function readableBy(ctx: Ctx, ebookId: number): Promise<ReadAccess> {
  return accessTo(ctx, ebookId, "ebook");
}

/** What the caller may read of a course: every chapter (`owner`, `staff`) or the free ones (`preview`). */
export function courseReadableBy(ctx: Ctx, courseId: number): Promise<ReadAccess> {
  return accessTo(ctx, courseId, "content");
}

export const COURSE_NOT_FOUND = "No such course";

/**
 * A course and the caller's access to it, read with one query. Not found when there is no course
 * of that id, or it is taken down and the caller neither owns it nor is staff (an owner keeps
 * what they bought, as with e-books).
 */
export async function getCourseAccess(
  ctx: Ctx,
  courseId: number,
  notFound = COURSE_NOT_FOUND,
): Promise<{ course: { id: number; title: string; published: boolean }; access: ReadAccess }> {
  const userId = ctx.user?.id ?? 0;
  const [row] = await ctx.db
    .select({
      id: products.id,
      title: products.title,
      published: products.published,
      owned: ownedBySql(userId, products.id),
    })
    .from(products)
    .where(and(eq(products.id, courseId), eq(products.kind, "content")));
  if (!row) throw new DomainError("not_found", notFound);
  const access = await accessTo(ctx, row.id, "content", Boolean(row.owned));
  if (!row.published && access === "preview") throw new DomainError("not_found", notFound);
  return { course: { id: row.id, title: row.title, published: row.published }, access };
}

/** An e-book as the reader sees it. */
export type ReadableEbook = {
  id: number;
  title: string;
  published: boolean;
  pdfKey: string | null;
  /** Pages that can be served: the recorded count, 0 without a file. */
  pageCount: number;
  /** The free preview's pages within 1..pageCount, ascending, each once. */
  demoPages: number[];
};

/**
 * The e-book and the caller's access to it, read with one query. Not found when there is no
 * e-book of that id, or it is taken down and the caller neither owns it nor is staff (an owner
 * keeps reading what they bought).
 */
export async function getEbookAccess(
  ctx: Ctx,
  ebookId: number,
  notFound = EBOOK_NOT_FOUND,
): Promise<{ ebook: ReadableEbook; access: ReadAccess }> {
  const userId = ctx.user?.id ?? 0;
  const [row] = await ctx.db
    .select({
      id: products.id,
      title: products.title,
      published: products.published,
      pdfKey: ebookDetails.pdfKey,
      pageCount: ebookDetails.pageCount,
      demoPages: ebookDetails.demoPages,
      owned: ownedBySql(userId, products.id),
    })
    .from(products)
    .innerJoin(ebookDetails, eq(ebookDetails.productId, products.id))
    .where(and(eq(products.id, ebookId), eq(products.kind, "ebook")));
  if (!row) throw new DomainError("not_found", notFound);
  const access = await accessTo(ctx, row.id, "ebook", Boolean(row.owned));
  if (!row.published && access === "preview") throw new DomainError("not_found", notFound);
  const pageCount = row.pdfKey ? Math.max(0, row.pageCount) : 0;
  const demoPages = [...new Set(row.demoPages)].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return {
    ebook: {
      id: row.id,
      title: row.title,
      published: row.published,
      pdfKey: row.pdfKey,
      pageCount,
      demoPages,
    },
    access,
  };
}

/** Whose mark goes on a page. */
export type Reader = Pick<PublicUser, "id" | "name" | "phone" | "email">;

/** One page the caller may read: the e-book's file, the page, and whose mark goes on it (null: none). */
export type ReadablePage = {
  ebook: ReadableEbook & { pdfKey: string };
  page: number;
  access: ReadAccess;
  /** The reader whose name and phone are stamped on the page; null for a demo page read in preview. */
  reader: Reader | null;
};

/**
 * The page `page` (1-based) of e-book `ebookId` if the caller may read it: owners and staff any
 * page, everyone else the demo pages. Every other case (unknown e-book, no file, out of range,
 * not a plain number, not readable) is the same not-found, so nothing about the e-book leaks.
 */
export async function requireReadablePage(ctx: Ctx, ebookId: unknown, page: unknown): Promise<ReadablePage> {
  const id = parsePositiveInt(ebookId);
  const n = parsePositiveInt(page);
  if (id === null || n === null) throw new DomainError("not_found", PAGE_NOT_FOUND);
  const { ebook, access } = await getEbookAccess(ctx, id, PAGE_NOT_FOUND);
  const { pdfKey } = ebook;
  if (!pdfKey || n > ebook.pageCount) throw new DomainError("not_found", PAGE_NOT_FOUND);
  if (access === "preview" && !ebook.demoPages.includes(n))
    throw new DomainError("not_found", PAGE_NOT_FOUND);
  return { ebook: { ...ebook, pdfKey }, page: n, access, reader: access === "preview" ? null : ctx.user };
}

/**
 * One chapter of a course if the caller may read it: owners and staff with `content` every
 * chapter, everyone else the free ones. Not found otherwise (and for a course taken down, unless
 * the caller owns it or is staff).
 */
export async function requireReadableChapter(ctx: Ctx, courseId: number, chapterId: number) {
  const [row] = await ctx.db
    .select({ chapter: contentChapters, published: products.published, courseTitle: products.title })
    .from(contentChapters)
    .innerJoin(products, eq(products.id, contentChapters.productId))
    .where(
      and(
        eq(contentChapters.id, chapterId),
        eq(contentChapters.productId, courseId),
        eq(products.kind, "content"),
      ),
    );
  if (!row) throw new DomainError("not_found", CHAPTER_NOT_FOUND);
  const access = await courseReadableBy(ctx, courseId);
  if (access === "preview" && (!row.published || !row.chapter.isFree)) {
    throw new DomainError("not_found", CHAPTER_NOT_FOUND);
  }
  return { chapter: row.chapter, courseTitle: row.courseTitle, access };
}

// ---- the reader and its progress

async function findProgress(ctx: Ctx, userId: number, ebookId: number) {
  const [row] = await ctx.db
    .select({ page: readingProgress.page, updatedAt: readingProgress.updatedAt })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.productId, ebookId)));
  return row ?? null;
}

/** `GET /api/ebooks/{id}/reader`: the e-book, what the caller may read of it, and where they were. */
export async function getEbookReader(ctx: Ctx, ebookId: number): Promise<EbookReader> {
  return (await getEbookReaderWithFile(ctx, ebookId)).reader;
}

/** The reader's answer, and the e-book's file (for the server's own use: never sent). */
export async function getEbookReaderWithFile(
  ctx: Ctx,
  ebookId: number,
): Promise<{ reader: EbookReader; pdfKey: string | null }> {
  const { ebook, access } = await getEbookAccess(ctx, ebookId);
  const saved = access !== "preview" && ctx.user ? await findProgress(ctx, ctx.user.id, ebook.id) : null;
  const reader: EbookReader = {
    id: ebook.id,
    title: ebook.title,
    pageCount: ebook.pageCount,
    demoPages: ebook.demoPages,
    access,
    progress: saved
      ? { page: Math.min(saved.page, Math.max(1, ebook.pageCount)), updatedAt: saved.updatedAt.toISOString() }
      : null,
  };
  return { reader, pdfKey: ebook.pdfKey };
}

/**
 * Records the page a reader who may read every page (owner or staff) is on; anyone else is
 * refused as if the e-book were not there. The last write wins.
 */
export async function saveReadingProgress(
  ctx: Ctx,
  ebookId: unknown,
  input: unknown,
): Promise<SavedProgress> {
  const me = requireSignedIn(ctx);
  const { ebook, access } = await getEbookAccess(ctx, idField.parse(ebookId));
  if (access === "preview") throw new DomainError("not_found", EBOOK_NOT_FOUND);
  const { page } = progressInputSchema.parse(input);
  if (page > ebook.pageCount) {
    const message =
      ebook.pageCount === 0 ? "This e-book has no pages yet" : `page must be 1 to ${ebook.pageCount}`;
    throw new DomainError("invalid", message, { page: message });
  }
  const updatedAt = ctx.now();
  await ctx.db
    .insert(readingProgress)
    .values({ userId: me.id, productId: ebook.id, page, updatedAt })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.productId],
      set: { page, updatedAt },
    });
  return { page, pageCount: ebook.pageCount, updatedAt: updatedAt.toISOString() };
}
