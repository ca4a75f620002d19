import { and, desc, eq, isNull, like, ne } from "drizzle-orm";
import {
  emailChangeSchema,
  emailConfirmSchema,
  forgetPasswordSchema,
  nameUpdateSchema,
  passwordChangeSchema,
  resetPasswordSchema,
  verifyPhoneSchema,
  WRONG_CURRENT_PASSWORD,
} from "../../../contracts/auth";
import type { PublicUser } from "../../../contracts/user";
import { oneTimeCodes, users } from "../../db/schema";
import { NO_EMAIL } from "../../integrations/email/none";
import { requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { recordAudit } from "../platform/audit";
import { consumeLimit } from "../platform/rate-limits";
import { checkNotABot } from "./bot-check";
import { CODE_EXPIRED, consumeCode, emailCodeSubject, issueCode } from "./one-time-codes";
import { hashPassword, verifyPassword } from "./passwords";
import { deleteOtherSessions, deleteUserSessions } from "./sessions";
import {
  auditEmailReleased,
  EMAIL_TAKEN,
  findUserByPhone,
  isUniqueViolation,
  markPhoneVerified,
  releaseUnconfirmedEmail,
  setPassword,
  toPublicUser,
} from "./users";

export const EMAIL_NOT_SET_UP = "This shop sends no email yet, so a new email address cannot be confirmed";
export const SAME_EMAIL = "This is already your email address";
export const NO_PASSWORD_YET =
  'This account has no password yet: set one with "Forgot password?" on the sign-in page';

/**
 * Sends a verification code to the caller's own phone; an account may ask a few a day (it may
 * change its phone). `input` may carry the bot check's token (services/accounts/bot-check.ts).
 */
export async function requestPhoneVerification(ctx: Ctx, input: unknown = {}): Promise<{ phone: string }> {
  const me = requireSignedIn(ctx);
  if (!me.phone) throw new DomainError("invalid", "Add a phone number to your profile first");
  if (me.phone_verified) throw new DomainError("conflict", "Your phone number is already verified");
  await consumeLimit(ctx, "codesPerAccount", me.id);
  await checkNotABot(ctx, input, me.phone);
  await issueCode(ctx, me.phone, "verify", true);
  return { phone: me.phone };
}

/** Marks the caller's phone verified when the code is right. */
export async function confirmPhoneVerification(ctx: Ctx, input: unknown): Promise<void> {
  const me = requireSignedIn(ctx);
  const { code } = verifyPhoneSchema.parse(input);
  if (!me.phone) throw new DomainError("invalid", "Add a phone number to your profile first");
  await consumeCode(ctx, me.phone, "verify", code);
  await markPhoneVerified(ctx, me.id);
}

/** Starts a password reset; answers the same whether or not the phone is registered. */
export async function requestPasswordReset(ctx: Ctx, input: unknown): Promise<void> {
  const { phone } = forgetPasswordSchema.parse(input);
  await checkNotABot(ctx, input, phone);
  const user = await findUserByPhone(ctx, phone);
  await issueCode(ctx, phone, "reset", user !== undefined);
}

/** Sets a new password with a reset code and signs the account out everywhere. */
export async function resetPassword(ctx: Ctx, input: unknown): Promise<void> {
  const v = resetPasswordSchema.parse(input);
  // The code is checked first, so an unknown phone fails exactly like a wrong code.
  await consumeCode(ctx, v.phone, "reset", v.code);
  const user = await findUserByPhone(ctx, v.phone);
  if (!user) throw new DomainError("invalid", CODE_EXPIRED, { code: CODE_EXPIRED });
  await setPassword(ctx, user.id, v.password);
  await deleteUserSessions(ctx, user.id);
}

/** The caller's own name (/edit); audited like every change to an account. */
export async function updateName(ctx: Ctx, input: unknown): Promise<PublicUser> {
  const me = requireSignedIn(ctx);
  const { name } = nameUpdateSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ name, updatedAt: ctx.now() })
      .where(eq(users.id, me.id))
      .returning();
    if (name !== me.name) {
      await recordAudit(ctx, tx, {
        action: "account.name",
        entity: "user",
        entityId: me.id,
        before: { name: me.name },
        after: { name },
      });
    }
    return toPublicUser(row!);
  });
}

