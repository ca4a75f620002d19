/**
 * Referral codes: every account has one to share as `?ref=CODE`. The visit keeps it in the `ref`
 * cookie for 30 days, and the cart records it as the `source` of what the visitor then adds.
 *
 * No zod and no server code here: the browser bundle may import this module.
 */
export const REFERRAL_COOKIE = "ref";
export const REFERRAL_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** 32 characters without the look-alikes 0/O and 1/I, so a code read aloud or typed survives. */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;

/**
 * A referral code as typed or linked, upper-cased; undefined when it cannot be one (letters and
 * digits, 4 to 16 of them), so a malformed `?ref=` is ignored rather than stored.
 */
export function normaliseReferralCode(raw: string | null | undefined): string | undefined {
  const code = raw?.trim().toUpperCase();
  return code && /^[A-Z0-9]{4,16}$/.test(code) ? code : undefined;
}
