import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { storageContract } from "./contract-suite";
import { createDiskStorage } from "./disk";
import { contentTypeOf, isPublicKey, isValidStorageKey } from "./provider";

const roots: string[] = [];
function freshRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "pathagar-disk-"));
  roots.push(root);
  return root;
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

storageContract("disk", () => createDiskStorage(freshRoot()));

describe("disk storage", () => {
  it("writes through a temporary file and leaves none behind", async () => {
    const root = freshRoot();
    const storage = createDiskStorage(root);
    await storage.put("ebooks/a.pdf", new Uint8Array([1]), "application/pdf");
    await storage.put("ebooks/a.pdf", new Uint8Array([2]), "application/pdf");
    expect(readdirSync(join(root, "ebooks"))).toEqual(["a.pdf"]);
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

  it("makes pictures public and nothing else: e-books, course files and thumbnails stay private", () => {
    expect(isPublicKey("images/3fa9c1-320.webp")).toBe(true);
    expect(isPublicKey("ebooks/8d02e7.pdf")).toBe(false);
    expect(isPublicKey("ebooks/8d02e7-thumbs/1.webp")).toBe(false);
    expect(isPublicKey("content/ab.pdf")).toBe(false);
    expect(isPublicKey("imagesx/a.webp")).toBe(false);
  });
});