/** A new address waiting for its code: the newest unused email code of the account. */
async function latestEmailCode(ctx: Ctx, userId: number) {
  const [row] = await ctx.db
    .select({ subject: oneTimeCodes.phone, expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, "email"),
        like(oneTimeCodes.phone, `${userId}:%`),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row ? { ...row, email: row.subject.slice(row.subject.indexOf(":") + 1) } : undefined;
}

/** The address an email change waits on (its code not yet used nor expired), or null. */
export async function pendingEmailChange(
  ctx: Ctx,
  userId: number,
): Promise<{ email: string; expiresAt: Date } | null> {
  const row = await latestEmailCode(ctx, userId);
  return row && row.expiresAt > ctx.now() ? { email: row.email, expiresAt: row.expiresAt } : null;
}

/**
 * Sends a 6-digit code to an email address: a new one (the account keeps its old address until
 * the code is entered, confirmEmailChange), or the account's own while it is unconfirmed (the code
 * confirms it). An address another account has confirmed is refused; one it only typed may be
 * asked for, and goes to whoever enters the code (decision 46). A new request voids the codes of
 * earlier ones.
 */
export async function requestEmailChange(ctx: Ctx, input: unknown): Promise<{ pendingEmail: string }> {
  const me = requireSignedIn(ctx);
  const { email } = emailChangeSchema.parse(input);
  // Without a mail server the code could never arrive.
  if (ctx.email.name === NO_EMAIL) throw new DomainError("unavailable", EMAIL_NOT_SET_UP);
  if (email === me.email && me.email_confirmed)
    throw new DomainError("invalid", SAME_EMAIL, { email: SAME_EMAIL });
  const [holder] = await ctx.db
    .select({ id: users.id, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (holder && holder.id !== me.id && holder.confirmedAt) {
    throw new DomainError("conflict", EMAIL_TAKEN, { email: EMAIL_TAKEN });
  }
  await consumeLimit(ctx, "emailCodesPerAccount", me.id);
  const subject = emailCodeSubject(me.id, email);
  await issueCode(ctx, subject, "email", true);
  // Only now, with the new code sent, are the earlier requests' codes voided: a refused request
  // leaves the one waiting as it was.
  await ctx.db
    .update(oneTimeCodes)
    .set({ consumedAt: ctx.now() })
    .where(
      and(
        eq(oneTimeCodes.purpose, "email"),
        like(oneTimeCodes.phone, `${me.id}:%`),
        ne(oneTimeCodes.phone, subject),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  return { pendingEmail: email };
}

/**
 * Once the code is right, the waiting address is the account's email, confirmed: a new address
 * replaces the old one (account.email), or the account's own is confirmed
 * (account.email_confirmed). Another account that only typed the address loses it (decision 46);
 * one that confirmed it meanwhile keeps it (409).
 */
export async function confirmEmailChange(ctx: Ctx, input: unknown): Promise<PublicUser> {
  const me = requireSignedIn(ctx);
  const { code } = emailConfirmSchema.parse(input);
  const pending = await latestEmailCode(ctx, me.id);
  if (!pending) throw new DomainError("invalid", CODE_EXPIRED, { code: CODE_EXPIRED });
  await consumeCode(ctx, pending.subject, "email", code);
  const taken = () => new DomainError("conflict", EMAIL_TAKEN, { email: EMAIL_TAKEN });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, pending.email))
        .limit(1);
      const other = holder && holder.id !== me.id ? holder : undefined;
      if (other && !(await releaseUnconfirmedEmail(ctx, tx, other.id, pending.email))) throw taken();
      const [row] = await tx
        .update(users)
        .set({ email: pending.email, emailConfirmedAt: ctx.now(), updatedAt: ctx.now() })
        .where(eq(users.id, me.id))
        .returning();
      if (other) {
        await auditEmailReleased(tx, me, { holderId: other.id, email: pending.email, provenBy: "code" });
      }
      await recordAudit(
        ctx,
        tx,
        pending.email === me.email
          ? { action: "account.email_confirmed", entity: "user", entityId: me.id, after: { email: me.email } }
          : {
              action: "account.email",
              entity: "user",
              entityId: me.id,
              before: { email: me.email },
              after: { email: pending.email },
            },
      );
      return toPublicUser(row!);
    });
  } catch (e) {
    // Someone else took the address between the request and the code.
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

/**
 * Sets a new password given the current one; every other session of the account is ended, the
 * caller's own (`keepToken`) stays signed in. Tries are limited per account (RATE_LIMITS).
 */
export async function changePassword(ctx: Ctx, input: unknown, keepToken: string | undefined): Promise<void> {
  const me = requireSignedIn(ctx);
  const v = passwordChangeSchema.parse(input);
  await consumeLimit(ctx, "passwordChangesPerAccount", me.id);
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, me.id))
    .limit(1);
  if (!row?.passwordHash) {
    throw new DomainError("invalid", NO_PASSWORD_YET, { currentPassword: NO_PASSWORD_YET });
  }
  if (!(await verifyPassword(row.passwordHash, v.currentPassword))) {
    throw new DomainError("invalid", WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const passwordHash = await hashPassword(v.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: ctx.now() }).where(eq(users.id, me.id));
    await deleteOtherSessions({ ...ctx, db: tx }, me.id, keepToken);
    await recordAudit(ctx, tx, { action: "account.password", entity: "user", entityId: me.id });
  });
}
