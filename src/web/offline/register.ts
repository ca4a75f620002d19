/**
 * The reader's side of offline reading: makes the signed-in reader the one whose pages the
 * service worker (src/web/sw.ts) keeps. Only the reader's pages load this module; the worker
 * itself is registered by every page (register-shop.ts, from the root).
 */
// Only the address of pdf.js's worker (a hashed file), to keep it: Chromium lists a worker's
// script among the page's resource timings, but not every browser need, so the page names it.
import pdfWorkerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect } from "react";
import { useRootData } from "../lib/root-data";
import { forgetOfflineReader, userCacheName } from "./caches";
import { isHashedAsset, matchReaderUrl, scopeFor, type WorkerMessage } from "./reader-cache";

/** True for the URLs the worker keeps: the reader's code, its page and its answers. */
function worthKeeping(href: string): boolean {
  const url = new URL(href, location.href);
  return (
    url.origin === location.origin && (isHashedAsset(url.pathname) || matchReaderUrl(url.pathname) !== null)
  );
}

/**
 * Tells the worker, once it controls this page, what the page fetched before that (a first visit
 * loads the reader before the worker is installed; a worker already in charge let those loads
 * through unkept, as nobody's cache existed yet), so that it is kept too.
 */
function reportEarlierLoads(container: ServiceWorkerContainer): void {
  const report = () => {
    const controller = container.controller;
    if (!controller) return;
    const since = performance.now();
    const post = (urls: string[]) => {
      const keep = urls.filter(worthKeeping);
      if (keep.length) controller.postMessage({ type: "keep", urls: keep } satisfies WorkerMessage);
    };
    post([location.href, pdfWorkerUrl]);
    // Past entries, and requests already on their way that finish later.
    const observer = new PerformanceObserver((list) =>
      post(
        list
          .getEntries()
          .filter((e) => e.startTime < since)
          .map((e) => e.name),
      ),
    );
    observer.observe({ type: "resource", buffered: true });
    window.setTimeout(() => observer.disconnect(), 30_000);
  };
  if (container.controller) report();
  else container.addEventListener("controllerchange", report, { once: true });
}

/** Makes `userId` the one whose pages the worker keeps, and has it keep what this page loaded. */
export async function startOfflineReader(userId: number): Promise<void> {
  // Only a reader's page (the e-book's or a chapter's) says who reads.
  if (!scopeFor(location.pathname) || !("serviceWorker" in navigator) || typeof caches === "undefined")
    return;
  // Someone else's pages (a sign-in that did not go through this browser's sign-out) go first;
  // then this user's cache exists, which is how the worker knows whose pages to keep.
  await forgetOfflineReader(userId);
  await caches.open(userCacheName(userId));
  reportEarlierLoads(navigator.serviceWorker);
}

/** How often an open reader drops another user's cache that a late write brought back. */
const STRAY_CACHE_SWEEP_MS = 2_000;

/**
 * Offline reading for the signed-in reader of this page. Only in a production build: the
 * development server does not build the worker.
 */
export function useOfflineReader(): void {
  const userId = useRootData().user?.id ?? null;
  useEffect(() => {
    if (userId === null || !import.meta.env.PROD) return;
    startOfflineReader(userId).catch(() => {
      // No worker (private mode, storage full): the reader works online as before.
    });
    // An answer of the previous user still on its way when this page cleared their pages can put
    // their cache back (the worker's write opens it anew); sweep again while this reader is open,
    // so that such a cache lasts seconds, not until the next sign-in.
    const sweep = window.setInterval(() => {
      forgetOfflineReader(userId).catch(() => {});
    }, STRAY_CACHE_SWEEP_MS);
    return () => window.clearInterval(sweep);
  }, [userId]);
}
