/**
 * Small pictures of an e-book's pages, for the staff pages that show the book page by page
 * (`/admin/books/{id}/pages`, `/admin/books/{id}/demo`). Drawn on the server with pdf.js onto
 * @napi-rs/canvas (pdf.js's own choice of canvas in Node), in a thread of their own
 * (thumbnail-worker.mjs) so drawing never holds up other requests, THUMBNAIL_WIDTH pixels wide, as WebP,
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
import { Worker } from "node:worker_threads";
import { LRUCache } from "lru-cache";
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

/** A message to the drawing thread, and its answer. */
type Answer = { id: number; error?: string; pages?: number; bytes?: Uint8Array };

/**
 * The one thread that draws, started on first use: pdf.js and the canvas run there, so a long or
 * heavy page never holds up the server's answers. A thread that fails or stops is replaced on the
 * next call (documents it had open are opened again); one stuck on a page is stopped after
 * DRAW_TIMEOUT_MS.
 */
const DRAW_TIMEOUT_MS = 60_000;
let worker: Worker | null = null;
/** Raised with every new thread: documents opened in an older one must be opened again. */
let generation = 0;
let nextId = 1;
const waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

function stopped(w: Worker, err: Error) {
  if (worker !== w) return;
  worker = null;
  for (const p of waiting.values()) p.reject(err);
  waiting.clear();
}

function drawingThread(): Worker {
  if (worker) return worker;
  // The standard fonts and character maps ship with pdf.js; a PDF that does not embed its fonts
  // is drawn with them rather than with boxes.
  const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const w = new Worker(new URL("./thumbnail-worker.mjs", import.meta.url), {
    workerData: { fonts: `${join(root, "standard_fonts")}/`, cmaps: `${join(root, "cmaps")}/` },
  });
  generation += 1;
  w.unref();
  w.on("message", (a: Answer) => {
    const p = waiting.get(a.id);
    if (!p) return;
    waiting.delete(a.id);
    if (waiting.size === 0) w.unref();
    if (a.error !== undefined) p.reject(new Error(a.error));
    else p.resolve(a);
  });
  w.on("error", (err) => stopped(w, err));
  w.on("exit", (code) => stopped(w, new Error(`the drawing thread stopped (${code})`)));
  worker = w;
  return w;
}

function ask(w: Worker, message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Answer> {
  const id = nextId++;
  return new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Stuck (a hostile or broken file): the thread goes, with everything it was doing.
      stopped(w, new Error("drawing took too long"));
      void w.terminate();
    }, DRAW_TIMEOUT_MS);
    timer.unref();
    waiting.set(id, {
      resolve: (a) => {
        clearTimeout(timer);
        resolve(a);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    });
    w.ref();
    w.postMessage({ ...message, id }, transfer);
  });
}

/** A document open in the drawing thread: its key there, its thread's generation, its page count. */
type Open = { key: string; generation: number; pages: Promise<number> };

type State = {
  /** This storage's key prefix in the drawing thread. */
  id: number;
  /** Open documents by file key: a few, each closed when it leaves. */
  docs: LRUCache<string, Open>;
  /** Pages being drawn now, so two requests for one page draw it once. */
  drawing: Map<string, Promise<Uint8Array | null>>;
  /** Files whose background run is under way. */
  running: Set<string>;
};

/** Per storage, so each app in a test process has its own. */
const stateByStorage = new WeakMap<FileStorage, State>();
let stateIds = 0;

function stateOf(storage: FileStorage): State {
  let state = stateByStorage.get(storage);
  if (!state) {
    state = {
      id: ++stateIds,
      docs: new LRUCache<string, Open>({
        max: 3,
        // A document idle for a minute is closed: its parsed pages can be large.
        ttl: 60_000,
        dispose: (open) => {
          if (worker && open.generation === generation) worker.postMessage({ type: "close", key: open.key });
        },
      }),
      drawing: new Map(),
      running: new Set(),
    };
    stateByStorage.set(storage, state);
  }
  return state;
}

/** The file opened in the drawing thread; its page count, or null when it is missing or unreadable. */
async function openPdf(deps: Deps, pdfKey: string): Promise<{ open: Open; pages: number } | null> {
  const { docs, id } = stateOf(deps.storage);
  let open = docs.get(pdfKey);
  if (!open || open.generation !== generation || !worker) {
    const w = drawingThread();
    const key = `${id}:${pdfKey}`;
    const pages = (async () => {
      const file = await deps.storage.get(pdfKey);
      if (!file) throw new Error(`no file under ${pdfKey}`);
      // A copy of its own, handed over to the thread rather than copied again.
      const bytes = new Uint8Array(file.bytes);
      return (await ask(w, { type: "open", key, bytes }, [bytes.buffer])).pages ?? 0;
    })();
    open = { key, generation, pages };
    docs.set(pdfKey, open);
    const made = open;
    pages.catch(() => {
      if (docs.get(pdfKey) === made) docs.delete(pdfKey);
    });
  }
  try {
    return { open, pages: await open.pages };
  } catch (err) {
    deps.log.warn({ key: pdfKey, err }, "thumbnails: the PDF could not be opened");
    return null;
  }
}

/** Draws one page THUMBNAIL_WIDTH pixels wide as WebP, in the drawing thread. */
async function drawPage(open: Open, n: number): Promise<Uint8Array> {
  const w = worker;
  if (!w || open.generation !== generation) throw new Error("the drawing thread was replaced");
  const answer = await ask(w, { type: "draw", key: open.key, page: n, width: THUMBNAIL_WIDTH });
  if (!answer.bytes) throw new Error("no picture drawn");
  return answer.bytes;
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
      const opened = await openPdf(deps, pdfKey);
      if (!opened || n < 1 || n > opened.pages) return null;
      try {
        const bytes = await drawPage(opened.open, n);
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

/** Whether any thumbnail of this storage is being drawn (tests wait for none before closing). */
export function thumbnailsBusy(storage: FileStorage): boolean {
  const { running, drawing } = stateOf(storage);
  return running.size > 0 || drawing.size > 0;
}
