import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { decodeFlash, FLASH_COOKIE } from "../../../contracts/flash";
import type { AppEnv } from "../env";

/**
 * The message a form's action left for this page (contracts/flash.ts): read into the request's
 * `flash`, for the root loader, and cleared by this answer, so it is shown once. A page with a
 * message is never a shared copy (the public page cache asks `flash` too).
 */
export function readFlash(opts: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = getCookie(c, FLASH_COOKIE);
    if (raw === undefined) return next();
    c.set("flash", decodeFlash(raw));
    await next();
    // Only a page (or its data) shows the message; an asset or a file passing by leaves it.
    deleteCookie(c, FLASH_COOKIE, { path: "/", secure: opts.secure, httpOnly: true, sameSite: "Lax" });
  };
}
