/**
 * Small files that would take a server's memory or time if drawn or decoded naively, made in the
 * test itself (no big binaries in the repository): a PDF whose page holds a 20,000 × 20,000 image
 * of Flate-compressed zeros (about 400 kB for 400 million pixels), a PNG declaring huge
 * dimensions, and a PDF page of many thousands of vector strokes (slow to draw).
 */
import { createDeflate, deflateSync } from "node:zlib";
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
} from "pdf-lib";

/** `total` zero bytes, Flate-compressed without ever holding them all in memory. */
export async function deflateZeros(total: number): Promise<Buffer> {
  const z = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  z.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => z.on("end", resolve));
  const zero = Buffer.alloc(1 << 20);
  for (let left = total; left > 0; left -= zero.length) {
    const more = z.write(left >= zero.length ? zero : zero.subarray(0, left));
    if (!more) await new Promise((resolve) => z.once("drain", resolve));
  }
  z.end();
  await done;
  return Buffer.concat(chunks);
}

export type BombPdfOptions = {
  /** The image's declared width and height (its pixels are all zero, so it compresses ~1000:1). */
  width?: number;
  height?: number;
  pages?: number;
  /** The page (1-based) that shows the image. */
  on?: number;
  /** Draw it through a form XObject instead of straight from the page's resources. */
  inForm?: boolean;
};

/** An image stream of `width` × `height` grey pixels, all zero, Flate-compressed. */
async function zeroImage(doc: PDFDocument, width: number, height: number): Promise<PDFRef> {
  const data = await deflateZeros(width * height);
  const stream = doc.context.stream(data, {
    Type: "XObject",
    Subtype: "Image",
    Width: width,
    Height: height,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 8,
    Filter: "FlateDecode",
  });
  return doc.context.register(stream);
}

/** A PDF of `pages` A4 pages, page `on` covered by one huge image: the upload probe's file. */
export async function bombPdf(opts: BombPdfOptions = {}): Promise<Uint8Array> {
  const { width = 20_000, height = 20_000, pages = 1, on = pages, inForm = false } = opts;
  const doc = await PDFDocument.create();
  const image = await zeroImage(doc, width, height);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    if (n !== on) {
      page.drawText(`Page ${n}`, { x: 72, y: 760, size: 24 });
      continue;
    }
    let shown = image;
    if (inForm) {
      const resources = doc.context.obj({ XObject: { Im0: image } });
      const form = doc.context.stream("q 1 0 0 1 0 0 cm /Im0 Do Q", {
        Type: "XObject",
        Subtype: "Form",
        BBox: [0, 0, 1, 1],
        Resources: resources,
      });
      shown = doc.context.register(form);
    }
    const name = page.node.newXObject(inForm ? "Fm" : "Im", shown);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(595, 0, 0, 842, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return doc.save();
}

/** A PDF whose first page is `strokes` short lines in one Flate content stream: slow to draw. */
export async function strokesPdf(strokes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const ops: string[] = ["0.1 w"];
  for (let i = 0; i < strokes; i++) {
    const x = (i * 37) % 595;
    const y = (i * 91) % 842;
    ops.push(`${x} ${y} m ${(x + 13) % 595} ${(y + 29) % 842} l S`);
  }
  const content = doc.context.stream(deflateSync(ops.join("\n")), { Filter: "FlateDecode" });
  page.node.set(PDFName.of("Contents"), doc.context.register(content));
  doc.addPage([595, 842]).drawText("Page 2", { x: 72, y: 760, size: 24 });
  return doc.save();
}

/**
 * A small PDF holding one object stream that inflates to `bytes` zero bytes: pdf-lib decodes every
 * object stream while it parses a file.
 */
export async function objectStreamBomb(bytes = 400 * 1024 * 1024): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText("Page 1", { x: 72, y: 760, size: 24 });
  const data = await deflateZeros(bytes);
  doc.context.register(doc.context.stream(data, { Type: "ObjStm", N: 1, First: 4, Filter: "FlateDecode" }));
  return doc.save({ useObjectStreams: false });
}

/** 8-bit grey PNG chunks. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A valid grey PNG of `width` × `height` black pixels: a few hundred kB for hundreds of megapixels. */
export async function bombPng(width: number, height: number): Promise<Uint8Array> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // Each row: a filter byte and `width` zero pixels.
  const data = await deflateZeros((width + 1) * height);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      pngChunk("IHDR", header),
      pngChunk("IDAT", data),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}
