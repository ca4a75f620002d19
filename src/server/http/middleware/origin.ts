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
 * `csv` names the exact paths that also take `text/csv` (the books import): like JSON, a page on
 * another site cannot send that type without a preflight, so the protection holds there too.
 * text/plain, which a form can send, stays refused everywhere.
 */
export function requireJsonBody(opts: { csv?: readonly string[] } = {}): MiddlewareHandler {
  const csvPaths = new Set(opts.csv ?? []);
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const type = c.req.header("content-type");
      const allowed = (t: string) =>
        t === "application/json" || (t === "text/csv" && csvPaths.has(c.req.path));
      if (type === undefined ? hasBody(c) : !allowed(mediaType(type))) {
        return send(c, 415, JSON_REQUIRED);
      }
    }
    await next();
  };
}
