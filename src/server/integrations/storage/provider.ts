/**
 * Where uploaded and generated files live: local disk by default, an S3-compatible bucket when
 * S3_BUCKET is set (decision 38). Keys are relative paths such as `images/3fa9c1-320.webp` or
 * `ebooks/8d02e7.pdf`. Only `images/` is public (isPublicKey); everything else (e-book PDFs,
 * course files, page thumbnails) is read by the server and served through the access checks.
 */
export interface FileStorage {
  readonly name: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** Whether a file exists under the key, without reading it. */
  has(key: string): Promise<boolean>;
  /** The file's size in bytes, or null when there is none under the key. */
  size(key: string): Promise<number | null>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * A key is one or more `/`-separated segments of letters, digits, `.`, `_` and `-`; no segment
 * starts with a dot, so `..`, hidden files and absolute paths are refused.
 */
export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && KEY.test(key) && !key.split("/").includes("..");
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = "InvalidStorageKeyError";
  }
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** The content type a key's extension stands for (what the disk store answers with). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}

/**
 * The one public prefix: product pictures and author photos. Their keys hold a content hash, so a
 * key's bytes never change. E-book PDFs, course files and page thumbnails are never public.
 */
export const PUBLIC_KEY_PREFIX = "images/";

/** Whether a key may be served to anyone (at `/media/`, from the bucket or a CDN in front of it). */
export function isPublicKey(key: string): boolean {
  return key.startsWith(PUBLIC_KEY_PREFIX);
}

/** How long a public file may be kept, by browsers and shared caches alike: its bytes never change. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=31536000, immutable";
