/// <reference lib="webworker" />
/**
 * The shop's service worker (built by scripts/build-server.mjs into /sw.js), registered by every
 * page with the whole shop as its scope. It answers only:
 *
 * - a page (a navigation) that fails without network: the offline page in the visitor's language
 *   (`/offline?lang=…`, kept at install), instead of the browser's error;
 *
 * - the hashed /assets/* files: cache first (a hashed file never changes), while someone signed in
 *   reads;
 * - the reader's page, its `/reader` answer and its stamped pages: network first, falling back to
 *   what was kept when there is no answer within a few seconds (offline). They are kept in the one
 *   signed-in user's cache only (see reader-cache.ts); with no user cache, nothing is kept or served
 *   from it. A refusal (401/403/404) or a `/reader` answer that says "preview" (refunded) drops
 *   what was kept of that e-book or chapter.
 *
 * Everything else passes through untouched. The worker keeps no state in memory: who is signed in
 * is read from Cache Storage on each request, so a page that deletes the caches (signing out) is
 * obeyed at once, even by a worker that is running.
 */
import { CacheFirst, NetworkFirst, Serwist, type SerwistPlugin } from "serwist";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from "../contracts/locale";
import { OFFLINE_PAGE_CACHE_PREFIX, offlinePageUrl } from "../contracts/offline";
import { CODE_CACHE, userCacheName } from "./offline/caches";
import {
  findCurrentUser,
  isHashedAsset,
  MAX_CODE_ENTRIES,
  MAX_USER_ENTRIES,
  matchReaderUrl,
  type ReaderItem,
  type ReaderUrl,
  type WorkerMessage,
} from "./offline/reader-cache";

declare const self: ServiceWorkerGlobalScope;
/** The build's revision, written in by scripts/build-server.mjs: a new build keeps its offline page anew. */
declare const __OFFLINE_REVISION__: string;

const OFFLINE_PAGE_CACHE = `${OFFLINE_PAGE_CACHE_PREFIX}${__OFFLINE_REVISION__}`;

/** The visitor's language as the pages have it: the language cookie (where the worker can read it), else English. */
async function visitorLocale(): Promise<Locale> {
  try {
    const store = (
      self as unknown as { cookieStore?: { get(name: string): Promise<{ value?: string } | null> } }
    ).cookieStore;
    const value = (await store?.get(LOCALE_COOKIE))?.value;
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The kept offline page in the visitor's language, or a plain refusal if it was never kept. */
async function offlinePage(): Promise<Response> {
  const cache = await caches.open(OFFLINE_PAGE_CACHE);
  const page =
    (await cache.match(offlinePageUrl(await visitorLocale()))) ??
    (await cache.match(offlinePageUrl(DEFAULT_LOCALE)));
  return page ?? Response.error();
}

/** A file the offline page uses (its font), from its cache when the network has no answer. */
async function keptWithOfflinePage(request: Request, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (err) {
    const kept = await (await caches.open(OFFLINE_PAGE_CACHE)).match(request);
    if (kept) return kept;
    throw err;
  }
}

/** Keeps the offline page in each language, and the hashed files (its font) it names. */
async function keepOfflinePages(): Promise<void> {
  const cache = await caches.open(OFFLINE_PAGE_CACHE);
  for (const locale of LOCALES) {
    const url = offlinePageUrl(locale);
    const res = await fetch(url, { credentials: "same-origin" });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const html = await res.clone().text();
    await cache.put(url, res);
    const files = [...html.matchAll(/"(\/assets\/[^"]+\.woff2)"/g)].map((m) => m[1] as string);
    if (files.length) await cache.addAll(files);
  }
}

/** A page load: the network's answer, or the offline page when there is no network. */
async function pageOrOffline(request: Request, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (err) {
    if (request.mode !== "navigate") throw err;
    return offlinePage();
  }
}

/** How long the network has before a kept copy is shown instead (a refund still takes effect online). */
const NETWORK_TIMEOUT_SECONDS = 4;

async function findUser(): Promise<number | null> {
  return findCurrentUser(await caches.keys());
}

/** Keeps a cache to `max` entries: the oldest written go first (Cache Storage keeps write order). */
function trimTo(max: number): SerwistPlugin {
  return {
    cacheDidUpdate: async ({ cacheName }) => {
      // A cache deleted meanwhile (signing out) is not brought back by trimming it.
      if (!(await caches.has(cacheName))) return;
      const cache = await caches.open(cacheName);
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((k) => cache.delete(k)));
    },
  };
}

/** Drops every kept URL of one e-book or chapter from a user's cache. */
async function forgetItem(userId: number, item: ReaderItem): Promise<void> {
  const name = userCacheName(userId);
  if (!(await caches.has(name))) return;
  const cache = await caches.open(name);
  for (const key of await cache.keys()) {
    if (matchReaderUrl(new URL(key.url).pathname)?.item === item) await cache.delete(key);
  }
}

/** True when a `/reader` answer says the caller may read the preview only. */
async function isPreviewOnly(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { data?: { access?: string } };
    return body.data?.access === "preview";
  } catch {
    return false;
  }
}

