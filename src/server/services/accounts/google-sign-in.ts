/**
 * Google sign-in: Google Identity Services (the button or One Tap) hands the browser an ID token,
 * a JWT Google signs; the browser posts it here. The token is checked against Google's published
 * keys (GOOGLE_JWKS_URL, fetched once and cached by jose, refetched when a token names a key it
 * has not seen), its issuer, its audience (our GOOGLE_CLIENT_ID) and its expiry. Then the account
 * linked to the Google subject signs in; failing that, the account whose email is Google's
 * verified email and was confirmed by the shop is linked; failing that, a new account is made
 * (taking the address off an account that only typed it: decision 46), and the profile dialog
 * asks for its phone and HSC batch.
 */

import { eq } from "drizzle-orm";
import type { createRemoteJWKSet, JWTPayload } from "jose";
import { googleSignInSchema } from "../../../contracts/auth";
import type { PublicUser } from "../../../contracts/user";
import { users } from "../../db/schema";
import { requireNotBlocked } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { consumeLimit } from "../platform/rate-limits";
import {
  auditEmailReleased,
  isUniqueViolation,
  newReferralCode,
  releaseUnconfirmedEmail,
  toPublicUser,
} from "./users";

export const GOOGLE_NOT_SET_UP = "Google sign-in is not set up for this shop";
export const GOOGLE_TOKEN_REFUSED = "This Google sign-in could not be verified. Please try again.";
export const GOOGLE_TOKEN_EXPIRED = "This Google sign-in has expired. Please try again.";
export const GOOGLE_EMAIL_UNVERIFIED = "Your Google account's email address is not verified";
export const GOOGLE_OTHER_ACCOUNT = "The account with this email is linked to another Google account";
export const GOOGLE_UNAVAILABLE = "Google sign-in is not available right now. Please try again.";

export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

/** One key set per URL for the process: jose keeps the keys and refetches only when needed. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetFor(jose: typeof import("jose"), url: string) {
  const { createRemoteJWKSet } = jose;
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cacheMaxAge: 6 * 3_600_000 });
    keySets.set(url, set);
  }
  return set;
}

export type GoogleIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/** Verifies an ID token; 401 when it is not Google's, not for this shop or expired. */
export async function verifyGoogleIdToken(ctx: Pick<Ctx, "config" | "now" | "log">, token: string) {
  const clientId = ctx.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw new DomainError("not_found", GOOGLE_NOT_SET_UP);
  // Loaded at the first Google sign-in, not at every start of the server (150 ms).
  const jose = await import("jose");
  const { errors: joseErrors, jwtVerify } = jose;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetFor(jose, ctx.config.GOOGLE_JWKS_URL), {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      algorithms: ["RS256"],
      currentDate: ctx.now(),
      clockTolerance: 30,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new DomainError("unauthorized", GOOGLE_TOKEN_EXPIRED);
    if (e instanceof joseErrors.JOSEError && !(e instanceof joseErrors.JWKSTimeout)) {
      ctx.log.info({ google: { code: e.code } }, "google sign-in: token refused");
      throw new DomainError("unauthorized", GOOGLE_TOKEN_REFUSED);
    }
    // Google's keys could not be read: nobody's fault but the network's.
    ctx.log.warn({ err: e }, "google sign-in: keys not available");
    throw new DomainError("unavailable", GOOGLE_UNAVAILABLE);
  }
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : null;
  return {
    subject: String(payload.sub),
    email: email || null,
    // Google sends a boolean; older tokens sent the string "true".
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    name: typeof payload.name === "string" ? payload.name.trim() : null,
  } satisfies GoogleIdentity;
}

/** A name for a new account: Google's, else the email's local part; at least 2 characters. */
function nameFor(identity: GoogleIdentity & { email: string }): string {
  const name = (identity.name ?? "").slice(0, 100).trim();
  if (name.length >= 2) return name;
  const local = identity.email.split("@")[0]!.slice(0, 100);
  return local.length >= 2 ? local : "Google user";
}

/** The holder of an address let it go, or confirmed it, between the look and the write: look again. */
class EmailHolderMoved extends Error {}

/**
 * Signs in with a Google ID token: the linked account, else the account whose email the shop
 * confirmed and Google verified (linked now), else a new account with Google's verified email,
 * confirmed. An account that only typed that email (never confirmed it) is never linked: it loses
 * the address to the new account (audited), so its password never opens what this Google account
 * reaches (decision 46). Answers the account and whether it was made now.
 */
export async function signInWithGoogle(
  ctx: Ctx,
  input: unknown,
): Promise<{ user: PublicUser; created: boolean }> {
  if (!ctx.config.GOOGLE_CLIENT_ID) throw new DomainError("not_found", GOOGLE_NOT_SET_UP);
  const { credential } = googleSignInSchema.parse(input);
  await consumeLimit(ctx, "googleSignInPerAddress", ctx.ip);
  const identity = await verifyGoogleIdToken(ctx, credential);

  const [linked] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.googleSubject, identity.subject))
    .limit(1);
  if (linked) {
    requireNotBlocked(linked);
    return { user: toPublicUser(linked), created: false };
  }
  // Linking or making an account rests on the email: Google must have verified it.
  if (!identity.email || !identity.emailVerified) throw new DomainError("forbidden", GOOGLE_EMAIL_UNVERIFIED);
  const email = identity.email;

  for (let attempt = 1; ; attempt++) {
    const [byEmail] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (byEmail?.emailConfirmedAt) {
      requireNotBlocked(byEmail);
      if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
        throw new DomainError("conflict", GOOGLE_OTHER_ACCOUNT);
      }
      const [row] = await ctx.db
        .update(users)
        .set({ googleSubject: identity.subject, updatedAt: ctx.now() })
        .where(eq(users.id, byEmail.id))
        .returning();
      return { user: toPublicUser(row!), created: false };
    }
    try {
      const user = await ctx.db.transaction(async (tx) => {
        // Whoever typed this address without confirming it gives it up: Google has just proven
        // it this person's (blocked or not, the holder is not the one signing in).
        if (byEmail && !(await releaseUnconfirmedEmail(ctx, tx, byEmail.id, email))) {
          throw new EmailHolderMoved();
        }
        const [row] = await tx
          .insert(users)
          .values({
            name: nameFor({ ...identity, email }),
            email,
            emailConfirmedAt: ctx.now(),
            googleSubject: identity.subject,
            referralCode: newReferralCode(),
          })
          .returning();
        const made = toPublicUser(row!);
        if (byEmail) await auditEmailReleased(tx, made, { holderId: byEmail.id, email, provenBy: "google" });
        return made;
      });
      if (byEmail) {
        ctx.log.info({ user: user.id, released: byEmail.id }, "google sign-in: unconfirmed email taken over");
      }
      return { user, created: true };
    } catch (e) {
      // Two sign-ins at once (the same Google account twice, or this email just registered), or
      // the holder confirmed the address meanwhile: look again, and the other's account is found.
      if (attempt < 3 && (isUniqueViolation(e) || e instanceof EmailHolderMoved)) {
        const [now] = await ctx.db
          .select()
          .from(users)
          .where(eq(users.googleSubject, identity.subject))
          .limit(1);
        if (now) {
          requireNotBlocked(now);
          return { user: toPublicUser(now), created: false };
        }
        continue;
      }
      if (e instanceof EmailHolderMoved) throw new DomainError("unavailable", GOOGLE_UNAVAILABLE);
      throw e;
    }
  }
}
