import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { LoginInput, RegisterInput } from "../../../contracts/auth";
import { loginSchema, profileUpdateSchema, registerSchema } from "../../../contracts/auth";
import { DEFAULT_LOCALE, isLocale } from "../../../contracts/locale";
import { looksLikeEmail, normalisePhone } from "../../../contracts/phone";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "../../../contracts/referral";
import type { PublicUser, Role } from "../../../contracts/user";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { requireNotBlocked, requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { recordAudit } from "../platform/audit";
import {
  consumeLimit,
  consumeLimits,
  countRateLimitHit,
  limitHits,
  RATE_LIMITS,
} from "../platform/rate-limits";
import { checkNotABot } from "./bot-check";
import { hashPassword, verifyPassword } from "./passwords";

type UserRow = typeof users.$inferSelect;

export const PHONE_TAKEN = "An account with this phone number already exists";
export const EMAIL_TAKEN = "An account with this email already exists";
export const WRONG_CREDENTIALS = "Wrong phone/email or password";
export { TOO_MANY_SIGN_INS } from "../platform/rate-limits";

/** The columns `toPublicUser` reads: what a session lookup selects, and no more. */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  emailConfirmedAt: users.emailConfirmedAt,
  hscBatch: users.hscBatch,
  phoneVerifiedAt: users.phoneVerifiedAt,
  role: users.role,
  permissions: users.permissions,
  locale: users.locale,
};

export function toPublicUser(
  u: Pick<
    UserRow,
    | "id"
    | "name"
    | "phone"
    | "email"
    | "emailConfirmedAt"
    | "hscBatch"
    | "phoneVerifiedAt"
    | "role"
    | "permissions"
    | "locale"
  >,
): PublicUser {
  return {
    id: u.id,
    name: u.name,
    phone: u.phone,
    email: u.email,
    email_confirmed: u.email !== null && u.emailConfirmedAt !== null,
    hsc_batch: u.hscBatch,
    phone_verified: u.phoneVerifiedAt !== null,
    role: u.role,
    permissions: u.role === "admin" ? [] : u.permissions,
    locale: isLocale(u.locale) ? u.locale : DEFAULT_LOCALE,
  };
}

/** True for a unique-constraint violation, however the driver wraps it. */
export function isUniqueViolation(e: unknown): boolean {
  return uniqueViolation(e) !== undefined;
}

/** The constraint a unique violation broke ("" when the driver does not say), or undefined. */
function uniqueViolation(e: unknown): string | undefined {
  type PgError = { code?: string; constraint?: string; cause?: unknown };
  for (let err = e as PgError | undefined; err; err = err.cause as PgError | undefined) {
    if (err.code === "23505") return err.constraint ?? "";
  }
  return undefined;
}

/** Refuses with 409 and a field error when another account has this phone or email. */
export async function assertContactsFree(
  ctx: Ctx,
  phone: string | undefined,
  email: string | undefined,
  exceptId?: number,
) {
  const fields: Record<string, string> = {};
  if (phone) {
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    if (taken && taken.id !== exceptId) fields.phone = PHONE_TAKEN;
  }
  if (email) {
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken && taken.id !== exceptId) fields.email = EMAIL_TAKEN;
  }
  const first = Object.values(fields)[0];
  if (first) throw new DomainError("conflict", first, fields);
}

/** A fresh referral code: REFERRAL_CODE_LENGTH characters of REFERRAL_CODE_ALPHABET (32: no modulo bias). */
export function newReferralCode(): string {
  const bytes = randomBytes(REFERRAL_CODE_LENGTH);
  return Array.from(bytes, (b) => REFERRAL_CODE_ALPHABET[b % REFERRAL_CODE_ALPHABET.length]).join("");
}

/** Creates a customer account with its own referral code; phone and email are unique across accounts. */
export async function registerUser(
  ctx: Ctx,
  input: RegisterInput,
  role: Role = "customer",
): Promise<PublicUser> {
  const v = registerSchema.parse(input);
  await assertContactsFree(ctx, v.phone, v.email);
  const passwordHash = await hashPassword(v.password);
  // 32^8 codes: a clash is rare, and then the code is drawn again.
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(users)
        .values({
          name: v.name,
          phone: v.phone,
          email: v.email ?? null,
          passwordHash,
          hscBatch: v.hsc_batch,
          role,
          referralCode: newReferralCode(),
        })
        .returning();
      return toPublicUser(row!);
    } catch (e) {
      if (attempt < 3 && uniqueViolation(e)?.includes("referral")) continue;
      throw registrationConflict(e);
    }
  }
}

