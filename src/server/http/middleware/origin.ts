import type { MiddlewareHandler } from "hono";
import { DomainError } from "../../services/errors";
import { send } from "../respond";
import { hasBody, mediaType } from "./body";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sec-Fetch-Site values of a request the shop's own pages made, or a person typed. */
const OWN_FETCH = new Set(["same-origin", "none"]);

export const CROSS_SITE_REFUSED = "Cross-site request refused";
export const JSON_REQUIRED = "Send the request body as JSON (Content-Type: application/json)";

/**
 * Refuses state-changing calls from other sites: the Origin header, when present, must be this
 * server's own origin (or PUBLIC_URL's); without it, Sec-Fetch-Site, when present, must say
 * same-origin or none (same-site is another shop on a sibling domain). Callers that send
 * neither are not browsers and cannot ride a visitor's cookie.
 */
export function checkOrigin(publicUrl: string | undefined): MiddlewareHandler {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      const own = new URL(c.req.url).origin;
      if (origin) {
        if (origin !== own && origin !== configured) throw new DomainError("forbidden", CROSS_SITE_REFUSED);
      } else {
        const site = c.req.header("sec-fetch-site")?.trim().toLowerCase();
        if (site !== undefined && !OWN_FETCH.has(site)) {
          throw new DomainError("forbidden", CROSS_SITE_REFUSED);
        }
      }
    }
    await next();
  };
}

/**
 * State-changing calls carry JSON or nothing, with 415 for anything else. A page on another
 * site can send a form or text/plain without asking, but not application/json: the browser
 * first asks this server (a preflight), which never agrees. A call without a body and without
 * a Content-Type (sign out) passes.
 *
 * The upload endpoints (`uploads`: the media types a path takes besides JSON) also take a
 * picture or a PDF as the raw body: `image/jpeg`, `image/png`, `image/webp`, `image/avif`,
 * `application/pdf`. The same reasoning holds for them: none of these is a type a cross-site
 * form or a "simple" request can send (only `application/x-www-form-urlencoded`,
 * `multipart/form-data` and `text/plain` go without a preflight), so another site's page cannot
 * send one with a visitor's cookie, and the Origin check above refuses it besides. Their handlers
 * answer 415 for JSON or anything else they do not read.
 */
export function requireJsonBody(
  uploads: (path: string) => readonly string[] | undefined = () => undefined,
): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const type = c.req.header("content-type");
      const media = mediaType(type);
      const allowed = media === "application/json" || (uploads(c.req.path)?.includes(media) ?? false);
      if (type === undefined ? hasBody(c) : !allowed) {
        return send(c, 415, JSON_REQUIRED);
      }
    }
    await next();
  };
}
