import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/**
 * API answers carry the caller's session, cart, orders or codes: none may be kept by a browser
 * or a shared cache. An answer that is public and cacheable says so with its own Cache-Control.
 */
export function noStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  };
}
