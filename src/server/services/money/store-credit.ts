/**
 * Store credit (decision 71): a ledger of entries per customer, only ever added, each with the
 * balance after it. Every entry is written by `appendCreditInTx`, under the customer's row lock,
 * so two checkouts spending the same credit, two staff marking one parcel delivered, or a webhook
 * replayed take turns: the second finds the balance the first left, or the first's entry under the
 * same key, and the database refuses a negative balance whatever a caller does.
 *
 * What writes entries: a referred buyer's first delivered order (the referrer's reward, and the
 * friend's own when configured), an order that spends credit at checkout, the order's cancellation
 * or return giving it back, a refund staff pay to store credit, and staff adjustments (audited).
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { isLocale, type Locale } from "../../../contracts/locale";
import { formatTaka } from "../../../contracts/money";
import {
  NOT_ENOUGH_CREDIT,
  STORE_CREDIT_KIND_WORDS,
  type StoreCreditKind,
  type StoreCreditView,
  storeCreditAdjustmentSchema,
} from "../../../contracts/store-credit";
import type { Db } from "../../db/client";
import { orders, storeCreditEntries, users } from "../../db/schema";
import { requirePermission, requireSignedIn } from "../access";
import { adminChange } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { outboxInsert } from "../platform/outbox";

type OrderRow = typeof orders.$inferSelect;
type EntryRow = typeof storeCreditEntries.$inferSelect;

/** How many entries a history shows, newest first. */
const HISTORY = 100;

export const ADJUST_CREDIT = "You need the users permission to adjust store credit";
export const SEE_CREDIT = "You need the users permission to see store credit";
export const NO_SUCH_ACCOUNT = "No such account";

/**
 * The balance after an entry of `amount` on `balance`, or null when it would be negative: the rule
 * the database also holds (`store_credit_entries_balance_not_negative`).
 */
export function balanceAfter(balance: number, amount: number): number | null {
  if (!Number.isSafeInteger(balance) || !Number.isSafeInteger(amount) || balance < 0) return null;
  const next = balance + amount;
  return next < 0 ? null : next;
}

/** What of `balance` an order that owes `due` spends: all it can, never more than is due. */
export function creditToSpend(balance: number, due: number): number {
  return Math.max(0, Math.min(balance, due));
}

/** The customer's row, locked until the transaction ends: every entry of theirs is written under it. */
async function lockHolder(tx: Db, userId: number): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!row) throw new DomainError("not_found", NO_SUCH_ACCOUNT);
}

/** The last entry's balance, or 0; read under the holder's lock it is what they hold. */
async function lastBalance(tx: Db, userId: number): Promise<{ seq: number; balance: number }> {
  const [last] = await tx
    .select({ seq: storeCreditEntries.seq, balance: storeCreditEntries.balance })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.seq))
    .limit(1);
  return last ?? { seq: 0, balance: 0 };
}

/** The customer's balance, locked: nobody else adds an entry of theirs until the transaction ends. */
export async function lockedBalance(tx: Db, userId: number): Promise<number> {
  await lockHolder(tx, userId);
  return (await lastBalance(tx, userId)).balance;
}

export type NewEntry = {
  userId: number;
  kind: StoreCreditKind;
  amount: number;
  /** Makes the entry once: a second append with the same key changes nothing and answers null. */
  key: string;
  orderId?: number | null;
  refundId?: number | null;
  referredId?: number | null;
  actorId?: number | null;
  note?: string | null;
  now: Date;
};

/**
 * Appends one entry under the holder's row lock. Null when the key is already written (a retry, a
 * replayed webhook, a second staff member). A balance that would go negative is refused with 409
 * and nothing written.
 */
export async function appendCreditInTx(tx: Db, e: NewEntry): Promise<EntryRow | null> {
  await lockHolder(tx, e.userId);
  const [seen] = await tx
    .select({ id: storeCreditEntries.id })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.key, e.key))
    .limit(1);
  if (seen) return null;
  const last = await lastBalance(tx, e.userId);
  const balance = balanceAfter(last.balance, e.amount);
  if (balance === null || e.amount === 0) {
    throw new DomainError("conflict", NOT_ENOUGH_CREDIT, { storeCredit: NOT_ENOUGH_CREDIT });
  }
  const [row] = await tx
    .insert(storeCreditEntries)
    .values({
      userId: e.userId,
      seq: last.seq + 1,
      kind: e.kind,
      amount: e.amount,
      balance,
      key: e.key,
      orderId: e.orderId ?? null,
      refundId: e.refundId ?? null,
      referredId: e.referredId ?? null,
      actorId: e.actorId ?? null,
      note: e.note ?? null,
      createdAt: e.now,
    })
    .returning();
  return row!;
}

