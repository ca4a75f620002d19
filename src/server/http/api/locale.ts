import { Hono } from "hono";
import { generateCookie } from "hono/cookie";
import { LOCALE_COOKIE, type Locale } from "../../../contracts/locale";
import { localeAnswerSchema, localeInputSchema } from "../../../contracts/locale-input";
import { chooseLocale } from "../../services/accounts/locale";
import { anyone, type Endpoint, okAnswer } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The `Set-Cookie` that keeps a chosen language for a year, on every page of the shop: the API's
 * switch and the page's form (routes/shop/locale.tsx) both send this one.
 */
export function localeCookie(locale: Locale, secure: boolean): string {
  return generateCookie(LOCALE_COOKIE, locale, { sameSite: "Lax", secure, path: "/", maxAge: YEAR_S });
}

/** The language switch: sets the language cookie (and the profile's language when signed in). */
export function localeApi(opts: { secure: boolean }) {
  const api = new Hono<AppEnv>();
  api.post("/locale", async (c) => {
    const locale = await chooseLocale(c.get("ctx"), await readJson(c));
    c.header("Set-Cookie", localeCookie(locale, opts.secure), { append: true });
    return ok(c, { locale }, "Language changed");
  });
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const localeEndpoints: Endpoint[] = [
  {
    method: "post",
    path: "/api/locale",
    tag: "Accounts",
    summary: "Choose the interface language (English or Bangla)",
    access: anyone,
    body: localeInputSchema,
    success: [okAnswer("The language now in use (the language cookie is set)", localeAnswerSchema)],
    description:
      "Sets the `pathagar_lang` cookie for a year; a signed-in user's profile keeps the choice too, " +
      "and their SMS follow it. Pages are rendered in the cookie's language, else the profile's, else English.",
  },
];
