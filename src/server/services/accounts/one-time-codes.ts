import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Locale } from "../../../contracts/locale";
import { oneTimeCodes } from "../../db/schema";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { sendNow } from "../platform/outbox";
import { consumeLimit, countRateLimitHit, RATE_LIMITS } from "../platform/rate-limits";

/** A phone's verification, a password reset, or a new email address's confirmation. */
export type CodePurpose = "verify" | "reset" | "email";

export const CODE_TTL_MS = 5 * 60_000;
/** An email may take a while to arrive and be opened: its code lives longer than an SMS's. */
export const EMAIL_CODE_TTL_MS = 30 * 60_000;
const TTL_MS: Record<CodePurpose, number> = {
  verify: CODE_TTL_MS,
  reset: CODE_TTL_MS,
  email: EMAIL_CODE_TTL_MS,
};

/**
 * An email change's code is kept under `{userId}:{new address}` (the `phone` column holds the
 * code's subject): only that account can use it, and the address is read back from it.
 */
export function emailCodeSubject(userId: number, email: string): string {
  return `${userId}:${email}`;
}
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_EXPIRED = "This code has expired or was used up. Ask for a new one.";
export const CODE_WRONG = "Wrong code. Check the SMS and try again.";
export const EMAIL_CODE_WRONG = "Wrong code. Check the email and try again.";
export { TOO_MANY_CODES, WAIT_A_MINUTE } from "../platform/rate-limits";

function hashCode(ctx: Ctx, phone: string, purpose: CodePurpose, code: string) {
  return createHmac("sha256", ctx.config.sessionSecret)
    .update(`${purpose}:${phone}:${code}`)
    .digest("base64url");
}

/**
 * Issues a 6-digit code valid 5 minutes (an email's 30), within the limits per phone, per phone and address and
 * per address (RATE_LIMITS).
 * With `deliver` false the code is recorded (so limits and timing are the same) but not sent:
 * the reset flow must not reveal which numbers are registered.
 */
export async function issueCode(
  ctx: Ctx,
  phone: string,
  purpose: CodePurpose,
  deliver: boolean,
): Promise<void> {
  const now = ctx.now();
  const [recent] = await ctx.db
    .select({
      lastMinute:
        sql<number>`count(*) filter (where ${oneTimeCodes.createdAt} > ${new Date(now.getTime() - 60_000)})`.mapWith(
          Number,
        ),
      lastHour: count(),
    })
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.phone, phone), gt(oneTimeCodes.createdAt, new Date(now.getTime() - 3_600_000))),
    );
  const { codesPerPhoneMinute, codesPerPhone } = RATE_LIMITS;
  if ((recent?.lastMinute ?? 0) >= codesPerPhoneMinute.limit) {
    throw new DomainError("rate_limited", codesPerPhoneMinute.message);
  }
  if ((recent?.lastHour ?? 0) >= codesPerPhone.limit) {
    throw new DomainError("rate_limited", codesPerPhone.message);
  }
  await consumeLimit(ctx, "codesPerAddress", ctx.ip);
  await consumeLimit(ctx, "codesPerPhoneAndAddress", `${phone}:${ctx.ip}`);

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // A new code voids the older ones of the same purpose.
  await ctx.db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(eq(oneTimeCodes.phone, phone), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)),
    );
  await ctx.db.insert(oneTimeCodes).values({
    phone,
    purpose,
    codeHash: hashCode(ctx, phone, purpose, code),
    expiresAt: new Date(now.getTime() + TTL_MS[purpose]),
    createdAt: now,
  });
  if (deliver && purpose === "email") {
    const to = phone.slice(phone.indexOf(":") + 1);
    await sendNow(ctx, {
      key: `code-${randomUUID()}-email`,
      channel: "email",
      to,
      subject: `${code} is your ${ctx.config.SHOP_NAME} email confirmation code`,
      text:
        `Enter ${code} on your ${ctx.config.SHOP_NAME} profile to use this email address. ` +
        "The code expires in 30 minutes. If you did not ask for it, ignore this email.",
      secret: true,
    });
  } else if (deliver) {
    // Through the outbox, delivered before the answer (someone is waiting), retried if it failed.
    await sendNow(ctx, {
      key: `code-${randomUUID()}-sms`,
      channel: "sms",
      to: phone,
      body: codeSms(code, purpose, ctx.config.SHOP_NAME, ctx.locale),
      secret: true,
    });
  }
}

/**
 * The SMS that carries a phone code, in the caller's language. The Bangla one is UCS-2 and stays
 * within one SMS of 70 characters for a shop name of up to 15 (tested); the code keeps Latin
 * digits, as it is typed on any keyboard.
 */
export function codeSms(code: string, purpose: CodePurpose, shop: string, locale: Locale): string {
  if (locale === "bn") {
    const what = purpose === "reset" ? "পাসওয়ার্ড রিসেট" : "যাচাই";
    return `${code} আপনার ${shop} ${what} কোড, ৫ মিনিট বৈধ।`;
  }
  const what = purpose === "reset" ? "password reset" : "verification";
  return `${code} is your ${shop} ${what} code. It expires in 5 minutes.`;
}

/**
 * Checks a code; a right one is used up. Five tries from one address void it for that address
 * only, so a stranger's guesses cannot use up the owner's tries; tries per phone and per address
 * are limited too (RATE_LIMITS).
 */
export async function consumeCode(
  ctx: Ctx,
  phone: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.phone, phone), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= now) {
    throw new DomainError("invalid", CODE_EXPIRED, { code: CODE_EXPIRED });
  }
  await consumeLimit(ctx, "codeTriesPerAddress", ctx.ip);
  await consumeLimit(ctx, "codeTriesPerPhone", `${purpose}:${phone}`);
  // Every try is counted before the comparison, atomically, so parallel guesses cannot exceed it;
  // one counter per code and address for the code's whole life (its window starts when it was made).
  const tries = await countRateLimitHit(
    { db: ctx.db, now: () => row.createdAt },
    `codeTries:${row.id}:${ctx.ip}`,
    TTL_MS[purpose] * 2,
  );
  if (tries > MAX_CODE_ATTEMPTS) throw new DomainError("invalid", CODE_EXPIRED, { code: CODE_EXPIRED });
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(hashCode(ctx, phone, purpose, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const wrong = purpose === "email" ? EMAIL_CODE_WRONG : CODE_WRONG;
    const message = tries >= MAX_CODE_ATTEMPTS ? CODE_EXPIRED : wrong;
    throw new DomainError("invalid", message, { code: message });
  }
  const [used] = await ctx.db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (!used) throw new DomainError("invalid", CODE_EXPIRED, { code: CODE_EXPIRED });
}
