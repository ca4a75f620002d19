import { and, count, eq, isNull, sql } from "drizzle-orm";
import { couponRedemptions, coupons } from "../../db/schema";
import type { Ctx } from "../context";
import type { CouponRule, CouponUsage } from "./pricing";

export type CouponRow = typeof coupons.$inferSelect;

export const COUPON_NOT_FOUND = "This coupon does not exist";

/** Codes are stored and compared upper-case, without surrounding spaces. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The coupon with this code, whatever its case, or undefined. */
export async function findCouponByCode(ctx: Pick<Ctx, "db">, code: string): Promise<CouponRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normaliseCouponCode(code)))
    .limit(1);
  return row;
}

export async function findCouponById(ctx: Pick<Ctx, "db">, id: number): Promise<CouponRow | undefined> {
  const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** The rule fields pricing reads. */
export function toCouponRule(row: CouponRow): CouponRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    maxDiscount: row.maxDiscount,
    minOrder: row.minOrder,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perUserLimit: row.perUserLimit,
    productKinds: row.productKinds,
    productIds: row.productIds,
    active: row.active,
  };
}

/**
 * How much a coupon has been used: in total (the counter checkout raises) and by this user
 * (redemptions not released by an expired unpaid order).
 */
export async function findCouponUsage(
  ctx: Pick<Ctx, "db">,
  coupon: Pick<CouponRow, "id" | "usedCount" | "perUserLimit">,
  userId: number,
): Promise<CouponUsage> {
  if (coupon.perUserLimit === null) return { totalUsed: coupon.usedCount, usedByUser: 0 };
  const [row] = await ctx.db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, coupon.id),
        eq(couponRedemptions.userId, userId),
        isNull(couponRedemptions.releasedAt),
      ),
    );
  return { totalUsed: coupon.usedCount, usedByUser: row?.n ?? 0 };
}

/** Counts one use of a coupon against its limit; false when the limit is reached (two buyers cannot both take the last use). */
export async function countCouponUse(tx: Ctx["db"], couponId: number): Promise<boolean> {
  const counted = await couponUse(tx, couponId);
  return counted.length > 0;
}

/** `countCouponUse`'s statement, a query builder to send with others: it answers the row it counted. */
export function couponUse(tx: Ctx["db"], couponId: number) {
  return tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
}
