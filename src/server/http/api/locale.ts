import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { LOCALE_COOKIE } from "../../../contracts/locale";
import { chooseLocale } from "../../services/locale";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

const YEAR_S = 365 * 24 * 60 * 60;

/** The language switch: sets the language cookie (and the profile's language when signed in). */
export function localeApi(opts: { secure: boolean }) {
  const api = new Hono<AppEnv>();
  api.post("/locale", async (c) => {
    const locale = await chooseLocale(c.get("ctx"), await readJson(c));
    setCookie(c, LOCALE_COOKIE, locale, {
      sameSite: "Lax",
      secure: opts.secure,
      path: "/",
      maxAge: YEAR_S,
    });
    return ok(c, { locale }, "Language changed");
  });
  return api;
}
