// Draws PDF pages small, off the server's main thread (thumbnails.ts starts it and talks to it).
// Plain JavaScript so the same file runs under the development tools and beside the built server
// (scripts/build-server.mjs copies it next to build/main.js).
//
// Messages in:  { id, type: "open", key, bytes }   → { id, begun: true }, then { id, pages }
//               { id, type: "draw", key, page, width } → { id, begun: true }, then { id, bytes } (WebP)
//               { id, type: "draw", key, page, width, raw: true, maxPixels }
//                 → { id, begun: true }, then { id, bytes, width, height } (RGBA pixels, for the
//                 reader's page pictures, which the server encodes itself; narrower than `width`
//                 when the page is so tall that it would pass `maxPixels`)
//               { id, type: "memory" } → { id, memory } (this thread's heap, the process's rss)
//               { type: "close", key }
// A failure answers { id, error }.
//
// Limits (decision 27): pdf.js leaves out any image of more than `maxImageSize` pixels (the
// upload's budget per page image), so a file stored before that check, or an inline image the
// check does not see, is drawn without it instead of taking gigabytes; the thread's own heap is
// capped by its resourceLimits, and thumbnails.ts stops it when a page takes too long or the
// process grows too much while it draws.
import { parentPort, workerData } from "node:worker_threads";

const { fonts, cmaps, maxImageSize } = workerData;
/** @type {Promise<typeof import("pdfjs-dist/legacy/build/pdf.mjs")> | null} */
let pdfjs = null;
/** @type {Map<string, import("pdfjs-dist/legacy/build/pdf.mjs").PDFDocumentProxy>} */
const docs = new Map();

async function open(key, bytes) {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  const lib = await pdfjs;
  const doc = await lib.getDocument({
    data: bytes,
    isEvalSupported: false,
    standardFontDataUrl: fonts,
    cMapUrl: cmaps,
    cMapPacked: true,
    maxImageSize,
    verbosity: 0,
  }).promise;
  docs.get(key)?.destroy();
  docs.set(key, doc);
  return doc.numPages;
}

async function draw(key, n, width, raw = false, maxPixels = Number.POSITIVE_INFINITY) {
  const doc = docs.get(key);
  if (!doc) throw new Error(`not open: ${key}`);
  const { createCanvas } = await import("@napi-rs/canvas");
  const page = await doc.getPage(n);
  try {
    const natural = page.getViewport({ scale: 1 });
    const scale = Math.min(
      width / natural.width,
      Math.sqrt(maxPixels / Math.max(1, natural.width * natural.height)),
    );
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const context = canvas.getContext("2d");
    // White paper under pages that draw no background of their own.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    if (raw) return { bytes: new Uint8Array(canvas.data()), width: canvas.width, height: canvas.height };
    return { bytes: new Uint8Array(await canvas.encode("webp", 72)) };
  } finally {
    page.cleanup();
  }
}

// One message at a time, in order: "the page being drawn" is then one page, which thumbnails.ts
// is told of (`{ id, begun: true }`) as it starts, so a page's time budget and the memory watch
// count from then and blame only that page. The memory question is answered at once.
let queue = Promise.resolve();

parentPort.on("message", (m) => {
  if (m.type === "memory") {
    const { heapUsed, heapTotal, external, arrayBuffers, rss } = process.memoryUsage();
    parentPort.postMessage({ id: m.id, memory: { heapUsed, heapTotal, external, arrayBuffers, rss } });
    return;
  }
  queue = queue.then(() => handle(m));
});

async function handle(m) {
  try {
    if (m.type === "close") {
      docs.get(m.key)?.destroy();
      docs.delete(m.key);
    } else if (m.type === "open") {
      parentPort.postMessage({ id: m.id, begun: true });
      parentPort.postMessage({ id: m.id, pages: await open(m.key, m.bytes) });
    } else if (m.type === "draw") {
      parentPort.postMessage({ id: m.id, begun: true });
      const drawn = await draw(m.key, m.page, m.width, m.raw === true, m.maxPixels);
      parentPort.postMessage({ id: m.id, ...drawn }, [drawn.bytes.buffer]);
    }
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
  }
}
