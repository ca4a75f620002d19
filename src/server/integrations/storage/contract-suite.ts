/**
 * What every FileStorage must do, as tests: the disk store (disk.test.ts) and the S3 store
 * (s3.test.ts, against a local S3-compatible server) run this same suite, so a shop moved from one
 * to the other finds its files answered alike.
 */
import { describe, expect, it } from "vitest";
import { type FileStorage, InvalidStorageKeyError } from "./provider";

const bytes = (...b: number[]) => new Uint8Array(b);

export function storageContract(name: string, make: () => FileStorage | Promise<FileStorage>) {
  describe(`${name} storage: the FileStorage contract`, () => {
    it("gives back what was put, with the content type of the key's extension", async () => {
      const storage = await make();
      await storage.put("images/abc123-320.webp", bytes(1, 2, 3), "image/webp");
      const file = await storage.get("images/abc123-320.webp");
      expect(file && [...file.bytes]).toEqual([1, 2, 3]);
      expect(file?.contentType).toBe("image/webp");
      expect(await storage.has("images/abc123-320.webp")).toBe(true);
      expect(await storage.size("images/abc123-320.webp")).toBe(3);
    });

    it("keeps a PDF whole, byte for byte, and names it a PDF", async () => {
      const storage = await make();
      const pdf = new Uint8Array(3 * 1024 * 1024 + 17);
      for (let i = 0; i < pdf.length; i++) pdf[i] = (i * 31 + 7) & 255;
      await storage.put("ebooks/0a1b2c.pdf", pdf, "application/pdf");
      const file = await storage.get("ebooks/0a1b2c.pdf");
      expect(file?.contentType).toBe("application/pdf");
      expect(file?.bytes.byteLength).toBe(pdf.byteLength);
      expect(Buffer.from(file!.bytes).equals(Buffer.from(pdf))).toBe(true);
      expect(await storage.size("ebooks/0a1b2c.pdf")).toBe(pdf.byteLength);
    });

    it("answers null for a key with no file, and false for has()", async () => {
      const storage = await make();
      expect(await storage.get("images/nothing-160.webp")).toBeNull();
      expect(await storage.has("images/nothing-160.webp")).toBe(false);
      expect(await storage.size("images/nothing-160.webp")).toBeNull();
    });

    it("does not take a folder of files for a file", async () => {
      const storage = await make();
      await storage.put("ebooks/ab12-thumbs/1.webp", bytes(1), "image/webp");
      expect(await storage.get("ebooks/ab12-thumbs")).toBeNull();
      expect(await storage.has("ebooks/ab12-thumbs")).toBe(false);
      expect(await storage.size("ebooks/ab12-thumbs")).toBeNull();
    });

    it("overwrites a key with the newer bytes", async () => {
      const storage = await make();
      await storage.put("ebooks/a.pdf", bytes(1), "application/pdf");
      await storage.put("ebooks/a.pdf", bytes(2, 3), "application/pdf");
      expect([...(await storage.get("ebooks/a.pdf"))!.bytes]).toEqual([2, 3]);
      expect(await storage.size("ebooks/a.pdf")).toBe(2);
    });

    it("keeps an empty file apart from a missing one", async () => {
      const storage = await make();
      await storage.put("misc/empty.txt", bytes(), "text/plain; charset=utf-8");
      expect(await storage.has("misc/empty.txt")).toBe(true);
      expect(await storage.size("misc/empty.txt")).toBe(0);
      expect((await storage.get("misc/empty.txt"))?.bytes.byteLength).toBe(0);
    });

    it("answers many calls at once", async () => {
      const storage = await make();
      const keys = Array.from({ length: 12 }, (_, i) => `images/many${i}-160.webp`);
      await Promise.all(keys.map((k, i) => storage.put(k, bytes(i), "image/webp")));
      const got = await Promise.all(keys.map((k) => storage.get(k)));
      expect(got.map((f) => f?.bytes[0])).toEqual(keys.map((_, i) => i));
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
      const storage = await make();
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.has(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.size(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, bytes(1), "text/plain")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    });
  });
}
