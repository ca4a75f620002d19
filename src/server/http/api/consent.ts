import { Hono } from "hono";
import { generateCookie } from "hono/cookie";
import { CONSENT_COOKIE, CONSENT_SAVED, type Consent, encodeConsent } from "../../../contracts/consent";
import { chooseConsent } from "../../services/accounts/consent";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The `Set-Cookie` that keeps the consent choice for a year on every page of the shop: the API and
 * the page's form (routes/shop/consent.tsx) both send this one.
 */
export function consentCookie(consent: Consent, secure: boolean): string {
  return generateCookie(CONSENT_COOKIE, encodeConsent(consent), {
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: YEAR_S,
  });
}

/** The cookie notice's choice: sets the consent cookie (and the profile's when signed in). */
export function consentApi(opts: { secure: boolean }) {
  const api = new Hono<AppEnv>();
  api.post("/consent", async (c) => {
    const consent = await chooseConsent(c.get("ctx"), await readJson(c));
    c.header("Set-Cookie", consentCookie(consent, opts.secure), { append: true });
    return ok(c, consent, CONSENT_SAVED);
  });
  return api;
}
