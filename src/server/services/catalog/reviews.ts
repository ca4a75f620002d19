import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Page } from "../../../contracts/catalog";
import { BOUGHT_STATUSES } from "../../../contracts/order-status";
import type { Review } from "../../../contracts/reviews";
import { reviewModerationSchema, reviewSchema } from "../../../contracts/reviews";
import { type Db, inTransaction } from "../../db/client";
import { bundleItems, orderLines, orders, products, reviews, users } from "../../db/schema";
import { replicaSafe, requirePermission, requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { recordAudit } from "../platform/audit";
import { consumeLimit } from "../platform/rate-limits";
import { publicContentChanged } from "../public-content";

/**
 * Which of these users bought the product: a line of it (or of a bundle holding it) in one of
 * their orders that is confirmed or further along.
 */
export async function findVerifiedBuyers(
  ctx: Pick<Ctx, "db">,
  productId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await ctx.db
    .selectDistinct({ userId: orders.userId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orders.userId, userIds),
        inArray(orders.status, [...BOUGHT_STATUSES]),
        sql`(${orderLines.productId} = ${productId} or exists (
          select 1 from ${bundleItems} bi where bi.bundle_id = ${orderLines.productId} and bi.item_id = ${productId}
        ))`,
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Visible reviews of a published product, newest first, with the caller's own marked. */
export async function listReviews(ctx: Ctx, productId: number, page = 1, limit = 10): Promise<Page<Review>> {
  // A signed-out visitor's read may go to a replica; a signed-in one may have just written a review.
  const { db } = ctx.user === null ? replicaSafe(ctx) : ctx;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!product) throw new DomainError("not_found", "No such product");
  const rows = await db
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
      verifiedPurchase: verified.has(r.userId),
      mine: ctx.user?.id === r.userId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
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
 * product, so a second one replaces the first. The product's average moves with it. Limited per
 * account and per address.
 */
export async function saveReview(ctx: Ctx, input: unknown): Promise<{ review: Review; created: boolean }> {
  const me = requireSignedIn(ctx);
  const v = reviewSchema.parse(input);
  await consumeLimit(ctx, "reviewsPerAccount", me.id);
  await consumeLimit(ctx, "reviewsPerAddress", ctx.ip);
  const saved = await inTransaction(ctx.db, async (db) => {
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
    const verified = await findVerifiedBuyers({ db }, v.productId, [me.id]);
    return {
      created: Boolean(review.inserted),
      review: {
        id: review.id,
        rating: review.rating,
        text: review.text,
        author: shortName(me.name),
        verifiedPurchase: verified.has(me.id),
        mine: true,
        createdAt: review.createdAt.toISOString(),
        updatedAt: review.updatedAt.toISOString(),
      },
    };
  });
  // The product's page shows the review and the new average (once committed).
  await publicContentChanged(ctx);
  return saved;
}

/** Hides or shows a review (no permission check: see moderateReview); hidden reviews leave the average. */
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

function requireBooksStaff(ctx: Ctx) {
  requirePermission(ctx, "books", "You do not have permission to moderate reviews");
}

/**
 * Staff with the `books` permission hide or show a review; the change is audited. The caller is
 * checked before the input is read, so no one else learns what it takes. Answers `hidden`.
 */
export async function moderateReview(ctx: Ctx, reviewId: number, input: unknown): Promise<boolean> {
  requireBooksStaff(ctx);
  const { hidden } = reviewModerationSchema.parse(input);
  await inTransaction(ctx.db, async (db) => {
    const [before] = await db
      .select({ hidden: reviews.hidden })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    if (!before) throw new DomainError("not_found", "No such review");
    await setReviewHidden(ctx, reviewId, hidden, db);
    await recordAudit(ctx, db, {
      action: hidden ? "review.hide" : "review.show",
      entity: "review",
      entityId: reviewId,
      before,
      after: { hidden },
    });
  });
  await publicContentChanged(ctx);
  return hidden;
}

/** Every review of a product, hidden ones too, for staff. */
export async function listReviewsForStaff(ctx: Ctx, productId: number) {
  requireBooksStaff(ctx);
  const [product] = await ctx.db
    .select({ id: products.id, title: products.title, kind: products.kind })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new DomainError("not_found", "No such product");
  const rows = await ctx.db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      hidden: reviews.hidden,
      updatedAt: reviews.updatedAt,
      author: users.name,
      phone: users.phone,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.updatedAt), desc(reviews.id));
  return { product, reviews: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
}