/** A visitor's own sign-up (the API), limited per address; accounts made by the shop use registerUser. */
export async function signUp(ctx: Ctx, input: RegisterInput): Promise<PublicUser> {
  await consumeLimit(ctx, "signUpPerAddress", ctx.ip);
  const phone = typeof input?.phone === "string" ? input.phone : undefined;
  await checkNotABot(ctx, input, phone);
  return registerUser(ctx, input);
}

/** The answer to a unique violation on sign-up: two sign-ups with one phone or email at once. */
function registrationConflict(e: unknown): unknown {
  const broken = uniqueViolation(e);
  if (broken?.includes("email")) return new DomainError("conflict", EMAIL_TAKEN, { email: EMAIL_TAKEN });
  if (broken !== undefined) return new DomainError("conflict", PHONE_TAKEN, { phone: PHONE_TAKEN });
  return e;
}

/**
 * Checks a phone-or-email and password; tries are limited per account and per address
 * (RATE_LIMITS). A blocked account is refused even with the right password.
 */
export async function authenticate(ctx: Ctx, input: LoginInput): Promise<PublicUser> {
  const v = loginSchema.parse(input);
  const cred = looksLikeEmail(v.cred) ? v.cred.toLowerCase() : (normalisePhone(v.cred) ?? v.cred);
  await consumeLimits(ctx, [
    ["signInPerAccount", cred],
    ["signInPerAddress", ctx.ip],
  ]);
  // After a few wrong passwords for this account, the bot check too (when one is configured).
  const failures = RATE_LIMITS.signInFailuresPerAccount;
  if (
    ctx.config.TURNSTILE_SECRET &&
    (await limitHits(ctx, "signInFailuresPerAccount", cred)) >= failures.limit
  ) {
    await checkNotABot(ctx, input);
  }
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(looksLikeEmail(cred) ? eq(users.email, cred) : eq(users.phone, cred))
    .limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? null, v.password);
  if (!row || !ok) {
    if (ctx.config.TURNSTILE_SECRET) {
      await countRateLimitHit(ctx, `signInFailuresPerAccount:${cred}`, failures.windowMs);
    }
    throw new DomainError("unauthorized", WRONG_CREDENTIALS);
  }
  requireNotBlocked(row);
  return toPublicUser(row);
}

/** Saves the caller's phone and HSC batch (the profile dialog); a new phone must be verified again. */
export async function updateProfile(ctx: Ctx, input: unknown): Promise<PublicUser> {
  const me = requireSignedIn(ctx);
  const v = profileUpdateSchema.parse(input);
  await assertContactsFree(ctx, v.phone, undefined, me.id);
  try {
    const [row] = await ctx.db
      .update(users)
      .set({
        phone: v.phone,
        hscBatch: v.hsc_batch,
        updatedAt: ctx.now(),
        ...(v.phone !== me.phone ? { phoneVerifiedAt: null } : {}),
      })
      .where(eq(users.id, me.id))
      .returning();
    return toPublicUser(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError("conflict", PHONE_TAKEN, { phone: PHONE_TAKEN });
    throw e;
  }
}

/**
 * Takes an email off the account holding it while that account never proved it its own, for the
 * account that has just proven it (Google's verified email, or the shop's emailed code): the
 * proven owner gets the address (decision 46). Call it in the transaction that gives the address
 * to the prover, before that write, and record it with auditEmailReleased. Answers false, changing
 * nothing, when the holder has confirmed the address (or let it go) meanwhile.
 */
export async function releaseUnconfirmedEmail(
  ctx: Pick<Ctx, "now">,
  tx: Db,
  holderId: number,
  email: string,
): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({ email: null, emailConfirmedAt: null, updatedAt: ctx.now() })
    .where(and(eq(users.id, holderId), eq(users.email, email), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  return row !== undefined;
}

/** The audit entry of `releaseUnconfirmedEmail`, written by the new owner once its id is known. */
export async function auditEmailReleased(
  tx: Db,
  owner: PublicUser,
  entry: { holderId: number; email: string; provenBy: "google" | "code" },
): Promise<void> {
  await recordAudit({ user: owner }, tx, {
    action: "account.email_released",
    entity: "user",
    entityId: entry.holderId,
    before: { email: entry.email },
    after: { email: null, toUserId: owner.id, provenBy: entry.provenBy },
  });
}

export async function findUserByPhone(ctx: Pick<Ctx, "db">, phone: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function setPassword(ctx: Ctx, userId: number, password: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: ctx.now() })
    .where(eq(users.id, userId));
}

export async function markPhoneVerified(ctx: Ctx, userId: number): Promise<void> {
  await ctx.db
    .update(users)
    .set({ phoneVerifiedAt: ctx.now(), updatedAt: ctx.now() })
    .where(eq(users.id, userId));
}
