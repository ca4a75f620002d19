import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

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
export const TOO_MANY_EMAIL_CODES = "Too many email codes asked today. Please try again tomorrow.";
export const TOO_MANY_PASSWORD_TRIES = "Too many password changes tried. Please wait an hour and try again.";
export const TOO_MANY_CODE_TRIES = "Too many codes tried. Please try again in an hour.";
export const TOO_MANY_PAGES = "Too many pages opened. Please wait a minute and try again.";
export const TOO_MANY_PAGES_THIS_HOUR = "Too many pages opened this hour. Please try again later.";

export type RateLimit = { limit: number; windowMs: number; message: string };

/**
 * Every limit on how often something may be done, in one place (docs/features.md's table of limits says
 * why each number). Per account and per phone first; per address only generously, since
 * thousands of customers share one mobile operator's address (carrier NAT).
 */
/** A request without the bot check's token, past its stricter limit. */
export const TOO_MANY_WITHOUT_CHECK =
  "Too many tries without the check that you are not a robot. Please turn on JavaScript, or try again in an hour.";

export const RATE_LIMITS = {
  /** Sign-in tries per account (its phone or email). */
  signInPerAccount: { limit: 10, windowMs: MINUTE, message: TOO_MANY_SIGN_INS },
  signInPerAddress: { limit: 30, windowMs: MINUTE, message: TOO_MANY_SIGN_INS },
  /** Sign-ups through the API (the phone is unique, so each takes a number of its own). */
  /** Google sign-ins (each checks a signed token) from one address. */
  googleSignInPerAddress: { limit: 30, windowMs: MINUTE, message: TOO_MANY_SIGN_INS },
  signUpPerAddress: { limit: 60, windowMs: HOUR, message: TOO_MANY_SIGN_UPS },
  /**
   * With a bot check configured (services/accounts/bot-check.ts), a sign-up, reset or code request whose
   * widget could not load (no JavaScript, a blocked host) still passes, but only this often.
   */
  noBotCheckPerAddress: { limit: 5, windowMs: HOUR, message: TOO_MANY_WITHOUT_CHECK },
  noBotCheckPerPhone: { limit: 2, windowMs: HOUR, message: TOO_MANY_WITHOUT_CHECK },
  /**
   * Wrong passwords per account: past `limit` in the window, a sign-in asks for the bot check too
   * (services/accounts/users.ts `authenticate`), when one is configured. Counted, never refused by itself.
   */
  signInFailuresPerAccount: { limit: 3, windowMs: 15 * MINUTE, message: TOO_MANY_SIGN_INS },
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
  /** Codes emailed to a new address (an email change), per account. */
  emailCodesPerAccount: { limit: 10, windowMs: DAY, message: TOO_MANY_EMAIL_CODES },
  /** Password changes tried (each checks the current password: a guess), per account. */
  passwordChangesPerAccount: { limit: 10, windowMs: HOUR, message: TOO_MANY_PASSWORD_TRIES },
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

/** One counter: a key and the length of its fixed window. */
export type RateLimitCounter = { key: string; windowMs: number };

/**
 * Counts one hit on each counter in its current fixed window, in one statement (one round trip,
 * one atomic write per row), and answers the hits so far of each, this one included, in the order
 * given (the keys must differ). Counters live in PostgreSQL so every server instance sees the same count. The rows are
 * written in key order, so two requests counting the same keys lock them in the same order.
 */
export async function countRateLimitHits(
  ctx: Pick<Ctx, "db" | "now">,
  counters: readonly RateLimitCounter[],
): Promise<number[]> {
  if (counters.length === 0) return [];
  const now = ctx.now().getTime();
  const rows = counters
    .map(({ key, windowMs }) => ({ key, windowStart: new Date(now - (now % windowMs)), hits: 1 }))
    .sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart.getTime() - b.windowStart.getTime(),
    );
  const counted = await ctx.db
    .insert(rateLimits)
    .values(rows)
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart, hits: rateLimits.hits });
  if (Math.random() < 0.01) {
    await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * DAY)));
  }
  const hitsOf = new Map(counted.map((r) => [`${r.key}\u0000${r.windowStart.getTime()}`, r.hits]));
  return counters.map(({ key, windowMs }) => {
    const hits = hitsOf.get(`${key}\u0000${now - (now % windowMs)}`);
    if (hits === undefined) throw new Error(`rate limit counter ${key} was not counted`);
    return hits;
  });
}

/** Counts one hit on `key` in the current fixed window and answers the hits so far, this one included. */
export async function countRateLimitHit(
  ctx: Pick<Ctx, "db" | "now">,
  key: string,
  windowMs: number,
): Promise<number> {
  const [hits] = await countRateLimitHits(ctx, [{ key, windowMs }]);
  return hits!;
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

/** The hits a named limit has counted for `subject` in its current window, without counting one. */
export async function limitHits(
  ctx: Pick<Ctx, "db" | "now">,
  name: RateLimitName,
  subject: string | number,
): Promise<number> {
  const now = ctx.now().getTime();
  const { windowMs } = RATE_LIMITS[name];
  const [row] = await ctx.db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, `${name}:${subject}`),
        eq(rateLimits.windowStart, new Date(now - (now % windowMs))),
      ),
    );
  return row?.hits ?? 0;
}

/** Counts one hit of a named limit for `subject` (an address, a phone, an account id). */
export async function consumeLimit(
  ctx: Pick<Ctx, "db" | "now">,
  name: RateLimitName,
  subject: string | number,
): Promise<void> {
  await consumeLimits(ctx, [[name, subject]]);
}

/**
 * Counts one hit of each named limit for its subject in one statement (e.g. a minute's and an
 * hour's allowance of the same thing) and refuses with the first limit passed, in the order given.
 * Every limit counts the hit, a refused one included: a caller refused by the minute's limit also
 * spends the hour's.
 */
export async function consumeLimits(
  ctx: Pick<Ctx, "db" | "now">,
  limits: readonly (readonly [RateLimitName, string | number])[],
): Promise<void> {
  const hits = await countRateLimitHits(
    ctx,
    limits.map(([name, subject]) => ({ key: `${name}:${subject}`, windowMs: RATE_LIMITS[name].windowMs })),
  );
  limits.forEach(([name], i) => {
    const { limit, message } = RATE_LIMITS[name];
    if (hits[i]! > limit) throw new DomainError("rate_limited", message);
  });
}