/** The rules for one user's cache: what may be kept, and what a refusal drops. */
function userPlugin(userId: number): SerwistPlugin {
  const name = userCacheName(userId);
  return {
    fetchDidSucceed: async ({ request, response }) => {
      const url = matchReaderUrl(new URL(request.url).pathname);
      if (url && response.status === 401) await caches.delete(name);
      else if (url && (response.status === 403 || response.status === 404))
        await forgetItem(userId, url.item);
      else if (url?.kind === "info" && response.ok && (await isPreviewOnly(response)))
        await forgetItem(userId, url.item);
      return response;
    },
    cacheWillUpdate: async ({ request, response }) => {
      if (response.status !== 200 || response.redirected) return null;
      const url = matchReaderUrl(new URL(request.url).pathname);
      if (!url) return null;
      if (url.kind === "document" && !response.headers.get("Content-Type")?.startsWith("text/html"))
        return null;
      if (url.kind === "info" && (await isPreviewOnly(response))) return null;
      // Signed out (or someone else signed in) while this answer was on its way: keep nothing.
      return (await findUser()) === userId ? response : null;
    },
  };
}

const userStrategies = new Map<number, NetworkFirst>();
function strategyFor(userId: number): NetworkFirst {
  let s = userStrategies.get(userId);
  if (!s) {
    s = new NetworkFirst({
      cacheName: userCacheName(userId),
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      // The shop's pages vary on nothing a kept copy would get wrong.
      matchOptions: { ignoreVary: true },
      plugins: [userPlugin(userId), trimTo(MAX_USER_ENTRIES)],
    });
    userStrategies.set(userId, s);
  }
  return s;
}

const codeStrategy = new CacheFirst({
  cacheName: CODE_CACHE,
  plugins: [
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
    trimTo(MAX_CODE_ENTRIES),
  ],
});

function readerUrlOf(request: Request, url: URL, sameOrigin: boolean): ReaderUrl | null {
  if (!sameOrigin || request.method !== "GET") return null;
  const match = matchReaderUrl(url.pathname);
  if (!match) return null;
  // The reader's page is kept only as a whole page load, never as React Router's data requests.
  if (match.kind === "document" && request.mode !== "navigate") return null;
  return match;
}

const serwist = new Serwist({
  skipWaiting: true,
  clientsClaim: true,
  // Off: a navigation the worker leaves alone (the e-book's product page, the library, under the
  // same scope) would otherwise be asked of the server twice, the preload being thrown away.
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin, request }) =>
        sameOrigin && request.method === "GET" && isHashedAsset(url.pathname),
      // Kept only while someone reads: after signing out, the shop's pages leave nothing behind.
      handler: async ({ request, event }) =>
        keptWithOfflinePage(request, async () =>
          (await findUser()) === null ? fetch(request) : codeStrategy.handle({ request, event }),
        ),
    },
    {
      matcher: ({ url, sameOrigin, request }) => readerUrlOf(request, url, sameOrigin) !== null,
      handler: async ({ request, event }) => {
        const userId = await findUser();
        // Nobody signed in as far as the pages said: straight to the network, nothing kept.
        if (userId === null) return pageOrOffline(request, () => fetch(request));
        return pageOrOffline(request, () => strategyFor(userId).handle({ request, event }));
      },
    },
    {
      // Every other page of the shop: the network, else the offline page. Nothing is kept.
      matcher: ({ sameOrigin, request }) =>
        sameOrigin && request.method === "GET" && request.mode === "navigate",
      handler: async ({ request }) => pageOrOffline(request, () => fetch(request)),
    },
  ],
});

// The offline page in each language, kept before this worker takes over; an older build's goes.
self.addEventListener("install", (event) => {
  event.waitUntil(keepOfflinePages());
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(OFFLINE_PAGE_CACHE_PREFIX) && name !== OFFLINE_PAGE_CACHE)
          await caches.delete(name);
      }
    })(),
  );
});

/**
 * The reader's page reports what it loaded before this worker controlled it (its code, the page
 * itself, the first page fetched): those are fetched once more here and kept, so that the first
 * visit is readable offline too.
 */
self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const msg = event.data as WorkerMessage | null;
  if (msg?.type !== "keep" || !Array.isArray(msg.urls)) return;
  event.waitUntil(
    (async () => {
      for (const raw of msg.urls.slice(0, 100)) {
        if (typeof raw !== "string") continue;
        let url: URL;
        try {
          url = new URL(raw, self.location.origin);
        } catch {
          continue;
        }
        if (url.origin !== self.location.origin) continue;
        // Signed out meanwhile: nothing more is kept.
        const userId = await findUser();
        if (userId === null) return;
        if (isHashedAsset(url.pathname)) {
          await codeStrategy.handle({ request: new Request(url), event }).catch(() => {});
          continue;
        }
        if (!matchReaderUrl(url.pathname)) continue;
        const cache = await caches.open(userCacheName(userId));
        if (await cache.match(url.href, { ignoreVary: true })) continue;
        await strategyFor(userId)
          .handle({ request: new Request(url, { credentials: "same-origin" }), event })
          .catch(() => {});
      }
    })(),
  );
});

serwist.addEventListeners();
