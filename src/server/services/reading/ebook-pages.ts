/**
 * E-book pages, one at a time: cut from the stored PDF with pdf-lib into a one-page PDF, with
 * the reader's mark drawn on the page itself. The whole file never leaves the server.
 *
 * The same cutting serves a course's PDF chapters (reader-sources.ts).
 *
 * Two bounded caches per server (per storage, so each app in a test process has its own):
 * parsed source documents by file key, and finished pages by (reader, e-book or chapter, page).
 * Both are consulted only after the access decision (`requireReadablePage`,
 * `requireReadableChapter`) has allowed the page on this request: a cached page is never a way
 * around access.
 */
import { LRUCache } from "lru-cache";
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { PageImageWidth } from "../../../contracts/reader-paths";
import type { PageSize } from "../../../contracts/reading";
import type { FileStorage } from "../../integrations/storage/provider";
import { loadSharp } from "../catalog/images";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { loadPdf } from "./pdf-load";
import { type PdfOutlineEntry, readOutline } from "./pdf-outline";
import { PAGE_NOT_FOUND, type ReadablePage, type Reader } from "./reading";
import { DrawFailure, drawPdfPagePixels } from "./thumbnails";

const MB = 1024 * 1024;

/** A page bigger than this is served but not kept (one huge scan must not empty the cache). */
const PAGE_CACHE_MAX_ENTRY = 4 * MB;

type Source = { doc: PDFDocument; bytes: number; outline?: PdfOutlineEntry[] };

type Caches = {
  sources: LRUCache<string, Source>;
  /** Stamped one-page PDFs and their pictures (keys `image:{width}|…`), in one budget of bytes. */
  pages: LRUCache<string, Uint8Array>;
  /** Work under way, so concurrent first reads of one file or page do it once. */
  loading: Map<string, Promise<Source | null>>;
  cutting: Map<string, Promise<Uint8Array>>;
  /** Pages of a file whose picture was over the drawing budgets lately: not drawn again for a while. */
  undrawable: LRUCache<string, true>;
};

const cachesByStorage = new WeakMap<FileStorage, Caches>();

/**
 * The caches of one storage, bounded by READER_FILE_CACHE_MB (source files, by their size) and
 * READER_PAGE_CACHE_MB (finished pages, by their bytes).
 */
function cachesOf(ctx: Pick<Ctx, "storage" | "config">): Caches {
  let c = cachesByStorage.get(ctx.storage);
  if (!c) {
    const pageBytes = ctx.config.READER_PAGE_CACHE_MB * MB;
    c = {
      sources: new LRUCache<string, Source>({
        maxSize: ctx.config.READER_FILE_CACHE_MB * MB,
        sizeCalculation: (s) => Math.max(1, s.bytes),
      }),
      pages: new LRUCache<string, Uint8Array>({
        maxSize: pageBytes,
        maxEntrySize: Math.min(pageBytes, PAGE_CACHE_MAX_ENTRY),
        sizeCalculation: (b) => Math.max(1, b.byteLength),
      }),
      loading: new Map(),
      cutting: new Map(),
      undrawable: new LRUCache({ max: 1000, ttl: 10 * 60_000 }),
    };
    cachesByStorage.set(ctx.storage, c);
  }
  return c;
}

/** How full the caches are (for the operations notes and the benchmark). */
export function pageCacheStats(ctx: Pick<Ctx, "storage" | "config">) {
  const c = cachesOf(ctx);
  return {
    sources: c.sources.size,
    sourceBytes: c.sources.calculatedSize,
    pages: c.pages.size,
    pageBytes: c.pages.calculatedSize,
  };
}

/** The parsed source PDF, read from storage and parsed once per server while it stays in the cache. */
async function loadSource(ctx: Ctx, key: string): Promise<Source | null> {
  const c = cachesOf(ctx);
  const hit = c.sources.get(key);
  if (hit) return hit;
  let pending = c.loading.get(key);
  if (!pending) {
    pending = (async () => {
      const file = await ctx.storage.get(key);
      if (!file) {
        ctx.log.warn({ key }, "e-book file missing from storage");
        return null;
      }
      const doc = await loadPdf(file.bytes);
      const source = { doc, bytes: file.bytes.byteLength };
      c.sources.set(key, source);
      return source;
    })().finally(() => c.loading.delete(key));
    c.loading.set(key, pending);
  }
  return pending;
}

