import { cachesToForget } from "./reader-cache";

/**
 * Deletes what the offline reader kept, except `keepUserId`'s own pages when given (a sign-in).
 * Signing out calls it with none: every kept page goes, and the worker, which reads who is signed
 * in from these caches, keeps and serves nothing until a reader page says who is reading.
 */
export async function forgetOfflineReader(keepUserId: number | null = null): Promise<void> {
  if (typeof caches === "undefined") return;
  const names = cachesToForget(await caches.keys(), keepUserId);
  await Promise.all(names.map((name) => caches.delete(name)));
}
