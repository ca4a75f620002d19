/** The offline reader's service worker (src/web/sw.ts): one address, served by the shop with `no-cache`. */
export const OFFLINE_WORKER_URL = "/sw.js";