/** The SMS to a referrer whose share earned credit, in their language. */
export function referralRewardSms(amount: number, balance: number, url: string, locale: Locale): string {
  return locale === "bn"
    ? `আপনার শেয়ার করা লিংকে এক বন্ধুর প্রথম অর্ডার পৌঁছেছে: আপনি ${formatTaka(amount, "bn")} স্টোর ক্রেডিট পেয়েছেন (মোট ${formatTaka(balance, "bn")})। ${url}`
    : `A friend you shared with received their first order: you earned ${formatTaka(amount).replace("৳", "Tk ")} store credit (now ${formatTaka(balance).replace("৳", "Tk ")}). ${url}`;
}

/**
 * A delivered order of a referred buyer: when it is the buyer's first order delivered, the
 * referrer earns `REFERRAL_CREDIT_REFERRER` and the buyer `REFERRAL_CREDIT_FRIEND` (each once per
 * referred buyer, keyed by the buyer), and the referrer is told by SMS. Runs in the delivering
 * transaction with the order's row locked.
 */
export async function rewardReferralInTx(ctx: Pick<Ctx, "config">, tx: Db, o: OrderRow, now: Date) {
  const forReferrer = Math.round(ctx.config.referralCreditReferrer);
  const forFriend = Math.round(ctx.config.referralCreditFriend);
  if (!o.referrerId || o.referrerId === o.userId || (forReferrer <= 0 && forFriend <= 0)) return;
  const [earlier] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.userId, o.userId), sql`${orders.id} <> ${o.id}`, sql`${orders.deliveredAt} is not null`),
    )
    .limit(1);
  if (earlier) return;
  if (forReferrer > 0) {
    const entry = await appendCreditInTx(tx, {
      userId: o.referrerId,
      kind: "referral",
      amount: forReferrer,
      key: `referral-${o.userId}`,
      orderId: o.id,
      referredId: o.userId,
      note: `Order ${o.number}`,
      now,
    });
    if (entry) await tellReferrer(ctx, tx, entry, now);
  }
  if (forFriend > 0) {
    await appendCreditInTx(tx, {
      userId: o.userId,
      kind: "referral_friend",
      amount: forFriend,
      key: `referral-friend-${o.userId}`,
      orderId: o.id,
      note: `Order ${o.number}`,
      now,
    });
  }
}

async function tellReferrer(ctx: Pick<Ctx, "config">, tx: Db, entry: EntryRow, now: Date) {
  const [who] = await tx
    .select({ phone: users.phone, locale: users.locale })
    .from(users)
    .where(eq(users.id, entry.userId))
    .limit(1);
  if (!who?.phone) return;
  const origin = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, "");
  const locale = isLocale(who.locale) ? who.locale : "en";
  await outboxInsert(
    tx,
    [
      {
        key: `${entry.key}:sms`,
        channel: "sms",
        to: who.phone,
        body: referralRewardSms(entry.amount, entry.balance, `${origin}/profile`, locale),
      },
    ],
    now,
  );
}

/** An order that spent store credit and is closed (cancelled, returned, refunded) gives it back, once. */
export async function giveCreditBackInTx(
  tx: Db,
  o: Pick<OrderRow, "id" | "number" | "userId" | "storeCredit">,
  r: { actorId: number | null; now: Date; note?: string },
) {
  if (o.storeCredit <= 0) return null;
  return appendCreditInTx(tx, {
    userId: o.userId,
    kind: "given_back",
    amount: o.storeCredit,
    key: `given-back-${o.id}`,
    orderId: o.id,
    actorId: r.actorId,
    note: r.note ?? `Order ${o.number}`,
    now: r.now,
  });
}

