/**
 * The reader's pages: each one a one-page PDF from the API (`GET /api/ebooks/{id}/pages/{n}`, or a
 * course chapter's `.../chapters/{chapterId}/pages/{n}`), opened with pdf.js, known by its URL. pdf.js and its worker load on the first page asked for, so only the reader's route ever
 * downloads them. A few pages are kept in memory (the one on screen and the ones fetched ahead);
 * the book or chapter itself is never fetched whole.
 */
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";
// Only the worker's address (a hashed asset of the shop): the worker itself loads with the first page.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

/** A page that did not arrive; `offline` when there was no answer at all. */
export class PageLoadError extends Error {
  constructor(
    readonly status: number,
    readonly offline: boolean,
  ) {
    super(offline ? "No connection" : `Page answer ${status}`);
  }
}

type PdfJs = typeof import("pdfjs-dist");
let pdfjs: Promise<PdfJs> | null = null;

/** pdf.js with its worker served from the shop as a hashed asset (no outside host). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist").then(
    (lib) => {
      lib.GlobalWorkerOptions.workerSrc = workerUrl;
      return lib;
    },
    (e: unknown) => {
      pdfjs = null; // a failed download (offline) is tried again on the next page
      throw e instanceof Error ? new PageLoadError(0, true) : e;
    },
  );
  return pdfjs;
}

type Entry = { doc: Promise<PDFDocumentProxy>; page: Promise<PDFPageProxy> };
/** The current page, the one before it and the two fetched ahead, with a little room. */
const KEEP = 6;
const cache = new Map<string, Entry>();

async function fetchPage(url: string): Promise<PDFDocumentProxy> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new PageLoadError(0, true);
  }
  if (!res.ok) throw new PageLoadError(res.status, false);
  const data = new Uint8Array(await res.arrayBuffer());
  const lib = await loadPdfJs();
  // No eval: the page's Content-Security-Policy allows none, and pdf.js draws fonts without it.
  return lib.getDocument({ data, isEvalSupported: false }).promise;
}

function entryFor(url: string): Entry {
  const key = url;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const doc = fetchPage(url);
  const entry: Entry = { doc, page: doc.then((d) => d.getPage(1)) };
  // A failed page is forgotten at once, so Retry asks the server again.
  entry.page.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  cache.set(key, entry);
  while (cache.size > KEEP) {
    const [oldKey, old] = cache.entries().next().value as [string, Entry];
    cache.delete(oldKey);
    old.doc.then((d) => d.destroy()).catch(() => {});
  }
  return entry;
}

/** The page at `url` (its page endpoint), drawn from memory when it was fetched ahead. */
export function loadReaderPage(url: string): Promise<PDFPageProxy> {
  return entryFor(url).page;
}

/** Starts fetching these pages (the next ones, by URL), so turning to them shows them at once. */
export function prefetchReaderPages(urls: string[]): void {
  for (const url of urls) entryFor(url).page.catch(() => {});
}
