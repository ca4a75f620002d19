/**
 * The reader's pages: each one a one-page PDF from the API (`GET /api/ebooks/{id}/pages/{n}`, or a
 * course chapter's `.../chapters/{chapterId}/pages/{n}`), opened with pdf.js, known by its URL.
 * Only the reader's routes import this module, so only they ever download pdf.js and its worker;
 * they start both at once (`readerPreloads` in the page's head, `warmUpReader` when this module
 * runs), alongside the reader's answer and the first page rather than after them. One pdf.js
 * worker serves every page. A few pages are kept in memory (the one on screen and the ones fetched
 * ahead); the book or chapter itself is never fetched whole.
 */
import type { PDFDocumentProxy, PDFPageProxy, PDFWorker } from "pdfjs-dist";
// pdf.js and its worker as hashed files of the shop (no outside host), by address: the page's
// head names both, so the browser fetches them while it still parses the page.
import pdfUrl from "pdfjs-dist/build/pdf.min.mjs?url";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

/**
 * The reader's `<link>`s: pdf.js as a module preload (the `import()` below then finds it ready)
 * and its worker's script as a preload into the HTTP cache (a worker's own request is not matched
 * to a page's preload, but the answer is cached for a year and the worker's request waits for it,
 * rather than downloading it a second time).
 */
export function readerPreloads() {
  return [
    { rel: "modulepreload", href: pdfUrl },
    // Low priority: on a slow line the worker's 300 kB would otherwise share it with the page's
    // own scripts and hold hydration back, while it is needed only once a page has arrived.
    {
      rel: "preload",
      href: workerUrl,
      as: "fetch",
      crossOrigin: "anonymous" as const,
      fetchPriority: "low" as const,
    },
  ];
}

/** A page that did not arrive; `offline` when there was no answer at all. */
export class PageLoadError extends Error {
  constructor(
    readonly status: number,
    readonly offline: boolean,
  ) {
    super(offline ? "No connection" : `Page answer ${status}`);
  }
}

/**
 * One of the reader's answers (its `GET .../reader`, its first page) preloaded from the page's
 * head, so it arrives while the page's code still loads; the reader's own `fetch` of it (same URL,
 * same credentials mode) is then answered from the preload. As a `meta` entry, since only `meta`
 * knows the address's ids and the loader's data.
 */
export function readerAnswerPreload(href: string) {
  return { tagName: "link", rel: "preload", href, as: "fetch", crossOrigin: "anonymous" as const };
}

type PdfJs = typeof import("pdfjs-dist");
let pdfjs: Promise<PdfJs> | null = null;
let worker: PDFWorker | null = null;

/** pdf.js (the same file the page's head preloads), tried again after a failed download. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (import(/* @vite-ignore */ pdfUrl) as Promise<PdfJs>).then(
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

/**
 * The one pdf.js worker every page is opened with (pdf.js would otherwise start a worker, and
 * compile its script, for each page). A worker that failed to start is replaced on the next page.
 */
function sharedWorker(lib: PdfJs): PDFWorker {
  if (!worker || worker.destroyed) {
    const created = new lib.PDFWorker();
    created.promise.catch(() => {
      created.destroy();
      if (worker === created) worker = null;
    });
    worker = created;
  }
  return worker;
}

/** Starts pdf.js and its worker now, before any page is asked for. */
export function warmUpReader(): void {
  loadPdfJs().then(sharedWorker, () => {});
}

// The reader's routes import this module only in the browser's reader: pdf.js starts as soon as
// the route's code runs, before hydration and in parallel with the reader's answer.
if (typeof window !== "undefined") warmUpReader();

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
  return lib.getDocument({ data, isEvalSupported: false, worker: sharedWorker(lib) }).promise;
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
