import { forgetPasswordSchema, resetPasswordSchema, verifyPhoneSchema } from "../../contracts/auth";
import { requireSignedIn } from "./access";
import type { Ctx } from "./context";
import { DomainError } from "./errors";
import { CODE_EXPIRED, consumeCode, issueCode } from "./one-time-codes";
import { consumeLimit } from "./rate-limits";
import { deleteUserSessions } from "./sessions";
import { findUserByPhone, markPhoneVerified, setPassword } from "./users";

/** Sends a verification code to the caller's own phone; an account may ask a few a day (it may change its phone). */
export async function requestPhoneVerification(ctx: Ctx): Promise<{ phone: string }> {
  const me = requireSignedIn(ctx);
  if (!me.phone) throw new DomainError("invalid", "Add a phone number to your profile first");
  if (me.phone_verified) throw new DomainError("conflict", "Your phone number is already verified");
  await consumeLimit(ctx, "codesPerAccount", me.id);
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
