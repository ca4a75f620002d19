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
 * An upload draws its first page before its file is stored (`drawFirstThumbnail`), so a page over
 * the drawing budgets (DRAWING_LIMITS: time, heap, the process's growth; pdf.js's image limit)
 * refuses the upload instead. Only the page the thread is drawing when a budget stops it is
 * blamed: pages waiting behind it are drawn again on the next thread.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { LRUCache } from "lru-cache";
import { MAX_PAGE_IMAGE_PIXELS, THUMBNAIL_WIDTH } from "../../../contracts/uploads";
import type { FileStorage } from "../../integrations/storage/provider";
import type { Ctx } from "../context";

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

/** A message to the drawing thread, and its answer (or its notice that it has begun that message). */
type Answer = {
  id: number;
  begun?: true;
  error?: string;
  pages?: number;
  bytes?: Uint8Array;
  /** A drawing's size in pixels, with `raw` pixels. */
  width?: number;
  height?: number;
  memory?: DrawingMemory;
};

/** The drawing thread's own heap and the whole process's resident memory, in bytes. */
export type DrawingMemory = {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  rss: number;
};

/**
 * Why a page was not drawn: it took longer than the time budget, it needed more memory than the
 * drawing thread may use (its heap limit, or the process grew past the watch while it drew), pdf.js
 * could not draw it, or the thread was stopped while the page waited its turn ("interrupted": the
 * page is tried again on the new thread; it is not the page's fault).
 */
export class DrawFailure extends Error {
  constructor(
    readonly reason: "timeout" | "memory" | "failed" | "interrupted",
    message: string,
  ) {
    super(message);
    this.name = "DrawFailure";
  }
}

const MB = 1024 * 1024;

/**
 * The drawing thread's budgets (decision 27), each counted from when the thread begins a page
 * (not from when it was asked: it draws one page at a time, and waiting behind other pages is not
 * the page's cost). A 600 dpi A4 scan takes 4–8 s and about 400 MB while it is drawn (measured); a
 * page taking longer than `timeoutMs`, or the process growing by more than `growthMb` while that
 * page is drawn, stops the thread (a new one starts on the next call); `heapMb` caps the thread's
 * JavaScript heap (pdf.js's parsed objects and operator lists; decoded images and the canvas live
 * outside it, bounded by the image budget and the watch).
 */
export const DRAWING_LIMITS = { timeoutMs: 30_000, heapMb: 256, growthMb: 1024 };
let limits = { ...DRAWING_LIMITS };

/** For tests: other budgets for the drawing thread; the running thread is stopped so they apply. */
export async function setDrawingLimits(next: Partial<typeof DRAWING_LIMITS> | null): Promise<void> {
  limits = { ...DRAWING_LIMITS, ...next };
  const w = worker;
  if (w) {
    stopped(w, null);
    await w.terminate();
  }
}

/**
 * The one thread that draws, started on first use: pdf.js and the canvas run there, so a long or
 * heavy page never holds up the server's answers. A thread that fails or stops is replaced on the
 * next call (documents it had open are opened again).
 */
let worker: Worker | null = null;
/** Raised with every new thread: documents opened in an older one must be opened again. */
let generation = 0;
let nextId = 1;
type Waiting = {
  resolve: (a: Answer) => void;
  reject: (e: Error) => void;
  /** The thread has begun this message: its time budget and the memory watch start now. */
  begin: () => void;
};
const waiting = new Map<number, Waiting>();
/** The message the thread is working on now (it said it began it and has not answered yet). */
let inFlight: number | null = null;

/**
 * The thread is gone (stopped by us, out of memory, or failed): the message it was working on
 * gets `blame` (its own failure; none when the thread was stopped for no page's fault), every
 * other waiting message is "interrupted" and tried again on a new thread by its caller.
 */
function stopped(w: Worker, blame: DrawFailure | null) {
  if (worker !== w) return;
  worker = null;
  stopWatch();
  const culprit = inFlight;
  inFlight = null;
  for (const [id, p] of waiting) {
    if (blame && id === culprit) p.reject(blame);
    else
      p.reject(new DrawFailure("interrupted", "the drawing thread was stopped while this waited its turn"));
  }
  waiting.clear();
}

