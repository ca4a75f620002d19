/**
 * What the offline reader's service worker keeps, and under which names: shared by the worker
 * (src/web/sw.ts) and the pages that register or clear it. Pure: no browser or worker globals.
 *
 * - `pathagar-reader-code`: the hashed /assets/* files the reader loaded (its code, pdf.js and its
 *   worker, the stylesheet). The same for everyone.
 * - `pathagar-reader-user-{id}`: what one signed-in user opened: the reader's page (HTML), its
 *   `/reader` answers and the stamped pages (and their pictures). At most one such cache may exist; with none, or with
 *   more than one, the worker keeps and serves nothing of anyone.
 */
import { USER_CACHE_PREFIX } from "./caches";

/** The user a cache belongs to, or null for a cache that is not a user's. */
export function userOfCache(name: string): number | null {
  if (!name.startsWith(USER_CACHE_PREFIX)) return null;
  const rest = name.slice(USER_CACHE_PREFIX.length);
  return /^[1-9]\d{0,15}$/.test(rest) ? Number(rest) : null;
}

/**
 * Whose pages the worker may keep and serve, from the names in Cache Storage: the one user cache,
 * or nobody when there is none (signed out) or, by some race, more than one.
 */
export function findCurrentUser(cacheNames: readonly string[]): number | null {
  const users = new Set(cacheNames.map(userOfCache).filter((u): u is number => u !== null));
  return users.size === 1 ? ([...users][0] ?? null) : null;
}

/**
 * One readable thing: an e-book (`ebook:5`) or a course's chapter (`chapter:3:7`). A refusal for
 * any of its URLs drops everything kept of it.
 */
export type ReaderItem = `ebook:${number}` | `chapter:${number}:${number}`;

export type ReaderUrl =
  /** The reader's own page (HTML). */
  | { kind: "document"; item: ReaderItem }
  /** `GET …/reader`: title, page count, access, progress. */
  | { kind: "info"; item: ReaderItem }
  /** `GET …/pages/{n}`: one stamped page (or `…/pages/{n}/image`, its picture). */
  | { kind: "page"; item: ReaderItem; page: number };

/** Ids are 1 to 10 digits with no leading zero, as the routes accept them. */
const PATTERNS: { re: RegExp; kind: ReaderUrl["kind"]; chapter: boolean }[] = [
  { re: /^\/ebook\/([1-9]\d{0,9})\/read\/?$/, kind: "document", chapter: false },
  { re: /^\/content\/([1-9]\d{0,9})\/chapters\/([1-9]\d{0,9})\/read\/?$/, kind: "document", chapter: true },
  { re: /^\/api\/ebooks\/([1-9]\d{0,9})\/reader$/, kind: "info", chapter: false },
  { re: /^\/api\/courses\/([1-9]\d{0,9})\/chapters\/([1-9]\d{0,9})\/reader$/, kind: "info", chapter: true },
  { re: /^\/api\/ebooks\/([1-9]\d{0,9})\/pages\/([1-9]\d{0,9})$/, kind: "page", chapter: false },
  {
    re: /^\/api\/courses\/([1-9]\d{0,9})\/chapters\/([1-9]\d{0,9})\/pages\/([1-9]\d{0,9})$/,
    kind: "page",
    chapter: true,
  },
  // A page's picture drawn on the server (the reader's first page before pdf.js), kept as the page is.
  { re: /^\/api\/ebooks\/([1-9]\d{0,9})\/pages\/([1-9]\d{0,9})\/image$/, kind: "page", chapter: false },
  {
    re: /^\/api\/courses\/([1-9]\d{0,9})\/chapters\/([1-9]\d{0,9})\/pages\/([1-9]\d{0,9})\/image$/,
    kind: "page",
    chapter: true,
  },
];

/** What a same-origin path is to the offline reader, or null when the worker leaves it alone. */
export function matchReaderUrl(pathname: string): ReaderUrl | null {
  for (const { re, kind, chapter } of PATTERNS) {
    const m = re.exec(pathname);
    if (!m) continue;
    const [a = 0, b = 0, c = 0] = [m[1], m[2], m[3]].map(Number);
    const item: ReaderItem = chapter ? `chapter:${a}:${b}` : `ebook:${a}`;
    if (kind === "page") return { kind, item, page: chapter ? c : b };
    return { kind, item };
  }
  return null;
}

/** The shop's hashed build files (served immutable): safe to keep until they are trimmed. */
export function isHashedAsset(pathname: string): boolean {
  return /^\/assets\/[^/]+\.(?:m?js|css|woff2?)$/.test(pathname);
}

/**
 * The worker's scope for a reader page: `/ebook/` or `/content/`, the narrowest prefix (a scope is
 * a path prefix) that holds both the reader's address and nothing of the shop's other areas.
 */
export function scopeFor(pathname: string): string | null {
  const url = matchReaderUrl(pathname);
  if (url?.kind !== "document") return null;
  return url.item.startsWith("ebook:") ? "/ebook/" : "/content/";
}

/** What a reader page may tell the worker: URLs it loaded before the worker controlled it. */
export type WorkerMessage = { type: "keep"; urls: string[] };

/** How many entries each cache holds at most; the oldest written go first. */
export const MAX_CODE_ENTRIES = 120;
export const MAX_USER_ENTRIES = 600;
