import { describe, expect, it } from "vitest";
import { REDIRECT_STORAGE_KEY } from "../../contracts/messages";
import { isSafeRedirect, storeRedirect, takeStoredRedirect } from "./redirect";

/** A Storage backed by a Map, like the browser's localStorage. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  [name: string]: unknown;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

describe("stored redirect", () => {
  it("is taken once: the second read finds nothing", () => {
    const storage = new MemoryStorage();
    storeRedirect("/cart/checkout?step=2", storage);
    expect(takeStoredRedirect(storage)).toBe("/cart/checkout?step=2");
    expect(takeStoredRedirect(storage)).toBeNull();
    expect(storage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
  });

  it("answers null when nothing is stored", () => {
    expect(takeStoredRedirect(new MemoryStorage())).toBeNull();
  });

  it.each([
    "//evil.com",
    "//evil.com/cart",
    "https://evil.com/",
    "http://localhost/cart",
    "/\\evil.com",
    "cart",
    "",
  ])("does not store %j", (path) => {
    const storage = new MemoryStorage();
    storeRedirect(path, storage);
    expect(storage.length).toBe(0);
  });

  it.each(["//evil.com", "https://evil.com/", "javascript:alert(1)", "/\\evil.com"])(
    "refuses %j planted in storage, and removes it",
    (path) => {
      const storage = new MemoryStorage();
      storage.setItem(REDIRECT_STORAGE_KEY, path);
      expect(takeStoredRedirect(storage)).toBeNull();
      expect(storage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
    },
  );

  it("keeps the latest of two stored paths", () => {
    const storage = new MemoryStorage();
    storeRedirect("/orders", storage);
    storeRedirect("/profile", storage);
    expect(takeStoredRedirect(storage)).toBe("/profile");
  });
});

describe("isSafeRedirect", () => {
  it("accepts paths of this site", () => {
    expect(isSafeRedirect("/")).toBe(true);
    expect(isSafeRedirect("/book/12?tab=reviews#top")).toBe(true);
  });

  it("refuses null, undefined and other origins", () => {
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(undefined)).toBe(false);
    expect(isSafeRedirect("//evil.com")).toBe(false);
    expect(isSafeRedirect("https://evil.com")).toBe(false);
  });

  it("refuses a path holding a control character, which a browser would drop or a header refuse", () => {
    // The browser reads "/\t/evil.com" as "//evil.com": another site.
    expect(new URL("/\t/evil.com", "https://shop.example").host).toBe("evil.com");
    for (const path of ["/\t/evil.com", "/\n/evil.com", "/\r\n/evil.com", "/cart\u0000", "/a\u007fb"]) {
      expect(isSafeRedirect(path)).toBe(false);
    }
  });
});
