import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../db/schema";
import type { Ctx } from "./context";
import { DomainError } from "./errors";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a minute and try again.";
export const TOO_MANY_SIGN_UPS = "Too many sign-ups from this connection. Please try again in an hour.";
export const TOO_MANY_REVIEWS = "Too many reviews. Please try again in an hour.";
export const TOO_MANY_COUPON_ATTEMPTS = "Too many coupon attempts. Please wait a minute and try again.";
export const TOO_MANY_LOOKUPS = "Too many tracking lookups. Please wait a minute and try again.";
export const WAIT_A_MINUTE = "Please wait a minute before asking for another code.";
export const TOO_MANY_CODES = "Too many codes asked for this number. Please try again in an hour.";
export const TOO_MANY_CODES_HERE = "Too many codes asked from this connection. Please try again in an hour.";
export const TOO_MANY_CODES_TODAY = "Too many codes asked for this account today. Please try again tomorrow.";
export const TOO_MANY_CODE_TRIES = "Too many codes tried. Please try again in an hour.";
export const TOO_MANY_PAGES = "Too many pages opened. Please wait a minute and try again.";
export const TOO_MANY_PAGES_THIS_HOUR = "Too many pages opened this hour. Please try again later.";

export type RateLimit = { limit: number; windowMs: number; message: string };

/**
 * Every limit on how often something may be done, in one place (README's table of limits says
 * why each number). Per account and per phone first; per address only generously, since
 * thousands of customers share one mobile operator's address (carrier NAT).
 */
export const RATE_LIMITS = {
  /** Sign-in tries per account (its phone or email). */
  signInPerAccount: { limit: 10, windowMs: MINUTE, message: TOO_MANY_SIGN_INS },
  signInPerAddress: { limit: 30, windowMs: MINUTE, message: TOO_MANY_SIGN_INS },
  /** Sign-ups through the API (the phone is unique, so each takes a number of its own). */
  signUpPerAddress: { limit: 60, windowMs: HOUR, message: TOO_MANY_SIGN_UPS },
  /** Reviews written or edited. */
  reviewsPerAccount: { limit: 20, windowMs: HOUR, message: TOO_MANY_REVIEWS },
  reviewsPerAddress: { limit: 120, windowMs: HOUR, message: TOO_MANY_REVIEWS },
  couponTriesPerAccount: { limit: 10, windowMs: MINUTE, message: TOO_MANY_COUPON_ATTEMPTS },
  /** Hand-typed consignment numbers may run in sequence. */
  trackingPerAddress: { limit: 60, windowMs: MINUTE, message: TOO_MANY_LOOKUPS },
  /**
   * SMS codes (verification and password reset). Per phone, counted from the codes sent in the
   * last minute and hour: 1 a minute and 10 an hour from anywhere, of which at most 5 an hour
   * from one address, so one address cannot use up a stranger's codes.
   */
  codesPerPhoneMinute: { limit: 1, windowMs: MINUTE, message: WAIT_A_MINUTE },
  codesPerPhone: { limit: 10, windowMs: HOUR, message: TOO_MANY_CODES },
  codesPerPhoneAndAddress: { limit: 5, windowMs: HOUR, message: TOO_MANY_CODES },
  /** What one address can make the shop spend on SMS, whatever the numbers. */
  codesPerAddress: { limit: 100, windowMs: HOUR, message: TOO_MANY_CODES_HERE },
  /** Verification codes per account, which may change its phone between them. */
  codesPerAccount: { limit: 20, windowMs: DAY, message: TOO_MANY_CODES_TODAY },
  /**
   * Codes tried (right or wrong). A code takes 5 tries from each address (MAX_CODE_ATTEMPTS),
   * so a stranger cannot use up its owner's; these bound guessing from many addresses at one
   * number, and from one address at many numbers.
   */
  codeTriesPerPhone: { limit: 25, windowMs: HOUR, message: TOO_MANY_CODE_TRIES },
  codeTriesPerAddress: { limit: 60, windowMs: HOUR, message: TOO_MANY_CODE_TRIES },
  /**
   * E-book pages served (GET /api/ebooks/{id}/pages/{page}), every answer counted. A person turns
   * a page every few seconds and the reader fetches two ahead: a fast skim is 20-40 pages a
   * minute, a long evening's reading a few hundred an hour. A script pulling a library would need
   * thousands; at these limits a 300-page book takes it at least 3 minutes and 1,500 pages an hour.
   */
  pagesPerReader: { limit: 120, windowMs: MINUTE, message: TOO_MANY_PAGES },
  pagesPerReaderHour: { limit: 1500, windowMs: HOUR, message: TOO_MANY_PAGES_THIS_HOUR },
  /** Signed-out preview reads (demo pages only) by address, shared by everyone behind it. */
  pagesPerAddress: { limit: 300, windowMs: MINUTE, message: TOO_MANY_PAGES },
  pagesPerAddressHour: { limit: 3000, windowMs: HOUR, message: TOO_MANY_PAGES_THIS_HOUR },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Counts one hit on `key` in the current fixed window and answers the hits so far, this one
 * included. Counters live in PostgreSQL so every server instance sees the same count.
 */
export async function countRateLimitHit(
  ctx: Pick<Ctx, "db" | "now">,
  key: string,
  windowMs: number,
): Promise<number> {
  const now = ctx.now().getTime();
  const windowStart = new Date(now - (now % windowMs));
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if (Math.random() < 0.01) {
    await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * DAY)));
  }
  return row?.hits ?? 0;
}

/** Counts one hit on `key` in the current fixed window and refuses once `limit` is passed. */
export async function consumeRateLimit(
  ctx: Pick<Ctx, "db" | "now">,
  key: string,
  limit: number,
  windowMs: number,
  message: string,
): Promise<void> {
  if ((await countRateLimitHit(ctx, key, windowMs)) > limit) throw new DomainError("rate_limited", message);
}

/** Counts one hit of a named limit for `subject` (an address, a phone, an account id). */
export async function consumeLimit(
  ctx: Pick<Ctx, "db" | "now">,
  name: RateLimitName,
  subject: string | number,
): Promise<void> {
  const { limit, windowMs, message } = RATE_LIMITS[name];
  await consumeRateLimit(ctx, `${name}:${subject}`, limit, windowMs, message);
}
