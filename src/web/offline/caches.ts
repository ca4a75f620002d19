/**
 * The names of the offline reader's caches (what each holds: reader-cache.ts), and their deletion.
 * This module is all that the shop's other pages carry of offline reading (signing in or out clears
 * the caches), so it stays this small.
 */

export const OFFLINE_CACHE_PREFIX = "pathagar-reader-";
export const CODE_CACHE = `${OFFLINE_CACHE_PREFIX}code`;
export const USER_CACHE_PREFIX = `${OFFLINE_CACHE_PREFIX}user-`;

/** The cache of one user's pages. */
export function userCacheName(userId: number): string {
  return `${USER_CACHE_PREFIX}${userId}`;
}

/** The offline reader's caches to delete so that only `keepUserId`'s remain (all of them when null). */
export function cachesToForget(cacheNames: readonly string[], keepUserId: number | null): string[] {
  return cacheNames.filter((name) => {
    if (!name.startsWith(OFFLINE_CACHE_PREFIX)) return false;
    if (keepUserId === null) return true;
    return name !== CODE_CACHE && name !== userCacheName(keepUserId);
  });
}

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