/**
 * A refund paid to store credit (decision 71): the buyer's credit grows by it at once, keyed by the
 * refund, so a refund is credited once however it comes to be paid.
 */
export async function creditRefundInTx(
  tx: Db,
  o: Pick<OrderRow, "id" | "number" | "userId">,
  refund: { id: number; amount: number; method: string; reason: string },
  r: { actorId: number | null; now: Date },
) {
  if (refund.method !== "store_credit") return null;
  return appendCreditInTx(tx, {
    userId: o.userId,
    kind: "refund",
    amount: refund.amount,
    key: `refund-${refund.id}`,
    orderId: o.id,
    refundId: refund.id,
    actorId: r.actorId,
    note: refund.reason,
    now: r.now,
  });
}

/** One customer's balance and their newest entries. */
async function viewOf(db: Db, userId: number): Promise<StoreCreditView> {
  const rows = await db
    .select({ entry: storeCreditEntries, orderNumber: orders.number })
    .from(storeCreditEntries)
    .leftJoin(orders, eq(orders.id, storeCreditEntries.orderId))
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.seq))
    .limit(HISTORY);
  return {
    balance: rows[0]?.entry.balance ?? 0,
    entries: rows.map(({ entry: e, orderNumber }) => ({
      id: e.id,
      kind: e.kind,
      text: STORE_CREDIT_KIND_WORDS[e.kind],
      amount: e.amount,
      balance: e.balance,
      orderId: e.orderId,
      orderNumber: orderNumber ?? null,
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
  };
}

/** The signed-in customer's store credit: balance and history (`/profile`, `GET /api/store-credit`). */
export function getMyStoreCredit(ctx: Ctx): Promise<StoreCreditView> {
  const me = requireSignedIn(ctx);
  return viewOf(ctx.db, me.id);
}

/** The balance alone, for the checkout page (0 signed out). */
export async function myCreditBalance(ctx: Ctx): Promise<number> {
  if (!ctx.user) return 0;
  const [last] = await ctx.db
    .select({ balance: storeCreditEntries.balance })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, ctx.user.id))
    .orderBy(desc(storeCreditEntries.seq))
    .limit(1);
  return last?.balance ?? 0;
}

/** What a referrer's shares have earned: the sum and count of their referral entries. */
export async function referralEarnings(db: Db, userId: number): Promise<{ earned: number; friends: number }> {
  const [row] = await db
    .select({
      earned: sql<number>`coalesce(sum(${storeCreditEntries.amount}), 0)`.mapWith(Number),
      friends: sql<number>`count(*)`.mapWith(Number),
    })
    .from(storeCreditEntries)
    .where(and(eq(storeCreditEntries.userId, userId), eq(storeCreditEntries.kind, "referral")));
  return { earned: row?.earned ?? 0, friends: row?.friends ?? 0 };
}

/** A customer's store credit for staff (the admin user page). */
export async function getUserStoreCredit(ctx: Ctx, id: number): Promise<StoreCreditView> {
  requirePermission(ctx, "users", SEE_CREDIT, SEE_CREDIT);
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new DomainError("not_found", NO_SUCH_ACCOUNT);
  return viewOf(ctx.db, id);
}

/**
 * A staff adjustment: more or less credit with the reason, audited; never below zero (409). The
 * adjustment is keyed by nothing the customer can repeat: two staff each adjusting make two entries,
 * as two clerks meant.
 */
export function adjustStoreCredit(ctx: Ctx, userId: number, input: unknown): Promise<StoreCreditView> {
  return adminChange(
    ctx,
    "users",
    storeCreditAdjustmentSchema,
    input,
    async (tx, v) => {
      const before = await lockedBalance(tx, userId);
      const now = ctx.now();
      const entry = await appendCreditInTx(tx, {
        userId,
        kind: "adjustment",
        amount: v.amount,
        key: `adjustment-${randomUUID()}`,
        actorId: ctx.user!.id,
        note: v.reason,
        now,
      });
      return {
        result: await viewOf(tx, userId),
        audit: {
          action: "user.store_credit",
          entity: "user",
          entityId: userId,
          before: { balance: before },
          after: { balance: entry!.balance, amount: v.amount, reason: v.reason },
        },
      };
    },
    { refusal: ADJUST_CREDIT, publicChange: false },
  );
}
