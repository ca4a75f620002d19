import { REDIRECT_STORAGE_KEY } from "../../contracts/messages";

/**
 * Only paths of this site are followed, never another origin. A control character is refused too:
 * a browser drops a tab or a line break from an address, so `/<tab>/evil.com` would go to
 * `//evil.com` (and a line break cannot be sent in a Location header at all).
 */
export function isSafeRedirect(path: string | null | undefined): path is string {
  return (
    !!path &&
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !path.startsWith("/\\") &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    !/[\u0000-\u001f\u007f]/.test(path)
  );
}

export function storeRedirect(path: string | null | undefined, storage: Storage = localStorage) {
  if (isSafeRedirect(path)) storage.setItem(REDIRECT_STORAGE_KEY, path);
}

/** The redirect path stored in local storage, removed as it is read. */
export function takeStoredRedirect(storage: Storage = localStorage): string | null {
  const path = storage.getItem(REDIRECT_STORAGE_KEY);
  if (path !== null) storage.removeItem(REDIRECT_STORAGE_KEY);
  return isSafeRedirect(path) ? path : null;
}
