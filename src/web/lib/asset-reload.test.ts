import { describe, expect, it, vi } from "vitest";
import { ASSET_RELOAD_MIN_INTERVAL } from "../../contracts/messages";
import { isAssetLoadError, reloadAfterAssetFailure } from "./asset-reload";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const T0 = 1_767_225_600_000; // 2026-01-01, a realistic Date.now()

describe("reloadAfterAssetFailure", () => {
  it("reloads the first time", () => {
    const reload = vi.fn();
    expect(reloadAfterAssetFailure(memoryStorage(), T0, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload again within 10 seconds", () => {
    expect(ASSET_RELOAD_MIN_INTERVAL).toBe(10_000);
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadAfterAssetFailure(storage, T0, reload);
    expect(reloadAfterAssetFailure(storage, T0 + 1, reload)).toBe(false);
    expect(reloadAfterAssetFailure(storage, T0 + 9_999, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads again once 10 seconds have passed", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadAfterAssetFailure(storage, T0, reload);
    expect(reloadAfterAssetFailure(storage, T0 + 10_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("counts the 10 seconds from the last reload, not from a refused one", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadAfterAssetFailure(storage, T0, reload);
    reloadAfterAssetFailure(storage, T0 + 9_000, reload);
    expect(reloadAfterAssetFailure(storage, T0 + 10_000, reload)).toBe(true);
  });

  it("remembers the reload in the storage it is given, so a reloaded page sees it", () => {
    const storage = memoryStorage();
    reloadAfterAssetFailure(storage, T0, () => {});
    const reload = vi.fn();
    expect(reloadAfterAssetFailure(storage, T0 + 5_000, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("isAssetLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://shop.example/assets/home-abc.js",
    "error loading dynamically imported module",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/app-1.css",
    "Loading chunk 42 failed.",
  ])("recognises %j", (message) => {
    expect(isAssetLoadError(new Error(message))).toBe(true);
    expect(isAssetLoadError(message)).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isAssetLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isAssetLoadError(undefined)).toBe(false);
    expect(isAssetLoadError({ message: "Loading chunk 1 failed" })).toBe(false);
  });
});
