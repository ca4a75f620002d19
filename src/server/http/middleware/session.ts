import type { Context, MiddlewareHandler } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { LOCALE_COOKIE } from "../../../contracts/locale";
import type { Config } from "../../config";
import {
  createSession,
  findSessionUser,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionHashOf,
} from "../../services/accounts/sessions";
import { type AppDeps, type CallerToFind, type Ctx, contextFor } from "../../services/context";
import type { AppEnv } from "../env";

/** Loads the caller from the session cookie and builds the request's service context. */
export function loadSession(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const user = token ? await findSessionUser(deps, token) : null;
    c.set("sessionToken", user ? token : undefined);
    c.set("user", user);
    c.set(
      "ctx",
      contextFor(deps, {
        ip: c.get("ip"),
        log: c.get("log"),
        cookieLocale: getCookie(c, LOCALE_COOKIE),
        user,
      }),
    );
    await next();
  };
}

/**
 * The caller of a call whose service looks the session up itself, with its own first statements,
 * in one round trip (decision 44): still to be found when the request carries a session token, a
 * signed-out context when it carries none. Such a call's route is mounted before `loadSession`.
 */
export function callerOf(deps: AppDeps, c: Context<AppEnv>): Ctx | CallerToFind {
  const tokenHash = sessionHashOf(deps.config, getCookie(c, SESSION_COOKIE));
  const ip = c.get("ip");
  const log = c.get("log");
  const cookieLocale = getCookie(c, LOCALE_COOKIE);
  if (tokenHash) return { deps, tokenHash, ip, log, cookieLocale };
  return contextFor(deps, { ip, log, cookieLocale, user: null });
}

/**
 * The session cookie's `Set-Cookie` line: the one rule for every way of signing in (the API's
 * calls, and the sign-in and sign-up pages' forms, which answer with a redirect of their own).
 */
export function sessionCookie(config: Pick<Config, "production">, token: string): string {
  return generateCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: config.production,
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** The `Set-Cookie` line that ends the session cookie (signing out, by the API or the form). */
export function endedSessionCookie(config: Pick<Config, "production">): string {
  return generateCookie(SESSION_COOKIE, "", { path: "/", secure: config.production, maxAge: 0 });
}

/**
 * Starts a session for an account that has just signed in or up, and answers the `Set-Cookie`
 * line that carries it: the API's sign-in calls and the pages' sign-in and sign-up forms alike.
 */
export async function startSession(ctx: Ctx, userId: number, userAgent: string | undefined): Promise<string> {
  const { token } = await createSession(ctx, userId, userAgent);
  return sessionCookie(ctx.config, token);
}

export function clearSessionCookie(c: Parameters<MiddlewareHandler>[0], config: Config) {
  c.header("Set-Cookie", endedSessionCookie(config), { append: true });
}
