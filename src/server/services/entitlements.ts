import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { coursePath, ebookReadPath, type MyLibrary } from "../../contracts/library";
import { contentChapters, ebookDetails, entitlements, products } from "../db/schema";
import type { Ctx } from "./context";
import { requireUser } from "./users";

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
 * The caller's e-books and courses, each list newest first and read with one query. A product
 * taken down after it was bought stays in its owner's library.
 */
export async function listMyLibrary(ctx: Ctx): Promise<MyLibrary> {
  const me = requireUser(ctx);
  const owned = (kind: "ebook" | "content") => and(eq(entitlements.userId, me.id), eq(products.kind, kind));
  const newestFirst = [desc(entitlements.grantedAt), desc(entitlements.productId)];
  const [ebooks, courses] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        title: products.title,
        titleBn: products.titleBn,
        image: products.image,
        pageCount: ebookDetails.pageCount,
        boughtAt: entitlements.grantedAt,
      })
      .from(entitlements)
      .innerJoin(products, eq(products.id, entitlements.productId))
      .leftJoin(ebookDetails, eq(ebookDetails.productId, products.id))
      .where(owned("ebook"))
      .orderBy(...newestFirst),
    ctx.db
      .select({
        id: products.id,
        title: products.title,
        titleBn: products.titleBn,
        image: products.image,
        chapters: sql<number>`(select count(*) from ${contentChapters} where ${contentChapters.productId} = ${products.id})::int`,
        boughtAt: entitlements.grantedAt,
      })
      .from(entitlements)
      .innerJoin(products, eq(products.id, entitlements.productId))
      .where(owned("content"))
      .orderBy(...newestFirst),
  ]);
  return {
    ebooks: ebooks.map((e) => ({
      ...e,
      pageCount: e.pageCount ?? 0,
      boughtAt: e.boughtAt.toISOString(),
      readUrl: ebookReadPath(e.id),
    })),
    courses: courses.map((c) => ({
      ...c,
      chapters: Number(c.chapters),
      boughtAt: c.boughtAt.toISOString(),
      url: coursePath(c.id),
    })),
  };
}
