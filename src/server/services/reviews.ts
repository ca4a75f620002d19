import { and, desc, eq, sql } from "drizzle-orm";
import type { Page } from "../../contracts/catalog";
import type { Review } from "../../contracts/reviews";
import { reviewSchema } from "../../contracts/reviews";
import type { Db } from "../db/client";
import { products, reviews, users } from "../db/schema";
import type { Ctx } from "./context";
import { DomainError } from "./errors";
import { requireUser } from "./users";

/**
 * Hook for the "verified purchase" badge: the user ids among `userIds` who bought the product.
 * Orders arrive with the buying issue; until then nobody has bought anything, so none is
 * verified. Replace the body with a query on the order lines (paid orders only).
 */
export async function findVerifiedBuyers(
  _ctx: Pick<Ctx, "db">,
  _productId: number,
  _userIds: number[],
): Promise<Set<number>> {
  return new Set();
}

/** Visible reviews of a published product, newest first, with the caller's own marked. */
export async function listReviews(ctx: Ctx, productId: number, page = 1, limit = 10): Promise<Page<Review>> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!product) throw new DomainError("not_found", "No such product");
  const rows = await ctx.db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      author: users.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.hidden, false)))
    .orderBy(desc(reviews.updatedAt), desc(reviews.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const verified = await findVerifiedBuyers(
    ctx,
    productId,
    rows.map((r) => r.userId),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      // First name and initial: enough to be personal, not enough to identify.
      author: shortName(r.author),
      verified_purchase: verified.has(r.userId),
      mine: ctx.user?.id === r.userId,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
    page,
    limit,
  };
}

export function shortName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]}.` : (first ?? "");
}

/** Keeps the product's rating sum and count equal to its visible reviews. */
async function refreshRating(db: Db, productId: number) {
  await db.execute(sql`
    update ${products} set
      rating_sum = coalesce((select sum(rating) from ${reviews} where product_id = ${productId} and not hidden), 0),
      rating_count = (select count(*) from ${reviews} where product_id = ${productId} and not hidden)
    where id = ${productId}`);
}

/**
 * A signed-in user's review of a published product of the given kind: one per user and
 * product, so a second one replaces the first. The product's average moves with it.
 */
export async function saveReview(ctx: Ctx, input: unknown): Promise<{ review: Review; created: boolean }> {
  const me = requireUser(ctx);
  const v = reviewSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.id, v.productId), eq(products.kind, v.productType), eq(products.published, true)),
      );
    if (!product) throw new DomainError("not_found", "No such product");
    const now = ctx.now();
    const [row] = await db
      .insert(reviews)
      .values({
        productId: v.productId,
        userId: me.id,
        rating: v.rating,
        text: v.text,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: v.rating, text: v.text, updatedAt: now },
      })
      // xmax is 0 on a freshly inserted row, not on one the conflict updated.
      .returning({
        id: reviews.id,
        rating: reviews.rating,
        text: reviews.text,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    await refreshRating(db, v.productId);
    const review = row!;
    const verified = await findVerifiedBuyers(ctx, v.productId, [me.id]);
    return {
      created: Boolean(review.inserted),
      review: {
        id: review.id,
        rating: review.rating,
        text: review.text,
        author: shortName(me.name),
        verified_purchase: verified.has(me.id),
        mine: true,
        created_at: review.createdAt.toISOString(),
        updated_at: review.updatedAt.toISOString(),
      },
    };
  });
}

/** Staff hide or show a review; hidden reviews leave the average. */
export async function setReviewHidden(
  ctx: Ctx,
  reviewId: number,
  hidden: boolean,
  db: Db = ctx.db,
): Promise<void> {
  const [row] = await db
    .update(reviews)
    .set({ hidden })
    .where(eq(reviews.id, reviewId))
    .returning({ productId: reviews.productId });
  if (!row) throw new DomainError("not_found", "No such review");
  await refreshRating(db, row.productId);
}
