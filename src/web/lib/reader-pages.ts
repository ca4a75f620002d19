/**
 * The reader's pages: each one a one-page PDF from `GET /api/ebooks/{id}/pages/{n}`, opened with
 * pdf.js. pdf.js and its worker load on the first page asked for, so only the reader's route ever
 * downloads them. A few pages are kept in memory (the one on screen and the ones fetched ahead);
 * the book itself is never fetched whole.
 */
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";
// Only the worker's address (a hashed asset of the shop): the worker itself loads with the first page.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { ebookPageApiPath } from "../../contracts/reading";

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

async function fetchPage(ebookId: number, page: number): Promise<PDFDocumentProxy> {
  let res: Response;
  try {
    res = await fetch(ebookPageApiPath(ebookId, page), { credentials: "same-origin" });
  } catch {
    throw new PageLoadError(0, true);
  }
  if (!res.ok) throw new PageLoadError(res.status, false);
  const data = new Uint8Array(await res.arrayBuffer());
  const lib = await loadPdfJs();
  // No eval: the page's Content-Security-Policy allows none, and pdf.js draws fonts without it.
  return lib.getDocument({ data, isEvalSupported: false }).promise;
}

function entryFor(ebookId: number, page: number): Entry {
  const key = `${ebookId}:${page}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const doc = fetchPage(ebookId, page);
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

/** Page `page` of the e-book, drawn from memory when it was fetched ahead. */
export function loadReaderPage(ebookId: number, page: number): Promise<PDFPageProxy> {
  return entryFor(ebookId, page).page;
}

/** Starts fetching these pages (the next ones), so turning to them shows them at once. */
export function prefetchReaderPages(ebookId: number, pages: number[]): void {
  for (const p of pages) entryFor(ebookId, p).page.catch(() => {});
}
