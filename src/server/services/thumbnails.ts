/**
 * Small pictures of an e-book's pages, for the staff pages that show the book page by page
 * (`/admin/books/{id}/pages`, `/admin/books/{id}/demo`). Drawn on the server with pdf.js onto
 * @napi-rs/canvas (pdf.js's own choice of canvas in Node), THUMBNAIL_WIDTH pixels wide, as WebP,
 * and stored beside the PDF under a key made from the PDF's key and the page number: a new file
 * has a new key, so a replaced PDF never shows the old file's pictures.
 *
 * They show the whole book, so they are never public: `/media` serves `images/` only, and the API
 * serves these to staff holding `books`.
 *
 * When they are made: a 300-page PDF takes seconds (see docs/operations.md), too long for the
 * upload's request, so after the upload's commit the server draws every page in the background,
 * one page at a time; any page asked for before its turn (or of a file uploaded before thumbnails
 * existed, or whose background run a restart cut short) is drawn on that request and kept. The
 * background run is not durable and needs not be: the on-request path completes whatever it left.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { LRUCache } from "lru-cache";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { THUMBNAIL_WIDTH } from "../../contracts/uploads";
import type { FileStorage } from "../integrations/storage/provider";
import type { Ctx } from "./context";

type Deps = Pick<Ctx, "storage" | "log">;

/** The storage key of a page's thumbnail: beside the PDF, from its key (`ebooks/ab12.pdf` → `ebooks/ab12-thumbs/3.webp`). */
export function thumbnailKey(pdfKey: string, page: number): string {
  return `${pdfKey.replace(/\.pdf$/i, "")}-thumbs/${page}.webp`;
}

/** A short token that changes with the file (its content hash), for thumbnail addresses. */
export function fileVersionOf(pdfKey: string): string {
  const name = pdfKey.slice(pdfKey.lastIndexOf("/") + 1).replace(/\.pdf$/i, "");
  return name.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 16) || "0";
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | null = null;
let assetDirs: { fonts: string; cmaps: string } | null = null;

/** pdf.js's Node build, loaded on first use (the server starts without it). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  if (!assetDirs) {
    // The standard fonts and character maps ship with pdf.js; a PDF that does not embed its
    // fonts is drawn with them rather than with boxes.
    const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
    assetDirs = { fonts: `${join(root, "standard_fonts")}/`, cmaps: `${join(root, "cmaps")}/` };
  }
  return pdfjs;
}

type Open = { doc: Promise<PDFDocumentProxy> };

type State = {
  /** Open documents by file key: a few, each closed when it leaves. */
  docs: LRUCache<string, Open>;
  /** Pages being drawn now, so two requests for one page draw it once. */
  drawing: Map<string, Promise<Uint8Array | null>>;
  /** Files whose background run is under way. */
  running: Set<string>;
};

/** Per storage, so each app in a test process has its own. */
const stateByStorage = new WeakMap<FileStorage, State>();

function stateOf(storage: FileStorage): State {
  let state = stateByStorage.get(storage);
  if (!state) {
    state = {
      docs: new LRUCache<string, Open>({
        max: 3,
        // A document idle for a minute is closed: its parsed pages can be large.
        ttl: 60_000,
        dispose: (open) => {
          open.doc.then((d) => d.destroy()).catch(() => {});
        },
      }),
      drawing: new Map(),
      running: new Set(),
    };
    stateByStorage.set(storage, state);
  }
  return state;
}

async function openPdf(deps: Deps, pdfKey: string): Promise<PDFDocumentProxy | null> {
  const { docs } = stateOf(deps.storage);
  let open = docs.get(pdfKey);
  if (!open) {
    const doc = (async () => {
      const file = await deps.storage.get(pdfKey);
      if (!file) throw new Error(`no file under ${pdfKey}`);
      const lib = await loadPdfJs();
      return lib.getDocument({
        data: file.bytes,
        isEvalSupported: false,
        standardFontDataUrl: assetDirs?.fonts,
        cMapUrl: assetDirs?.cmaps,
        cMapPacked: true,
        verbosity: 0,
      }).promise;
    })();
    open = { doc };
    docs.set(pdfKey, open);
    doc.catch(() => docs.delete(pdfKey));
  }
  try {
    return await open.doc;
  } catch (err) {
    deps.log.warn({ key: pdfKey, err }, "thumbnails: the PDF could not be opened");
    return null;
  }
}

/** Draws one page THUMBNAIL_WIDTH pixels wide as WebP. */
async function drawPage(doc: PDFDocumentProxy, n: number): Promise<Uint8Array> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const page = await doc.getPage(n);
  try {
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMBNAIL_WIDTH / natural.width });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const context = canvas.getContext("2d");
    // White paper under pages that draw no background of their own.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return new Uint8Array(await canvas.encode("webp", 72));
  } finally {
    page.cleanup();
  }
}

/**
 * Page `n`'s thumbnail: stored, or drawn now and stored. Null when the file is missing, cannot be
 * drawn, or has no such page.
 */
export async function pageThumbnail(deps: Deps, pdfKey: string, n: number): Promise<Uint8Array | null> {
  const key = thumbnailKey(pdfKey, n);
  const { drawing } = stateOf(deps.storage);
  const stored = await deps.storage.get(key);
  if (stored) return stored.bytes;
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      const doc = await openPdf(deps, pdfKey);
      if (!doc || n < 1 || n > doc.numPages) return null;
      try {
        const bytes = await drawPage(doc, n);
        await deps.storage.put(key, bytes, "image/webp");
        return bytes;
      } catch (err) {
        deps.log.warn({ key: pdfKey, page: n, err }, "thumbnails: a page could not be drawn");
        return null;
      }
    })().finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/**
 * Draws every page's thumbnail that is not stored yet, one after another, yielding between pages
 * so requests are served meanwhile. Started after an upload's commit and not awaited; a second
 * call for a file already under way does nothing. Resolves with the time it took and the pages
 * drawn (for the log and the measurements).
 */
export async function generateThumbnails(
  deps: Deps,
  pdfKey: string,
  pageCount: number,
): Promise<{ drawn: number; ms: number }> {
  const started = Date.now();
  const { running } = stateOf(deps.storage);
  if (running.has(pdfKey)) return { drawn: 0, ms: 0 };
  running.add(pdfKey);
  let drawn = 0;
  try {
    for (let n = 1; n <= pageCount; n++) {
      if (await deps.storage.has(thumbnailKey(pdfKey, n))) continue;
      if ((await pageThumbnail(deps, pdfKey, n)) === null) break;
      drawn += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (err) {
    deps.log.warn({ key: pdfKey, err }, "thumbnails: the background run stopped");
  } finally {
    running.delete(pdfKey);
  }
  const ms = Date.now() - started;
  deps.log.info({ key: pdfKey, drawn, ms }, "thumbnails drawn");
  return { drawn, ms };
}

/** Whether a file's background run is under way (tests wait for it). */
export function thumbnailsRunning(storage: FileStorage, pdfKey: string): boolean {
  return stateOf(storage).running.has(pdfKey);
}
