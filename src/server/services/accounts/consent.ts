import { eq } from "drizzle-orm";
import { type Consent, decodeConsent, encodeConsent } from "../../../contracts/consent";
import { consentInputSchema } from "../../../contracts/consent-input";
import { users } from "../../db/schema";
import type { Ctx } from "../context";

/**
 * The visitor's consent to the third-party tags (decision 56). Anyone may choose (the cookie
 * carries it); a signed-in user's profile keeps it too, so their other devices do not ask again.
 */
export async function chooseConsent(ctx: Ctx, input: unknown): Promise<Consent> {
  const consent = consentInputSchema.parse(input);
  if (ctx.user) {
    await ctx.db
      .update(users)
      .set({ consent: encodeConsent(consent), updatedAt: ctx.now() })
      .where(eq(users.id, ctx.user.id));
  }
  return consent;
}

/** The choice a signed-in user's profile keeps, or null (signed out, or never asked). */
export async function profileConsent(ctx: Ctx): Promise<Consent | null> {
  if (!ctx.user) return null;
  const [row] = await ctx.db.select({ consent: users.consent }).from(users).where(eq(users.id, ctx.user.id));
  return decodeConsent(row?.consent);
}
