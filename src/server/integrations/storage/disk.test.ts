import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "./disk";
import { contentTypeOf, InvalidStorageKeyError, isValidStorageKey } from "./provider";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pathagar-disk-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("disk storage", () => {
  it("gives back what was put, with the content type of the key's extension", async () => {
    const storage = createDiskStorage(root);
    await storage.put("images/abc123-320.webp", new Uint8Array([1, 2, 3]), "image/webp");
    const file = await storage.get("images/abc123-320.webp");
    expect(file && [...file.bytes]).toEqual([1, 2, 3]);
    expect(file?.contentType).toBe("image/webp");
    expect(await storage.has("images/abc123-320.webp")).toBe(true);
    expect(await storage.size("images/abc123-320.webp")).toBe(3);
  });

  it("answers null for a key with no file, and false for has()", async () => {
    const storage = createDiskStorage(root);
    expect(await storage.get("images/nothing-160.webp")).toBeNull();
    expect(await storage.has("images/nothing-160.webp")).toBe(false);
    // A directory is not a file.
    await storage.put("images/x.webp", new Uint8Array([1]), "image/webp");
    expect(await storage.get("images")).toBeNull();
    expect(await storage.size("images/nothing-160.webp")).toBeNull();
    expect(await storage.size("images")).toBeNull();
  });

  it("overwrites a key and leaves no temporary files behind", async () => {
    const storage = createDiskStorage(root);
    await storage.put("ebooks/a.pdf", new Uint8Array([1]), "application/pdf");
    await storage.put("ebooks/a.pdf", new Uint8Array([2]), "application/pdf");
    expect([...(await storage.get("ebooks/a.pdf"))!.bytes]).toEqual([2]);
    expect(readdirSync(join(root, "ebooks"))).toEqual(["a.pdf"]);
  });

  it.each([
    "../secret",
    "images/../../etc/passwd",
    "/etc/passwd",
    "images//x",
    ".hidden",
    "images/.x",
    "a\\b",
    "",
  ])("refuses the key %j", async (key) => {
    const storage = createDiskStorage(root);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.put(key, new Uint8Array([1]), "text/plain")).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
  });
});

describe("storage keys", () => {
  it("accepts nested keys of letters, digits, dots, dashes and underscores", () => {
    expect(isValidStorageKey("images/3fa9c1-320.webp")).toBe(true);
    expect(isValidStorageKey("content/a_b/c.d.pdf")).toBe(true);
    expect(isValidStorageKey("images/a b.webp")).toBe(false);
    expect(isValidStorageKey("x".repeat(301))).toBe(false);
  });

  it("names the content type by extension", () => {
    expect(contentTypeOf("images/a-160.webp")).toBe("image/webp");
    expect(contentTypeOf("ebooks/a.PDF")).toBe("application/pdf");
    expect(contentTypeOf("misc/blob")).toBe("application/octet-stream");
  });
});