/**
 * The reader's mark: "Licensed to <name> · <phone>". pdf-lib's standard fonts encode WinAnsi
 * (Latin) only and cannot shape Bangla, so the name goes on when it encodes (as written, or with
 * its accents dropped) and is left out otherwise; the phone (or, without one, the email, then the
 * account number) always goes on.
 */
export function stampText(reader: Reader, font: PDFFont): string {
  const name = latinForm(reader.name, font);
  const contact = reader.phone ?? reader.email ?? `account ${reader.id}`;
  return `Licensed to ${[name, contact].filter(Boolean).join(" \u00b7 ")}`;
}

function encodes(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

function latinForm(name: string, font: PDFFont): string | null {
  const plain = name.replace(/\s+/g, " ").trim().slice(0, 60);
  if (!plain) return null;
  if (encodes(font, plain)) return plain;
  const stripped = plain.normalize("NFKD").replace(/\p{M}/gu, "").trim();
  return stripped && encodes(font, stripped) ? stripped : null;
}

/**
 * Draws the mark small along the bottom margin and large and faint across the page, as the page
 * is seen: within its crop box and turned by its /Rotate, so the line sits at the bottom a reader
 * sees and reads left to right.
 */
function drawMark(page: PDFPage, font: PDFFont, text: string): void {
  const box = page.getCropBox();
  const turn = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const sideways = turn === 90 || turn === 270;
  // The page as seen: `w` wide and `h` high, (0, 0) at its bottom left.
  const w = sideways ? box.height : box.width;
  const h = sideways ? box.width : box.height;
  /** A point of the seen page in the page's own coordinates. */
  const at = (x: number, y: number): { x: number; y: number } => {
    switch (turn) {
      case 90:
        return { x: box.x + box.width - y, y: box.y + x };
      case 180:
        return { x: box.x + box.width - x, y: box.y + box.height - y };
      case 270:
        return { x: box.x + y, y: box.y + box.height - x };
      default:
        return { x: box.x + x, y: box.y + y };
    }
  };
  const unit = font.widthOfTextAtSize(text, 1);
  const small = Math.max(4, Math.min(7, (w - 24) / unit));
  page.drawText(text, {
    ...at((w - unit * small) / 2, 8),
    size: small,
    font,
    rotate: degrees(turn),
    color: rgb(0.3, 0.3, 0.35),
    opacity: 0.85,
  });
  const big = Math.max(8, Math.min(28, (Math.hypot(w, h) * 0.7) / unit));
  const angle = Math.atan2(h, w);
  const half = (unit * big) / 2;
  // The text's middle on the page's centre, its baseline a third of a letter below it.
  const drop = big * 0.35;
  page.drawText(text, {
    ...at(
      w / 2 - Math.cos(angle) * half + Math.sin(angle) * drop,
      h / 2 - Math.sin(angle) * half - Math.cos(angle) * drop,
    ),
    size: big,
    font,
    rotate: degrees(turn + (angle * 180) / Math.PI),
    color: rgb(0.45, 0.45, 0.5),
    opacity: 0.12,
  });
}

/** A one-page PDF of page `n` (1-based) of the source, marked for `reader` when there is one. */
async function cutPage(source: PDFDocument, n: number, reader: Reader | null, shopName: string) {
  const out = await PDFDocument.create({ updateMetadata: false });
  const [page] = await out.copyPages(source, [n - 1]);
  if (!page) throw new DomainError("not_found", PAGE_NOT_FOUND);
  out.addPage(page);
  out.setProducer(shopName);
  out.setCreator(shopName);
  if (reader) {
    const font = await out.embedFont(StandardFonts.Helvetica);
    const text = stampText(reader, font);
    drawMark(page, font, text);
    out.setSubject(text);
  }
  return out.save({ useObjectStreams: true });
}

/**
 * The bytes of an e-book page `requireReadablePage` has just allowed: from the cache when this
 * reader had it before, cut and stamped otherwise. Not found when the file is missing or shorter
 * than its recorded page count.
 */
export function renderReadablePage(ctx: Ctx, readable: ReadablePage): Promise<Uint8Array> {
  const { ebook, page, reader } = readable;
  return renderStoredPage(ctx, { scope: `ebook:${ebook.id}`, pdfKey: ebook.pdfKey, page, reader });
}

/** One page of a stored PDF, already allowed: whose file (`scope`, e.g. `chapter:7`), which, for whom. */
export type StoredPage = { scope: string; pdfKey: string; page: number; reader: Reader | null };

/** A stamped page's key in the cache: for whom, whose file, which page, which file. */
function pageKey({ scope, pdfKey, page, reader }: StoredPage): string {
  // The mark's words are in the key, so a changed name or phone gets a fresh stamp.
  const who = reader ? `${reader.id}:${reader.name}:${reader.phone ?? ""}:${reader.email ?? ""}` : "demo";
  return `${who}|${scope}|${page}|${pdfKey}`;
}

/**
 * A page of any stored PDF the reader serves (an e-book's, a course chapter's), cut and stamped
 * once per (reader, scope, page, file) and then served from the cache. The scope keeps an
 * e-book's pages and a chapter's apart even if they were ever to share a file.
 */
export async function renderStoredPage(ctx: Ctx, target: StoredPage): Promise<Uint8Array> {
  const { pdfKey, page, reader } = target;
  const c = cachesOf(ctx);
  const key = pageKey(target);
  const hit = c.pages.get(key);
  if (hit) return hit;
  let pending = c.cutting.get(key);
  if (!pending) {
    pending = (async () => {
      const source = await loadSource(ctx, pdfKey).catch((e: unknown) => {
        // A damaged file is the shop's problem to fix, not a reason to answer 500: as a missing one.
        ctx.log.error({ key: pdfKey, err: e }, "stored PDF could not be read");
        return null;
      });
      if (!source || page > source.doc.getPageCount()) throw new DomainError("not_found", PAGE_NOT_FOUND);
      const bytes = await cutPage(source.doc, page, reader, ctx.config.SHOP_NAME);
      c.pages.set(key, bytes);
      return bytes;
    })().finally(() => c.cutting.delete(key));
    c.cutting.set(key, pending);
  }
  return pending;
}

/** The page's picture for a page no picture can be made of (over the drawing budgets, or pdf.js failed). */
export const PAGE_IMAGE_UNAVAILABLE = "This page has no picture: the reader draws it itself";

/** The most pixels a page's picture has: a page taller than about 1:2 is drawn narrower. */
const PAGE_IMAGE_MAX_PIXELS = 2_500_000;

/**
 * The picture of an e-book page `requireReadablePage` has just allowed, `width` pixels wide, as
 * WebP: the stamped page itself, drawn (so it carries the reader's mark exactly as the page does).
 */
export function renderReadablePageImage(
  ctx: Ctx,
  readable: ReadablePage,
  width: PageImageWidth,
): Promise<Uint8Array> {
  const { ebook, page, reader } = readable;
  return renderStoredPageImage(
    ctx,
    { scope: `ebook:${ebook.id}`, pdfKey: ebook.pdfKey, page, reader },
    width,
  );
}

/**
 * A page of a stored PDF as the reader's first picture of it: the stamped one-page PDF
 * (`renderStoredPage`, from its cache when it was cut before) drawn by pdf.js in the drawing
 * thread, `width` pixels wide, as WebP: lossless or lossy, whichever is smaller (lossless is
 * about half the size for a page of text, lossy far smaller for a scanned or photographic page).
 * Kept in the same cache as the stamped pages, under the same key and the width, so it is only
 * ever served after this request's access check, as they are. 503 when no picture can be made
 * (the page over the drawing budgets, remembered for ten minutes, or pdf.js failed): the reader
 * then draws the page itself.
 */
export async function renderStoredPageImage(
  ctx: Ctx,
  target: StoredPage,
  width: PageImageWidth,
): Promise<Uint8Array> {
  const c = cachesOf(ctx);
  const key = `image:${width}|${pageKey(target)}`;
  const budgetKey = `${width}|${target.page}|${target.pdfKey}`;
  const hit = c.pages.get(key);
  if (hit) return hit;
  if (c.undrawable.has(budgetKey)) throw new DomainError("unavailable", PAGE_IMAGE_UNAVAILABLE);
  let pending = c.cutting.get(key);
  if (!pending) {
    pending = (async () => {
      const pdf = await renderStoredPage(ctx, target);
      let drawn: Awaited<ReturnType<typeof drawPdfPagePixels>>;
      try {
        drawn = await drawPdfPagePixels(pdf, 1, width, PAGE_IMAGE_MAX_PIXELS);
      } catch (err) {
        if (!(err instanceof DrawFailure)) throw err;
        if (err.reason === "timeout" || err.reason === "memory") c.undrawable.set(budgetKey, true);
        ctx.log.warn({ key: target.pdfKey, page: target.page, err }, "a page's picture could not be drawn");
        throw new DomainError("unavailable", PAGE_IMAGE_UNAVAILABLE);
      }
      const bytes = await encodePageImage(drawn);
      c.pages.set(key, bytes);
      return bytes;
    })().finally(() => c.cutting.delete(key));
    c.cutting.set(key, pending);
  }
  return pending;
}

/**
 * Starts drawing a page's picture now, without waiting for it, for a page the caller's reader has
 * just been opened on: the browser asks for the picture a round trip later (its request checks
 * access and counts as ever), and finds it drawn or under way rather than starting it then.
 * Nothing is served here; a page that cannot be drawn is left to its request to say so.
 */
export function startPageImage(ctx: Ctx, target: StoredPage, width: PageImageWidth): void {
  renderStoredPageImage(ctx, target, width).catch(() => {});
}

/** Drawn pixels as WebP, the smaller of lossless and lossy (encoded beside each other, off the main thread). */
async function encodePageImage(drawn: { pixels: Uint8Array; width: number; height: number }) {
  const raw = { raw: { width: drawn.width, height: drawn.height, channels: 4 as const } };
  const sharp = await loadSharp();
  const [lossless, lossy] = await Promise.all([
    sharp(drawn.pixels, raw).webp({ lossless: true, effort: 2 }).toBuffer(),
    sharp(drawn.pixels, raw).webp({ quality: 72 }).toBuffer(),
  ]);
  const best = lossless.byteLength <= lossy.byteLength ? lossless : lossy;
  return new Uint8Array(best.buffer, best.byteOffset, best.byteLength);
}

/**
 * A page's size as pdf.js lays it out at scale 1: its crop box within its media box, turned by
 * its rotation. Null when the file is missing or unreadable or has no such page.
 */
export async function storedPageSize(ctx: Ctx, pdfKey: string, page: number): Promise<PageSize | null> {
  let source: Source | null;
  try {
    source = await loadSource(ctx, pdfKey);
  } catch (e) {
    ctx.log.warn({ key: pdfKey, err: e }, "stored PDF could not be read");
    return null;
  }
  if (!source || page < 1 || page > source.doc.getPageCount()) return null;
  const p = source.doc.getPage(page - 1);
  const media = p.getMediaBox();
  const crop = p.getCropBox();
  const left = Math.max(media.x, crop.x);
  const bottom = Math.max(media.y, crop.y);
  const right = Math.min(media.x + media.width, crop.x + crop.width);
  const top = Math.min(media.y + media.height, crop.y + crop.height);
  // A crop box outside the media box counts for nothing, as in pdf.js.
  const [w, h] = right > left && top > bottom ? [right - left, top - bottom] : [media.width, media.height];
  const turn = (((p.getRotation().angle % 360) + 360) % 360) as number;
  const sideways = turn === 90 || turn === 270;
  const width = Math.abs(sideways ? h : w);
  const height = Math.abs(sideways ? w : h);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Pages in a stored PDF, read from the file (parsed once while it stays cached); 0 when it is missing or unreadable. */
export async function storedPageCount(ctx: Ctx, pdfKey: string): Promise<number> {
  try {
    const source = await loadSource(ctx, pdfKey);
    return source ? source.doc.getPageCount() : 0;
  } catch (e) {
    ctx.log.warn({ key: pdfKey, err: e }, "stored PDF could not be read");
    return 0;
  }
}

/** A stored PDF's outline (its bookmarks), read once per file while the file stays cached. */
export async function storedOutline(ctx: Ctx, pdfKey: string): Promise<PdfOutlineEntry[]> {
  let source: Source | null;
  try {
    source = await loadSource(ctx, pdfKey);
  } catch (e) {
    ctx.log.warn({ key: pdfKey, err: e }, "stored PDF could not be read");
    return [];
  }
  if (!source) return [];
  source.outline ??= readOutline(source.doc);
  return source.outline;
}
