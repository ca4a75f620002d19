/**
 * Every page registers the shop's service worker (src/web/sw.ts), so that a page that cannot load
 * without network shows the offline page. Once the page has loaded and the browser is idle: the
 * worker never competes with the page's own first load.
 */
import { OFFLINE_WORKER_SCOPE, OFFLINE_WORKER_URL } from "../../contracts/offline";

function registerWorker(): void {
  navigator.serviceWorker.register(OFFLINE_WORKER_URL, { scope: OFFLINE_WORKER_SCOPE }).catch(() => {
    // No worker (private mode, storage full): the shop works online as before.
  });
}

/**
 * Registers the worker after the page's load, once the browser is idle (the root calls this once
 * the page has hydrated). Only in a production build (development builds no worker).
 */
export function registerShopWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Safari has no requestIdleCallback.
  const idle = () =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(registerWorker, { timeout: 5_000 })
      : setTimeout(registerWorker, 1_000);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