/**
 * The memory watch, a last resort: while the thread draws a page, the process's resident memory
 * is read every 100 ms against what it was when the thread began that page; past `growthMb` the
 * thread is stopped and that page (only) is blamed. The thread's resourceLimits cannot do this:
 * they leave out ArrayBuffers and native memory, where decoded images and the canvas live. It
 * measures the whole process, so growth elsewhere in the server during that page counts against
 * it (decision 27); the image budget is what keeps real pages far below it.
 */
let watch: { timer: NodeJS.Timeout; baseline: number } | null = null;

function startWatch(w: Worker) {
  if (watch) {
    watch.baseline = process.memoryUsage.rss();
    return;
  }
  const timer = setInterval(() => {
    if (!watch || inFlight === null) return;
    if (process.memoryUsage.rss() - watch.baseline <= limits.growthMb * MB) return;
    stopped(w, new DrawFailure("memory", "drawing needed more memory than allowed"));
    void w.terminate();
  }, 100);
  timer.unref();
  watch = { timer, baseline: process.memoryUsage.rss() };
}

function stopWatch() {
  if (watch) clearInterval(watch.timer);
  watch = null;
}

function drawingThread(): Worker {
  if (worker) return worker;
  // The standard fonts and character maps ship with pdf.js; a PDF that does not embed its fonts
  // is drawn with them rather than with boxes.
  const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const w = new Worker(new URL("./thumbnail-worker.mjs", import.meta.url), {
    workerData: {
      fonts: `${join(root, "standard_fonts")}/`,
      cmaps: `${join(root, "cmaps")}/`,
      maxImageSize: MAX_PAGE_IMAGE_PIXELS,
    },
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
  });
  generation += 1;
  inFlight = null;
  w.unref();
  w.on("message", (a: Answer) => {
    if (worker !== w) return;
    const p = waiting.get(a.id);
    if (a.begun) {
      inFlight = a.id;
      p?.begin();
      return;
    }
    if (inFlight === a.id) inFlight = null;
    if (!p) return;
    waiting.delete(a.id);
    if (waiting.size === 0) {
      w.unref();
      stopWatch();
    }
    if (a.error !== undefined) p.reject(new DrawFailure("failed", a.error));
    else p.resolve(a);
  });
  w.on("error", (err: Error & { code?: string }) =>
    stopped(
      w,
      err.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? new DrawFailure("memory", "the drawing thread ran out of memory")
        : new DrawFailure("failed", err.message),
    ),
  );
  w.on("exit", (code) => stopped(w, new DrawFailure("failed", `the drawing thread stopped (${code})`)));
  worker = w;
  return w;
}

/**
 * Sends a message to the thread and waits for its answer. An "open" or "draw" has the time budget
 * from when the thread begins it; the memory question has none (the thread answers it at once,
 * between pages' steps).
 */
