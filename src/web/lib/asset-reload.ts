import { ASSET_RELOAD_MIN_INTERVAL } from "../../contracts/messages";

const KEY = "asset-reload-at";
const ASSET_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk \S+ failed/i;

export function isAssetLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return ASSET_ERROR.test(message);
}

/**
 * After a new deployment an old page may ask for chunks that no longer exist: reload to get the
 * new build, but at most once per 10 s so a broken network cannot cause a reload loop.
 */
export function reloadAfterAssetFailure(
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
  now = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < ASSET_RELOAD_MIN_INTERVAL) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
