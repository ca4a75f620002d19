import { Hono } from "hono";
import { generateCookie } from "hono/cookie";
import { CONSENT_COOKIE, CONSENT_SAVED, type Consent, encodeConsent } from "../../../contracts/consent";
import { consentAnswerSchema, consentInputSchema } from "../../../contracts/consent-input";
import { chooseConsent } from "../../services/accounts/consent";
import { anyone, type Endpoint, okAnswer } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const consentEndpoints: Endpoint[] = [
  {
    method: "post",
    path: "/api/consent",
    tag: "Accounts",
    summary: "Choose which third-party tags may load (analytics, ads)",
    access: anyone,
    body: consentInputSchema,
    success: [okAnswer("The choice now in use (the consent cookie is set)", consentAnswerSchema)],
    description:
      "Sets the `pathagar_consent` cookie for a year; a signed-in user's profile keeps the choice too. " +
      "`choice` `accept` allows both, `decline` neither; otherwise `analytics` and `ads` say each. " +
      "The tags configured (GTM_ID, CLARITY_ID, META_PIXEL_ID) load on the shop's pages only as allowed.",
  },
];
