/**
 * Opening a PDF with pdf-lib without letting the file's structure take the server (decision 27).
 * pdf-lib inflates every object stream and cross-reference stream of a file while it parses it,
 * on the server's main thread: a 400 kB file holding one object stream of 400 MB of Flate-packed
 * zeros took 8 s of that thread and +500 MB before pdf-lib gave up on it. So, while `loadPdf`
 * parses, each such stream is measured first, its decoded bytes counted against one budget for
 * the whole file; past it the stream is not decoded and the file is refused.
 *
 * Real files stay far below: a 300-page book of the demo's, saved with object streams, decodes
 * 295 kB of them in all (a scanned book's structure is no larger: its bulk is image streams,
 * which pdf-lib does not decode).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  decodePDFRawStream,
  PDFDocument,
  PDFObjectStreamParser,
  type PDFRawStream,
  PDFXRefStreamParser,
} from "pdf-lib";

/** The most bytes one file's object and cross-reference streams may decode to, all together. */
export const MAX_PDF_STRUCTURE_BYTES = 64 * 1024 * 1024;

/** A file whose structure decodes to more than MAX_PDF_STRUCTURE_BYTES. */
export class PdfStructureTooLarge extends Error {
  constructor() {
    super(`the PDF's object streams decode to more than ${MAX_PDF_STRUCTURE_BYTES} bytes`);
    this.name = "PdfStructureTooLarge";
  }
}

type Budget = { left: number; exceeded: boolean };
const budgets = new AsyncLocalStorage<Budget>();

/** Counts what a stream decodes to against the load's budget, a megabyte at a time. */
function measure(raw: PDFRawStream): void {
  const budget = budgets.getStore();
  if (!budget) return;
  if (budget.exceeded) throw new PdfStructureTooLarge();
  const stream = decodePDFRawStream(raw);
  let decoded = 0;
  for (;;) {
    const chunk = stream.getBytes(1024 * 1024);
    if (chunk.length === 0) break;
    decoded += chunk.length;
    if (decoded > budget.left) {
      budget.exceeded = true;
      throw new PdfStructureTooLarge();
    }
  }
  budget.left -= decoded;
}

// pdf-lib's parser makes its stream parsers through these two factories: each measures first.
const objectStreams = PDFObjectStreamParser.forStream;
PDFObjectStreamParser.forStream = (raw, shouldWaitForTick) => {
  measure(raw);
  return objectStreams(raw, shouldWaitForTick);
};
const xrefStreams = PDFXRefStreamParser.forStream;
PDFXRefStreamParser.forStream = (raw) => {
  measure(raw);
  return xrefStreams(raw);
};

/**
 * `PDFDocument.load` within the structure budget: throws PdfStructureTooLarge for a file over it
 * (pdf-lib would otherwise skip the stream it could not read and carry on).
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const budget: Budget = { left: MAX_PDF_STRUCTURE_BYTES, exceeded: false };
  let doc: PDFDocument | null = null;
  let failure: unknown = null;
  try {
    doc = await budgets.run(budget, () => PDFDocument.load(bytes, { updateMetadata: false }));
  } catch (e) {
    failure = e;
  }
  // Over the budget, whatever pdf-lib made of the rest: the file is refused for that.
  if (budget.exceeded) throw new PdfStructureTooLarge();
  if (!doc) throw failure;
  return doc;
}