function ask(w: Worker, message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Answer> {
  const id = nextId++;
  return new Promise<Answer>((resolve, reject) => {
    if (worker !== w) {
      reject(new DrawFailure("interrupted", "the drawing thread was replaced"));
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    waiting.set(id, {
      resolve: (a) => {
        clearTimeout(timer);
        resolve(a);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
      begin: () => {
        startWatch(w);
        timer = setTimeout(() => {
          // Stuck (a hostile or broken file): the thread goes; this page failed for its time,
          // the pages waiting behind it are tried again on a new thread.
          if (inFlight !== id) return;
          stopped(w, new DrawFailure("timeout", `drawing took longer than ${limits.timeoutMs} ms`));
          void w.terminate();
        }, limits.timeoutMs);
        timer.unref();
      },
    });
    w.ref();
    w.postMessage({ ...message, id }, transfer);
  });
}

/** The drawing thread's memory now (tests and measurements); null when no thread runs. */
export async function drawingThreadMemory(): Promise<DrawingMemory | null> {
  const w = worker;
  if (!w) return null;
  try {
    return (await ask(w, { type: "memory" })).memory ?? null;
  } catch (err) {
    if (err instanceof DrawFailure) return null;
    throw err;
  }
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
  /** Thumbnails over the drawing budgets lately: not tried again on every request. */
  overBudget: LRUCache<string, DrawFailure["reason"]>;
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
      overBudget: new LRUCache({ max: 1000, ttl: 10 * 60_000 }),
    };
    stateByStorage.set(storage, state);
  }
  return state;
}

/**
 * The file opened in the drawing thread, from `bytes` when given (an upload not stored yet), else
 * from storage; its page count. Throws when it is missing or cannot be opened.
 */
async function openPdf(
  deps: Deps,
  pdfKey: string,
  bytes?: Uint8Array,
): Promise<{ open: Open; pages: number }> {
  const { docs, id } = stateOf(deps.storage);
  let open = docs.get(pdfKey);
  if (!open || open.generation !== generation || !worker) {
    const w = drawingThread();
    const key = `${id}:${pdfKey}`;
    const pages = (async () => {
      const source = bytes ?? (await deps.storage.get(pdfKey))?.bytes;
      if (!source) throw new Error(`no file under ${pdfKey}`);
      // A copy of its own, handed over to the thread rather than copied again.
      const copy = new Uint8Array(source);
      return (await ask(w, { type: "open", key, bytes: copy }, [copy.buffer])).pages ?? 0;
    })();
    open = { key, generation, pages };
    docs.set(pdfKey, open);
    const made = open;
    pages.catch(() => {
      if (docs.get(pdfKey) === made) docs.delete(pdfKey);
    });
  }
  return { open, pages: await open.pages };
}

/** Draws one page THUMBNAIL_WIDTH pixels wide as WebP, in the drawing thread. */
async function drawPage(open: Open, n: number): Promise<Uint8Array> {
  const w = worker;
  if (!w || open.generation !== generation)
    throw new DrawFailure("interrupted", "the drawing thread was replaced");
  const answer = await ask(w, { type: "draw", key: open.key, page: n, width: THUMBNAIL_WIDTH });
  if (!answer.bytes) throw new DrawFailure("failed", "no picture drawn");
  return answer.bytes;
}

/** A page that took too long or too much memory: its own fault, not the thread's or the file's. */
const isOverBudget = (err: unknown): err is DrawFailure =>
  err instanceof DrawFailure && (err.reason === "timeout" || err.reason === "memory");

const isInterrupted = (err: unknown): boolean => err instanceof DrawFailure && err.reason === "interrupted";

/**
 * How often a page is tried when the thread keeps being stopped for other pages; after that it
 * fails as any page pdf.js could not draw (no thumbnail now, tried again on the next request).
 */
const ATTEMPTS = 3;

/**
 * Draws page `n` and stores it. Null when the file is missing, cannot be opened, or has no such
 * page; throws a DrawFailure when the page cannot be drawn. A page whose thread was stopped for
 * another page is drawn again on a new thread.
 */
async function drawAndStore(deps: Deps, pdfKey: string, n: number, bytes?: Uint8Array) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await drawAndStoreOnce(deps, pdfKey, n, bytes);
    } catch (err) {
      if (!isInterrupted(err) || attempt >= ATTEMPTS) throw err;
      deps.log.info({ key: pdfKey, page: n, attempt }, "thumbnails: drawn again on a new thread");
    }
  }
}

async function drawAndStoreOnce(deps: Deps, pdfKey: string, n: number, bytes?: Uint8Array) {
  let opened: { open: Open; pages: number };
  try {
    opened = await openPdf(deps, pdfKey, bytes);
  } catch (err) {
    if (isOverBudget(err) || isInterrupted(err)) throw err;
    deps.log.warn({ key: pdfKey, err }, "thumbnails: the PDF could not be opened");
    return null;
  }
  if (n < 1 || n > opened.pages) return null;
  const drawn = await drawPage(opened.open, n);
  await deps.storage.put(thumbnailKey(pdfKey, n), drawn, "image/webp");
  return drawn;
}

