/**
 * `/reports`: what the signed-in user's referral code sold. Only the user's own code, and never
 * who bought: orders are shown by their number's last digits, date, amount and status.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { BOUGHT_STATUSES, describeOrderStatus } from "../../../contracts/order-status";
import { orderEnding, type ReferralReport } from "../../../contracts/tracking";
import { dhakaText } from "../../db/dhaka";
import { orders, users } from "../../db/schema";
import { requireSignedIn, signInRequired } from "../access";
import { isUniqueViolation, newReferralCode } from "../accounts/users";
import type { Ctx } from "../context";
import { referralEarnings } from "./store-credit";

/** Months of the by-month table, newest first. */
const REPORT_MONTHS = 24;
/** Orders in the list, newest first. */
const REPORT_RECENT = 50;

/** What an order sold: after its discount, without delivery (which is not a sale). */
const soldAmount = sql<number>`${orders.subtotal} - ${orders.discount}`;

/** The caller's referral code; an account made without one gets one now. */
async function referralCodeOf(ctx: Ctx, userId: number): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const [row] = await ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (!row) throw signInRequired();
    if (row.code) return row.code;
    try {
      await ctx.db
        .update(users)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(users.id, userId), sql`${users.referralCode} is null`));
    } catch (e) {
      if (!(attempt < 3 && isUniqueViolation(e))) throw e;
    }
  }
}

/**
 * The signed-in user's referral code, its share link on `origin`, and the orders attributed to
 * it: counts and amounts over bought orders only, by month in Asia/Dhaka, and the newest orders.
 */
export async function getMyReferralReport(ctx: Ctx, origin: string): Promise<ReferralReport> {
  const me = requireSignedIn(ctx);
  const code = await referralCodeOf(ctx, me.id);
  const mine = eq(orders.referrerId, me.id);
  const bought = and(mine, inArray(orders.status, BOUGHT_STATUSES));
  const month = dhakaText(orders.createdAt, "YYYY-MM");
  const [[totals], months, recent, earnings] = await Promise.all([
    ctx.db
      .select({ orders: count(), amount: sql<number>`coalesce(sum(${soldAmount}), 0)`.mapWith(Number) })
      .from(orders)
      .where(bought),
    ctx.db
      .select({ month, orders: count(), amount: sql<number>`sum(${soldAmount})`.mapWith(Number) })
      .from(orders)
      .where(bought)
      .groupBy(month)
      .orderBy(desc(month))
      .limit(REPORT_MONTHS),
    ctx.db
      .select({
        number: orders.number,
        createdAt: orders.createdAt,
        amount: soldAmount,
        status: orders.status,
      })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(REPORT_RECENT),
    referralEarnings(ctx.db, me.id),
  ]);
  return {
    code,
    shareUrl: `${origin.replace(/\/+$/, "")}/?ref=${code}`,
    orders: totals?.orders ?? 0,
    amount: totals?.amount ?? 0,
    creditEarned: earnings.earned,
    friendsRewarded: earnings.friends,
    creditPerFriend: ctx.config.referralCreditReferrer,
    months,
    recent: recent.map((r) => ({
      orderEnding: orderEnding(r.number),
      placedAt: r.createdAt.toISOString(),
      amount: Number(r.amount),
      status: r.status,
      statusText: describeOrderStatus(r.status),
    })),
  };
}
