import type { MiddlewareHandler } from "hono";
import { DomainError } from "../../services/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing calls from other sites: the Origin header, when present, must be this
 * server's own origin (or PUBLIC_URL's); without it, Sec-Fetch-Site must not say cross-site.
 * Callers that send neither are not browsers and cannot ride a visitor's cookie.
 */
export function checkOrigin(publicUrl: string | undefined): MiddlewareHandler {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      const own = new URL(c.req.url).origin;
      if (origin) {
        if (origin !== own && origin !== configured)
          throw new DomainError("forbidden", "Cross-site request refused");
      } else if (c.req.header("sec-fetch-site") === "cross-site") {
        throw new DomainError("forbidden", "Cross-site request refused");
      }
    }
    await next();
  };
}
