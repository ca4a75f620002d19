import { type AnyColumn, and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { isDigitalKind } from "../../../contracts/cart";
import type { ProductKind } from "../../../contracts/catalog";
import {
  courseChapterPath,
  coursePath,
  ebookReadPath,
  type MyLibrary,
  type OwnedItem,
} from "../../../contracts/library";
import type { Db } from "../../db/client";
import {
  bundleItems,
  chapterProgress,
  contentChapters,
  ebookDetails,
  entitlements,
  orderLines,
  orders,
  products,
  readingProgress,
} from "../../db/schema";
import { requireSignedIn } from "../access";
import type { Ctx } from "../context";

type LineRef = { productId: number; kind: ProductKind };

/**
 * The e-books and courses each line gives, keyed by the line's product: an e-book or course
 * gives itself, a bundle the e-books and courses inside it, a printed item nothing.
 */
export async function listDigitalGrants(db: Db, lines: LineRef[]): Promise<Map<number, number[]>> {
  const grants = new Map<number, number[]>();
  for (const l of lines) if (isDigitalKind(l.kind)) grants.set(l.productId, [l.productId]);
  const bundles = [...new Set(lines.filter((l) => l.kind === "bundle").map((l) => l.productId))];
  if (bundles.length > 0) {
    const inside = await db
      .select({ bundleId: bundleItems.bundleId, itemId: bundleItems.itemId })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.itemId))
      .where(and(inArray(bundleItems.bundleId, bundles), inArray(products.kind, ["ebook", "content"])));
    for (const i of inside) grants.set(i.bundleId, [...(grants.get(i.bundleId) ?? []), i.itemId]);
  }
  return grants;
}

/** An e-book or course that lines would give their buyer a second time, and why. */
export type DigitalConflict = {
  /** `owned`: an order gave it already; `unpaid`: an order waiting for payment holds it; `twice`: two lines give it. */
  reason: "owned" | "unpaid" | "twice";
  /** The e-book's or course's title. */
  item: string;
  /** The bundle line that gives it, when it comes inside one. */
  bundle: string | null;
  /** The other order that gave it or holds it (null for `twice`). */
  orderId: number | null;
  orderNumber: string | null;
};

/**
 * The first e-book or course among what `lines` give that their buyer would get twice: one they
 * own, one an order of theirs waiting for payment holds (other than `exceptOrderId`), or one two
 * of the lines give. An e-book or course is bought once, alone or inside a bundle.
 */
export async function findDigitalConflict(
  db: Db,
  userId: number,
  lines: (LineRef & { title: string })[],
  exceptOrderId?: number,
): Promise<DigitalConflict | null> {
  const grants = await listDigitalGrants(db, lines);
  const items = [...new Set([...grants.values()].flat())];
  if (items.length === 0) return null;
  const notThisOrder = (column: typeof orders.id | typeof entitlements.orderId) =>
    exceptOrderId === undefined ? undefined : ne(column, exceptOrderId);
  // One after another: `db` is often the checkout's transaction, a single connection.
  const titles = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(inArray(products.id, items));
  const owned = await db
    .select({ item: entitlements.productId, orderId: orders.id, orderNumber: orders.number })
    .from(entitlements)
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .where(
      and(
        eq(entitlements.userId, userId),
        inArray(entitlements.productId, items),
        notThisOrder(entitlements.orderId),
      ),
    );
  const unpaidLines = await db
    .select({
      productId: orderLines.productId,
      kind: orderLines.kind,
      orderId: orders.id,
      orderNumber: orders.number,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "pending_payment"),
        inArray(orderLines.kind, ["ebook", "content", "bundle"]),
        notThisOrder(orders.id),
      ),
    )
    .orderBy(orders.id);

  const unpaidGrants = await listDigitalGrants(db, unpaidLines);
  const heldBy = new Map<number, { orderId: number; orderNumber: string }>();
  for (const l of unpaidLines) {
    for (const item of unpaidGrants.get(l.productId) ?? []) if (!heldBy.has(item)) heldBy.set(item, l);
  }
  const titleOf = (id: number) => titles.find((t) => t.id === id)?.title ?? "this item";
  const conflicts: DigitalConflict[] = [];
  const seen = new Set<number>();
  for (const line of lines) {
    const bundle = line.kind === "bundle" ? line.title : null;
    for (const item of grants.get(line.productId) ?? []) {
      const own = owned.find((o) => o.item === item);
      const held = heldBy.get(item);
      const reason = own ? "owned" : held ? "unpaid" : seen.has(item) ? "twice" : null;
      const other = own ?? held;
      if (reason) {
        conflicts.push({
          reason,
          item: titleOf(item),
          bundle,
          orderId: other?.orderId ?? null,
          orderNumber: other?.orderNumber ?? null,
        });
      }
      seen.add(item);
    }
  }
  const rank = { owned: 0, unpaid: 1, twice: 2 } as const;
  return conflicts.sort((a, b) => rank[a.reason] - rank[b.reason])[0] ?? null;
}

/** The e-books and courses among `productIds` the user owns (granted when an order is confirmed). */
export async function findOwnedProductIds(
  ctx: Pick<Ctx, "db">,
  userId: number,
  productIds: number[],
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: entitlements.productId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.productId, productIds)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Every e-book and course the user owns, with whether they have started each and where an owner
 * goes with it (an e-book's reader, a course's page): what the shop's cards need to offer "Read" or
 * "Continue" instead of "Add to cart". One query on the two tables' primary keys (both lead with
 * the user) and the products' own, read on every page a signed-in user opens.
 */
