/**
 * The pixel sizes of a PDF's images, read from the file's objects with pdf-lib before anything
 * draws them (decision 27). A picture's stream is tiny when its pixels are all alike, so a 400 kB
 * file can hold a 20,000 × 20,000 image that takes gigabytes to draw: the upload is refused by
 * the image's size as the file declares it, without decoding a pixel.
 *
 * Every image stream in the file is measured (page images, their soft masks, images in forms,
 * patterns, Type 3 fonts and annotations' appearances: all are streams, so all are objects of
 * the file); the page named is the first one from which an oversized image can be reached. A JPEG
 * is measured by its own frame header too, which is what its decoder allocates for, whatever the
 * PDF's dictionary claims. Inline images (inside a page's content stream) are not walked: pdf.js
 * drops any image over the same budget when it draws (`maxImageSize`), and the reader's page
 * cutting copies streams without decoding them.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "pdf-lib";

export type OversizedImage = {
  /** The first page (1-based) that shows it; null when no page reaches it. */
  page: number | null;
  width: number;
  height: number;
};

const IMAGE = PDFName.of("Image");
const DCT = PDFName.of("DCTDecode");

/** A stream's whole-number entry, following a reference. */
function whole(dict: PDFDict, ...keys: string[]): number {
  for (const key of keys) {
    const value = dict.lookup(PDFName.of(key));
    if (value instanceof PDFNumber) return Math.max(0, Math.floor(value.asNumber()));
  }
  return 0;
}

/** The width and height in a JPEG's frame header (SOFn), or null when none is found early. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  for (let segments = 0; segments < 1000 && at + 9 < bytes.length; segments++) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { width, height };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  return null;
}

/** An image stream's size: the larger of what its dictionary says and what a JPEG's header says. */
function imageSize(stream: PDFRawStream): { width: number; height: number } {
  const { dict } = stream;
  let width = whole(dict, "Width", "W");
  let height = whole(dict, "Height", "H");
  const filter = dict.lookup(PDFName.of("Filter"));
  const onlyDct =
    filter === DCT || (filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === DCT);
  if (onlyDct) {
    const frame = jpegSize(stream.contents);
    if (frame && frame.width * frame.height > width * height) ({ width, height } = frame);
  }
  return { width, height };
}

/** How far one page's walk goes: a real page reaches a few hundred objects. */
const MAX_VISITS_PER_PAGE = 200_000;

/**
 * The first image of the file with more than `maxPixels` pixels, and the first page that shows
 * it; null when every image is within the budget.
 */
export function findOversizedImage(doc: PDFDocument, maxPixels: number): OversizedImage | null {
  const { context } = doc;
  const oversized = new Map<PDFRef, { width: number; height: number }>();
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.lookup(PDFName.of("Subtype")) !== IMAGE) continue;
    const size = imageSize(obj);
    if (size.width * size.height > maxPixels) oversized.set(ref, size);
  }
  if (oversized.size === 0) return null;

  const pages = doc.getPages();
  const pageRefs = new Set(pages.map((p) => p.ref));
  for (const [index, page] of pages.entries()) {
    // Everything the page reaches, except the page tree above it and other pages (links).
    const seen = new Set<PDFObject>();
    const stack: PDFObject[] = [page.node];
    let visits = 0;
    while (stack.length > 0 && visits++ < MAX_VISITS_PER_PAGE) {
      let obj = stack.pop()!;
      if (obj instanceof PDFRef) {
        const found = oversized.get(obj);
        if (found) return { page: index + 1, ...found };
        if (pageRefs.has(obj) && obj !== page.ref) continue;
        obj = context.lookup(obj) ?? obj;
        if (obj instanceof PDFRef) continue;
      }
      if (seen.has(obj)) continue;
      seen.add(obj);
      const dict = obj instanceof PDFRawStream ? obj.dict : obj;
      if (dict instanceof PDFDict) {
        for (const [key, value] of dict.entries()) {
          if (key === PDFName.Parent || key === PDFName.of("P")) continue;
          stack.push(value);
        }
      } else if (obj instanceof PDFArray) {
        for (let i = 0; i < obj.size(); i++) stack.push(obj.get(i));
      }
    }
  }
  const [first] = oversized.values();
  return { page: null, ...first! };
}
