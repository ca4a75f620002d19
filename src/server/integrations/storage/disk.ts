import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { assertStorageKey, contentTypeOf, type FileStorage } from "./provider";

/**
 * Files under one directory (`${DATA_DIR}/uploads`), one file per key. The content type comes
 * from the key's extension, so callers name keys by what they hold.
 */
export function createDiskStorage(root: string): FileStorage {
  const base = resolve(root);

  function pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(base, key);
    // Belt and braces: the key check already refuses `..`, this refuses anything else that escapes.
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the storage root: ${key}`);
    return path;
  }

  return {
    name: "disk",
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file, and two writers of one key both win.
      const tmp = join(dirname(path), `.tmp-${randomBytes(6).toString("hex")}`);
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, path);
      } catch (e) {
        await unlink(tmp).catch(() => {});
        throw e;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const bytes = await readFile(path);
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: contentTypeOf(key),
        };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async has(key) {
      const path = pathOf(key);
      try {
        return (await stat(path)).isFile();
      } catch (e) {
        if (isMissing(e)) return false;
        throw e;
      }
    },
    async size(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return info.isFile() ? info.size : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
  };
}

function isMissing(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
