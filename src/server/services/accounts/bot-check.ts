/**
 * The bot check (Cloudflare Turnstile, decision 56) on what costs the shop or a stranger: a
 * sign-up, a password reset's SMS, a phone verification's SMS. Off unless TURNSTILE_SITE_KEY and
 * TURNSTILE_SECRET are set. The form's widget gives a token (`cf-turnstile-response` in a form,
 * `botToken` in a JSON body), verified with Turnstile's `siteverify` before anything is written or
 * sent: a token that fails (wrong, expired, used twice) is a 400. A request without a token (the
 * widget could not load: no JavaScript, a blocked host) passes only under a much stricter limit
 * per address and phone (RATE_LIMITS `noBotCheckPer*`): never with no check at all.
 */
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { consumeLimits, type RateLimitName } from "../platform/rate-limits";

export const BOT_CHECK_FAILED = "The check that you are not a robot did not pass. Please try it again.";

const MAX_TOKEN = 2_048;
const VERIFY_TIMEOUT_MS = 5_000;

/** The widget's token a form or a JSON body carries, or undefined. */
export function botTokenOf(input: unknown): string | undefined {
  if (!input || typeof input !== "object") return undefined;
  const fields = input as Record<string, unknown>;
  const token = fields["cf-turnstile-response"] ?? fields.botToken;
  return typeof token === "string" && token.trim() ? token.trim() : undefined;
}

/** A request without a verified token: only under the stricter limits, per address and phone. */
function withoutToken(ctx: Ctx, phone: string | undefined): Promise<void> {
  const limits: [RateLimitName, string | number][] = [["noBotCheckPerAddress", ctx.ip]];
  if (phone) limits.push(["noBotCheckPerPhone", phone]);
  return consumeLimits(ctx, limits);
}

/**
 * Passes when no check is configured, or the token verifies; without a token, under the stricter
 * limits (for `phone` too, when the request names one).
 */
export async function checkNotABot(ctx: Ctx, input: unknown, phone?: string): Promise<void> {
  const secret = ctx.config.TURNSTILE_SECRET;
  if (!secret || !ctx.config.TURNSTILE_SITE_KEY) return;
  const token = botTokenOf(input);
  if (token === undefined) {
    return withoutToken(ctx, phone);
  }
  if (token.length > MAX_TOKEN)
    throw new DomainError("invalid", BOT_CHECK_FAILED, { botToken: BOT_CHECK_FAILED });
  let verdict: { success?: unknown; "error-codes"?: unknown };
  try {
    const res = await fetch(ctx.config.TURNSTILE_VERIFY_URL, {
      method: "POST",
      body: new URLSearchParams({ secret, response: token, remoteip: ctx.ip }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    verdict = (await res.json()) as typeof verdict;
  } catch (err) {
    // Turnstile out of reach: the request is treated as one without a token (the stricter limits).
    ctx.log.warn({ err }, "bot check: siteverify did not answer");
    return withoutToken(ctx, phone);
  }
  if (verdict.success !== true) {
    ctx.log.info({ errors: verdict["error-codes"] }, "bot check: token refused");
    throw new DomainError("invalid", BOT_CHECK_FAILED, { botToken: BOT_CHECK_FAILED });
  }
}
