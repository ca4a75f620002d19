import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { LOCALE_COOKIE } from "../../../contracts/locale";
import type { Config } from "../../config";
import { type AppDeps, contextFor } from "../../services/context";
import { findSessionUser, SESSION_COOKIE, SESSION_TTL_MS } from "../../services/sessions";
import type { AppEnv } from "../env";

/** Loads the caller from the session cookie and builds the request's service context. */
export function loadSession(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const user = token ? await findSessionUser(deps, token) : null;
    c.set("sessionToken", user ? token : undefined);
    c.set("user", user);
    const cookieLocale = getCookie(c, LOCALE_COOKIE);
    c.set("ctx", contextFor(deps, { user, ip: c.get("ip"), log: c.get("log"), cookieLocale }));
    await next();
  };
}

export function setSessionCookie(c: Parameters<MiddlewareHandler>[0], config: Config, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: config.production,
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Parameters<MiddlewareHandler>[0], config: Config) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: config.production });
}
