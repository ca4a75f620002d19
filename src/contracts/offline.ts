import type { Locale } from "./locale";

/** The shop's service worker (src/web/sw.ts): one address, served by the shop with `no-cache`. */
export const OFFLINE_WORKER_URL = "/sw.js";

/** The worker's scope: the whole shop, so that a failed navigation anywhere gets the offline page. */
export const OFFLINE_WORKER_SCOPE = "/";

/** The page the worker shows when a navigation fails without network, in one language. */
export function offlinePageUrl(locale: Locale): string {
  return `/offline?lang=${locale}`;
}

/**
 * The cache holding the offline page in each language (nothing personal: it survives signing
 * out). Named by the build, so a new deployment's worker keeps its own and drops the old one.
 */
export const OFFLINE_PAGE_CACHE_PREFIX = "pathagar-offline-";
