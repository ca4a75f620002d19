import type { MiddlewareHandler } from "hono";
import { type ThirdPartyTag, tagsAllowedOn } from "../../../contracts/consent";
import type { AppEnv } from "../env";

// Headers added after the handler go through `c.header`, never `c.res.headers.set`: the Node
// adapter's Response keeps the headers it was made with when it is copied, and Hono copies it
// whenever a later middleware adds a header, so a direct change can be lost on the way out.
// A copy costs: the answer is rebuilt as a Web Response with its body as a stream, and the Node
// adapter then streams it instead of writing a string (decision 43). So a header every answer
// gets is set before the handler too, where Hono adds it to the answer it makes, and after the
// handler only when missing.

/**
 * API answers carry the caller's session, cart, orders or codes: none may be kept by a browser
 * or a shared cache. An answer that is public and cacheable says so with its own Cache-Control.
 */
export function noStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  };
}

/** A fresh nonce for one answer's inline scripts: 128 random bits. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The Content-Security-Policy of the shop's pages. Scripts: the shop's own files and the inline
 * scripts React Router and React write into the page (its data, the module loader, scroll
 * restoration, streamed parts), each carrying this answer's nonce. Styles: the shop's stylesheet
 * and the `style` attributes React and the dialog primitives render. Images from the shop (and
 * data: URLs, and MEDIA_PUBLIC_URL's origin when pictures are served from there); calls to the
 * shop only. No third-party script is allowed unless configured: Google sign-in, and on the shop's
 * pages the tags of decision 56 (THIRD_PARTY_TAG_HOSTS), each adding exactly its hosts.
 * The one outside host a page may show otherwise is a course video's player, in a frame.
 */
export type PagePolicyOptions = {
  /** Production: ask the browser to load everything over HTTPS. */
  upgradeInsecure: boolean;
  /** The development server: Vite's hot-update socket is a WebSocket on a port of its own. */
  devServer?: boolean;
  /**
   * Google sign-in is configured (GOOGLE_CLIENT_ID): its script, the button's and One Tap's
   * frames, their calls and their stylesheet come from accounts.google.com/gsi/, and from nowhere
   * else of Google's (the paths Google's own guidance for Identity Services names).
   */
  googleSignIn?: boolean;
  /** MEDIA_PUBLIC_URL is set: pictures come from its origin (a CDN or the bucket) as well as the shop. */
  mediaOrigin?: string;
  /** The third-party tags configured (GTM_ID, CLARITY_ID, META_PIXEL_ID); their hosts only on the shop's pages. */
  tags?: readonly ThirdPartyTag[];
  /**
   * The bot check is configured (TURNSTILE_SITE_KEY): Turnstile's script and its widget's frame
   * come from challenges.cloudflare.com (Cloudflare's guidance), only on the shop's pages.
   */
  botCheck?: boolean;
};

const TURNSTILE = "https://challenges.cloudflare.com";

type Hosts = { script: string[]; img: string[]; connect: string[] };

/**
 * The hosts each tag needs, from its vendor's guidance (decision 56), and nothing more:
 * - Google Tag Manager with Google Analytics 4: the container and gtag from
 *   www.googletagmanager.com, hits to the Analytics collection hosts;
 * - Microsoft Clarity: its tag from www.clarity.ms, its script from scripts.clarity.ms, recordings
 *   sent to a *.clarity.ms host, and c.bing.com's cookie sync;
 * - the Meta Pixel: fbevents.js from connect.facebook.net, events to www.facebook.com/tr.
 */
export const THIRD_PARTY_TAG_HOSTS: Record<ThirdPartyTag, Hosts> = {
  gtm: {
    script: ["https://www.googletagmanager.com"],
    img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
    connect: [
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.googletagmanager.com",
    ],
  },
  clarity: {
    script: ["https://www.clarity.ms", "https://scripts.clarity.ms"],
    img: ["https://*.clarity.ms", "https://c.bing.com"],
    connect: ["https://*.clarity.ms", "https://c.bing.com"],
  },
  metaPixel: {
    script: ["https://connect.facebook.net"],
    img: ["https://www.facebook.com"],
    connect: ["https://www.facebook.com"],
  },
};

/** The tags' hosts of one directive, each once, with a leading space (or nothing). */
function tagHosts(tags: readonly ThirdPartyTag[] | undefined, kind: keyof Hosts): string {
  const hosts = [...new Set((tags ?? []).flatMap((t) => THIRD_PARTY_TAG_HOSTS[t][kind]))];
  return hosts.map((h) => ` ${h}`).join("");
}

const GSI = "https://accounts.google.com/gsi/";

export function pagePolicy(nonce: string, opts: PagePolicyOptions): string {
  const google = opts.googleSignIn;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${google ? ` ${GSI}client` : ""}${tagHosts(opts.tags, "script")}${opts.botCheck ? ` ${TURNSTILE}` : ""}`,
    `style-src 'self' 'unsafe-inline'${google ? ` ${GSI}style` : ""}`,
    `img-src 'self' data:${opts.mediaOrigin ? ` ${opts.mediaOrigin}` : ""}${tagHosts(opts.tags, "img")}`,
    "font-src 'self' data:",
    `connect-src 'self'${opts.devServer ? " ws: wss:" : ""}${google ? ` ${GSI}` : ""}${tagHosts(opts.tags, "connect")}`,
    // A course's video chapters frame the two players they embed, and only after a tap
    // (youtube-nocookie.com and player.vimeo.com; src/server/services/reading/chapter-body.ts).
    `frame-src https://www.youtube-nocookie.com https://player.vimeo.com${google ? ` ${GSI}` : ""}${opts.botCheck ? ` ${TURNSTILE}` : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(opts.upgradeInsecure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Gives each page request its nonce (for the page's inline scripts, through React Router's load
 * context) and sends the page's Content-Security-Policy with it. Only HTML answers carry it.
 */
export function pageSecurityPolicy(opts: PagePolicyOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      // The tags' hosts on the shop's pages only (never the back office, the readers, the payment pages).
      const outside = (opts.tags?.length || opts.botCheck) && !tagsAllowedOn(new URL(c.req.url).pathname);
      const page = outside ? { ...opts, tags: [], botCheck: false } : opts;
      c.header("Content-Security-Policy", pagePolicy(nonce, page));
    }
  };
}

/** The sandbox gateway's page: inline styles and a form posting to itself, nothing else. */
export const SANDBOX_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
