import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { LRUCache } from "lru-cache";
import { CONSENT_COOKIE, decodeConsent, encodeConsent } from "../../../contracts/consent";
import { LOCALE_COOKIE, resolveLocale } from "../../../contracts/locale";
import { localContentVersion } from "../../services/public-content";
import type { AppEnv } from "../env";
import { COMPRESS_FROM_BYTES, chooseEncoding, encodeText } from "../respond";

type Stored = {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  /** The nonce the page's inline scripts were rendered with. */
  nonce?: string;
};

/**
 * A kept page with this request's nonce in place of the one it was rendered with: a nonce is
 * good for one answer only, and the page's Content-Security-Policy names the current one.
 */
function withNonce(hit: Stored, nonce: string | undefined): Uint8Array<ArrayBuffer> {
  if (!hit.nonce || !nonce || hit.nonce === nonce) return new Uint8Array(hit.body);
  const text = new TextDecoder().decode(hit.body);
  // Bytes, not a string: the answer's length is counted in bytes.
  return new TextEncoder().encode(text.replaceAll(`nonce="${hit.nonce}"`, `nonce="${nonce}"`));
}

/**
 * A kept answer's body as this client takes it. A page (its nonce new on every answer) is
 * compressed here, at once, with brotli where the client takes it: some 0.3 ms for 80 kB, where
 * the app's streamed `compress()` spends 0.8 ms on gzip (decision 44). A JSON answer was kept
 * already compressed for this client (the key names the encoding).
 */
function bodyFor(body: Uint8Array<ArrayBuffer>, headers: Headers, encoding: "br" | "gzip" | undefined) {
  const type = headers.get("content-type");
  if (
    !encoding ||
    headers.has("content-encoding") ||
    body.byteLength < COMPRESS_FROM_BYTES ||
    !type ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)
  )
    return body;
  headers.set("Content-Encoding", encoding);
  headers.append("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  return new Uint8Array(encodeText(body, encoding));
}

export type PublicCacheOptions = {
  /** How long an answer is reused; 0 turns the cache off. */
  ttlMs: number;
  /** Bytes of bodies kept, least recently used dropped first. */
  maxBytes?: number;
  /**
   * Whether this request's answer is the same for everyone: checked after the session is loaded,
   * so a page can require a signed-out visitor.
   */
  shared: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => boolean;
  /**
   * The public content's version, read before the answer is made (so an answer is never kept
   * under a version newer than what it shows); default: this process's own count of changes.
   */
  version?: () => Promise<string | number> | string | number;
};

/**
 * A short-lived in-process copy of answers that are the same for every visitor (a product page
 * for the signed-out, search results): a burst of visits to one page is rendered once per
 * `ttlMs`. Any change to what the shop shows publicly (a review, a price, stock) starts afresh,
 * because the content version is part of the key; the version is shared through the database, so
 * every other instance drops its copies too, within a second (decision 39).
 * Only whole 200 answers that set no cookie are kept.
 */
export function publicCache(opts: PublicCacheOptions): MiddlewareHandler<AppEnv> {
  if (opts.ttlMs <= 0) return (_c, next) => next();
  const cache = new LRUCache<string, Stored>({
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (v) => v.body.byteLength + 256,
    ttl: opts.ttlMs,
  });
  const version = opts.version ?? localContentVersion;
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (c.req.method !== "GET" || url.searchParams.has("ref") || !opts.shared(c)) return next();
    // The page's absolute links come from the host (and the scheme, behind a proxy).
    const origin = `${c.req.header("x-forwarded-proto") ?? ""}://${c.req.header("host") ?? ""}`;
    // A page is rendered in the visitor's language (the cookie's; nobody here is signed in).
    const lang = resolveLocale({ cookie: getCookie(c, LOCALE_COOKIE) });
    // A JSON answer comes compressed for the client (respond.ts): one copy kept per encoding.
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    // The cookie notice shows until a choice is made, and the choice decides the tags (decision 56).
    const consent = decodeConsent(getCookie(c, CONSENT_COOKIE));
    const asked = consent ? encodeConsent(consent) : "unasked";
    const key = `${await version()} ${lang} ${asked} ${encoding ?? "identity"} ${origin}${url.pathname}${url.search}`;
    const hit = cache.get(key);
    if (hit) {
      // A Headers object, not the stored list: the Node adapter's Response copies its original
      // headers when a later middleware adds one, and would drop what is set here.
      const headers = new Headers(hit.headers);
      const body = bodyFor(withNonce(hit, c.get("nonce")), headers, encoding);
      headers.set("X-Cache", "HIT");
      return new Response(body, { status: hit.status, headers });
    }
    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has("set-cookie") || !res.body) return;
    const body = await res.arrayBuffer();
    const headers = [...res.headers.entries()];
    cache.set(key, { status: res.status, headers, body, nonce: c.get("nonce") });
    const sent = new Headers(headers);
    sent.set("X-Cache", "MISS");
    c.res = new Response(bodyFor(new Uint8Array(body), sent, encoding), {
      status: res.status,
      headers: sent,
    });
  };
}
