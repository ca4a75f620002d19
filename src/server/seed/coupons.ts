import { coupons } from "../db/schema";
import type { Ctx } from "../services/context";

/** The demo shop's coupons (money in poisha), documented in the README. */
export const DEMO_COUPONS = [
  // 10% off the first order, at most ৳200 off, once per shopper.
  { code: "WELCOME10", kind: "percent", value: 10, maxDiscount: 20_000, perUserLimit: 1 },
  // ৳50 off printed books and bundles on orders of ৳500 or more.
  { code: "BOOKS50", kind: "fixed", value: 5_000, minOrder: 50_000, productKinds: ["book", "bundle"] },
  // 15% off stationery.
  { code: "PEN15", kind: "percent", value: 15, productKinds: ["stationary"] },
] satisfies (typeof coupons.$inferInsert)[];

/** Adds the demo coupons that are missing; a coupon staff changed keeps their changes. */
export async function ensureDemoCoupons(ctx: Pick<Ctx, "db">): Promise<void> {
  await ctx.db.insert(coupons).values(DEMO_COUPONS).onConflictDoNothing({ target: coupons.code });
}