export async function listOwnedItems(ctx: Pick<Ctx, "db">, userId: number): Promise<OwnedItem[]> {
  const rows = await ctx.db
    .select({
      id: entitlements.productId,
      kind: products.kind,
      page: readingProgress.page,
      // A course is started once any of its chapters is marked done.
      chapterDone: sql<boolean>`exists (select 1 from ${chapterProgress} where ${chapterProgress.userId} = ${entitlements.userId} and ${chapterProgress.productId} = ${entitlements.productId})`,
    })
    .from(entitlements)
    .innerJoin(products, eq(products.id, entitlements.productId))
    .leftJoin(
      readingProgress,
      and(
        eq(readingProgress.userId, entitlements.userId),
        eq(readingProgress.productId, entitlements.productId),
      ),
    )
    .where(eq(entitlements.userId, userId))
    .orderBy(entitlements.productId);
  return rows.map((r) => ({
    id: r.id,
    started: r.kind === "content" ? Boolean(r.chapterDone) : r.page !== null,
    to: r.kind === "content" ? coursePath(r.id) : ebookReadPath(r.id),
  }));
}

/** SQL for a select list: whether user `userId` owns the product in `productId` (an entitlement). */
export function ownedBySql(userId: number, productId: AnyColumn) {
  return sql<boolean>`exists (select 1 from ${entitlements} where ${entitlements.userId} = ${userId} and ${entitlements.productId} = ${productId})`;
}

/** The user's entitlement to one e-book or course, with the order that granted it; null when not owned. */
export async function findEntitlement(
  ctx: Pick<Ctx, "db">,
  userId: number,
  productId: number,
): Promise<{ orderId: number; grantedAt: Date } | null> {
  const [row] = await ctx.db
    .select({ orderId: entitlements.orderId, grantedAt: entitlements.grantedAt })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.productId, productId)))
    .limit(1);
  return row ?? null;
}

/**
 * The caller's e-books and courses, each list read with one query: e-books by last read (never
 * opened ones after, newest bought first) with where the reader was, courses by last activity
 * (the last chapter marked done, else when bought) with the chapters done and where to resume. A
 * product taken down after it was bought stays in its owner's library.
 */
export async function listMyLibrary(ctx: Ctx): Promise<MyLibrary> {
  const me = requireSignedIn(ctx);
  const owned = (kind: "ebook" | "content") => and(eq(entitlements.userId, me.id), eq(products.kind, kind));
  const newestFirst = [desc(entitlements.grantedAt), desc(entitlements.productId)];
  // The last chapter of a course the user marked done.
  const lastDoneAt = sql<Date | null>`(select max(${chapterProgress.completedAt}) from ${chapterProgress} where ${chapterProgress.userId} = ${me.id} and ${chapterProgress.productId} = ${products.id})`;
  const [ebooks, courses] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        title: products.title,
        titleBn: products.titleBn,
        image: products.image,
        pageCount: ebookDetails.pageCount,
        boughtAt: entitlements.grantedAt,
        readPage: readingProgress.page,
        readAt: readingProgress.updatedAt,
      })
      .from(entitlements)
      .innerJoin(products, eq(products.id, entitlements.productId))
      .leftJoin(ebookDetails, eq(ebookDetails.productId, products.id))
      .leftJoin(
        readingProgress,
        and(eq(readingProgress.userId, entitlements.userId), eq(readingProgress.productId, products.id)),
      )
      .where(owned("ebook"))
      .orderBy(sql`${readingProgress.updatedAt} desc nulls last`, ...newestFirst),
    ctx.db
      .select({
        id: products.id,
        title: products.title,
        titleBn: products.titleBn,
        image: products.image,
        chapters: sql<number>`(select count(*) from ${contentChapters} where ${contentChapters.productId} = ${products.id})::int`,
        boughtAt: entitlements.grantedAt,
        doneCount: sql<number>`(select count(*) from ${chapterProgress} where ${chapterProgress.userId} = ${me.id} and ${chapterProgress.productId} = ${products.id})::int`,
        lastDoneAt: lastDoneAt.mapWith(chapterProgress.completedAt),
        resumeChapterId: sql<
          number | null
        >`(select ${contentChapters.id} from ${contentChapters} where ${contentChapters.productId} = ${products.id} and not exists (select 1 from ${chapterProgress} where ${chapterProgress.userId} = ${me.id} and ${chapterProgress.chapterId} = ${contentChapters.id}) order by ${contentChapters.position}, ${contentChapters.id} limit 1)`,
      })
      .from(entitlements)
      .innerJoin(products, eq(products.id, entitlements.productId))
      .where(owned("content"))
      .orderBy(sql`coalesce(${lastDoneAt}, ${entitlements.grantedAt}) desc`, ...newestFirst),
  ]);
  return {
    ebooks: ebooks.map(({ readPage, readAt, ...e }) => {
      const pageCount = e.pageCount ?? 0;
      return {
        ...e,
        pageCount,
        boughtAt: e.boughtAt.toISOString(),
        readUrl: ebookReadPath(e.id),
        progress:
          readPage !== null && readAt !== null
            ? {
                page: readPage,
                pageCount,
                percent: pageCount > 0 ? Math.min(100, Math.round((readPage / pageCount) * 100)) : 0,
                updatedAt: readAt.toISOString(),
              }
            : null,
      };
    }),
    courses: courses.map(({ lastDoneAt, resumeChapterId, ...c }) => {
      const resume = resumeChapterId === null ? null : Number(resumeChapterId);
      return {
        ...c,
        chapters: Number(c.chapters),
        doneCount: Number(c.doneCount),
        boughtAt: c.boughtAt.toISOString(),
        url: coursePath(c.id),
        resumeChapterId: resume,
        continueUrl: resume === null ? coursePath(c.id) : courseChapterPath(c.id, resume),
        lastActivityAt: (lastDoneAt ?? c.boughtAt).toISOString(),
      };
    }),
  };
}
