import { describe, expect, it } from "vitest";
import { CODE_CACHE, cachesToForget, userCacheName } from "./caches";
import { findCurrentUser, isHashedAsset, matchReaderUrl, scopeFor, userOfCache } from "./reader-cache";

describe("the offline reader's cache names", () => {
  it("names one cache per user and reads the user back", () => {
    expect(userCacheName(42)).toBe("pathagar-reader-user-42");
    expect(userOfCache(userCacheName(42))).toBe(42);
  });

  it("reads no user from other caches or malformed names", () => {
    for (const name of [
      CODE_CACHE,
      "pathagar-reader-user-",
      "pathagar-reader-user-04",
      "pathagar-reader-user-1x",
      "user-1",
    ])
      expect(userOfCache(name)).toBeNull();
  });

  it("serves the one user whose cache exists, and nobody when there is none or more than one", () => {
    expect(findCurrentUser([CODE_CACHE, userCacheName(7), "other"])).toBe(7);
    expect(findCurrentUser([CODE_CACHE])).toBeNull();
    expect(findCurrentUser([userCacheName(7), userCacheName(8)])).toBeNull();
  });

  it("signing out forgets every offline cache and nothing else of the shop's", () => {
    const names = [CODE_CACHE, userCacheName(7), userCacheName(8), "someone-elses"];
    expect(cachesToForget(names, null)).toEqual([CODE_CACHE, userCacheName(7), userCacheName(8)]);
  });

  it("a sign-in keeps the code and the signed-in user's pages, and forgets the others'", () => {
    const names = [CODE_CACHE, userCacheName(7), userCacheName(8)];
    expect(cachesToForget(names, 8)).toEqual([userCacheName(7)]);
  });
});

describe("which URLs the offline reader keeps", () => {
  it("knows the e-book reader's page, its answer and its pages", () => {
    expect(matchReaderUrl("/ebook/5/read")).toEqual({ kind: "document", item: "ebook:5" });
    expect(matchReaderUrl("/api/ebooks/5/reader")).toEqual({ kind: "info", item: "ebook:5" });
    expect(matchReaderUrl("/api/ebooks/5/pages/12")).toEqual({ kind: "page", item: "ebook:5", page: 12 });
  });

  it("keeps a page's picture drawn on the server as a page of its e-book or chapter", () => {
    expect(matchReaderUrl("/api/ebooks/5/pages/12/image")).toEqual({
      kind: "page",
      item: "ebook:5",
      page: 12,
    });
    expect(matchReaderUrl("/api/courses/3/chapters/9/pages/2/image")).toEqual({
      kind: "page",
      item: "chapter:3:9",
      page: 2,
    });
    expect(matchReaderUrl("/api/ebooks/5/pages/0/image")).toBeNull();
    expect(matchReaderUrl("/api/ebooks/5/pages/1/images")).toBeNull();
  });

  it("knows a course chapter's reader the same way", () => {
    expect(matchReaderUrl("/content/3/chapters/9/read")).toEqual({ kind: "document", item: "chapter:3:9" });
    expect(matchReaderUrl("/api/courses/3/chapters/9/reader")).toEqual({ kind: "info", item: "chapter:3:9" });
    expect(matchReaderUrl("/api/courses/3/chapters/9/pages/2")).toEqual({
      kind: "page",
      item: "chapter:3:9",
      page: 2,
    });
  });

  it("leaves the shop's other pages and answers alone", () => {
    for (const path of [
      "/",
      "/ebook/5",
      "/ebook/library",
      "/ebook/5/read.data",
      "/content/3",
      "/api/ebooks/5/progress",
      "/api/ebooks/5/pages/0",
      "/api/ebooks/05/pages/1",
      "/api/ebooks/5/pages/1/2",
      "/api/auth/me",
      "/api/courses/3/chapters/9/done",
    ])
      expect(matchReaderUrl(path), path).toBeNull();
  });

  it("keeps only the hashed build files as code", () => {
    expect(isHashedAsset("/assets/ebook-read-Ab12.js")).toBe(true);
    expect(isHashedAsset("/assets/pdf.worker.min-FHbmGBN0.mjs")).toBe(true);
    expect(isHashedAsset("/assets/app-CikJDPPA.css")).toBe(true);
    expect(isHashedAsset("/sw.js")).toBe(false);
    expect(isHashedAsset("/media/covers/1.webp")).toBe(false);
    expect(isHashedAsset("/assets/../api/ebooks/1/reader")).toBe(false);
  });

  it("scopes the worker to the reader's area of the shop only", () => {
    expect(scopeFor("/ebook/5/read")).toBe("/ebook/");
    expect(scopeFor("/content/3/chapters/9/read")).toBe("/content/");
    expect(scopeFor("/ebook/5")).toBeNull();
  });
});