/**
 * Page `n`'s thumbnail: stored, or drawn now and stored. Null when the file is missing, cannot be
 * drawn, or has no such page. A page over the drawing budgets is not tried again for a while.
 */
export async function pageThumbnail(deps: Deps, pdfKey: string, n: number): Promise<Uint8Array | null> {
  const key = thumbnailKey(pdfKey, n);
  const { drawing, overBudget } = stateOf(deps.storage);
  const stored = await deps.storage.get(key);
  if (stored) return stored.bytes;
  if (overBudget.has(key)) return null;
  let pending = drawing.get(key);
  if (!pending) {
    pending = drawAndStore(deps, pdfKey, n)
      .catch((err: unknown) => {
        if (isOverBudget(err)) overBudget.set(key, err.reason);
        deps.log.warn({ key: pdfKey, page: n, err }, "thumbnails: a page could not be drawn");
        return null;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/** Why page `n`'s thumbnail was lately not drawn, when it was over the drawing budgets. */
export function overBudgetReason(deps: Deps, pdfKey: string, n: number): DrawFailure["reason"] | undefined {
  return stateOf(deps.storage).overBudget.get(thumbnailKey(pdfKey, n));
}

/**
 * For an upload, before its file is stored: draws its first page within the drawing budgets and
 * keeps the picture under the key the file will have. Throws a DrawFailure ("timeout" or
 * "memory") when that page is too slow or too heavy, so the upload can be refused with nothing
 * stored; a page pdf.js cannot draw at all is let through, as before (no thumbnail).
 */
export async function drawFirstThumbnail(deps: Deps, pdfKey: string, bytes: Uint8Array): Promise<void> {
  try {
    await drawAndStore(deps, pdfKey, 1, bytes);
  } catch (err) {
    if (isOverBudget(err)) throw err;
    deps.log.warn({ key: pdfKey, page: 1, err }, "thumbnails: a page could not be drawn");
  }
}

/** Documents opened from memory in the drawing thread, each under a key of its own. */
let inMemory = 0;

/** A page drawn as pixels: RGBA, `width` × `height`, on white paper. */
export type DrawnPixels = { pixels: Uint8Array; width: number; height: number };

/**
 * Draws page `n` of a PDF held in memory (a reader's stamped page, which is never stored) as
 * pixels, `width` wide (narrower for a page so tall that it would pass `maxPixels`), in the
 * drawing thread and within its budgets; the document is closed there again at once. Throws a
 * DrawFailure when the page cannot be drawn (over a budget, pdf.js failed, no such page). A page
 * whose thread was stopped for another page is drawn again on a new thread, as thumbnails are.
 */
export async function drawPdfPagePixels(
  bytes: Uint8Array,
  n: number,
  width: number,
  maxPixels: number,
): Promise<DrawnPixels> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await drawPixelsOnce(bytes, n, width, maxPixels);
    } catch (err) {
      if (!isInterrupted(err) || attempt >= ATTEMPTS) throw err;
    }
  }
}

async function drawPixelsOnce(bytes: Uint8Array, n: number, width: number, maxPixels: number) {
  const w = drawingThread();
  const key = `memory:${++inMemory}`;
  // A copy of its own, handed over to the thread rather than copied again.
  const copy = new Uint8Array(bytes);
  try {
    const pages = (await ask(w, { type: "open", key, bytes: copy }, [copy.buffer])).pages ?? 0;
    if (n < 1 || n > pages) throw new DrawFailure("failed", `no page ${n} in a document of ${pages}`);
    const a = await ask(w, { type: "draw", key, page: n, width, raw: true, maxPixels });
    if (!a.bytes || !a.width || !a.height) throw new DrawFailure("failed", "no picture drawn");
    return { pixels: a.bytes, width: a.width, height: a.height };
  } finally {
    if (worker === w) w.postMessage({ type: "close", key });
  }
}

/** The drawing thread's budgets as they are now (the time budget, for messages). */
export function drawingLimits(): Readonly<typeof DRAWING_LIMITS> {
  return limits;
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
