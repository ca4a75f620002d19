import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import {
  normaliseReferralCode,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_MAX_AGE_S,
} from "../../../contracts/referral";
import type { AppEnv } from "../env";

/**
 * `?ref=CODE` on any page keeps the referral code in the `ref` cookie for 30 days (the latest
 * link wins); the cart reads it when the visitor adds something. A malformed code is ignored.
 * Only page answers carry the cookie, and those are private (the public page copy skips `?ref=`).
 */
export function captureReferral(opts: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET") return;
    const code = normaliseReferralCode(c.req.query("ref"));
    if (!code) return;
    setCookie(c, REFERRAL_COOKIE, code, {
      httpOnly: true,
      sameSite: "Lax",
      secure: opts.secure,
      path: "/",
      maxAge: REFERRAL_COOKIE_MAX_AGE_S,
    });
  };
}
