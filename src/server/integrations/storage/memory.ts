import { assertStorageKey, contentTypeOf, type FileStorage } from "./provider";

/** Files in a Map, for unit tests: the same key rules and content types as the disk store. */
export function createMemoryStorage(): FileStorage & { keys(): string[] } {
  const files = new Map<string, Uint8Array>();
  return {
    name: "memory",
    async put(key, bytes) {
      assertStorageKey(key);
      files.set(key, new Uint8Array(bytes));
    },
    async get(key) {
      assertStorageKey(key);
      const bytes = files.get(key);
      return bytes ? { bytes, contentType: contentTypeOf(key) } : null;
    },
    async has(key) {
      assertStorageKey(key);
      return files.has(key);
    },
    async size(key) {
      assertStorageKey(key);
      return files.get(key)?.byteLength ?? null;
    },
    keys: () => [...files.keys()].sort(),
  };
}
