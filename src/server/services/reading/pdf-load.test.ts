import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { deflateZeros, objectStreamBomb } from "../../../../tests/support/bombs";
import { buildStudyPdf } from "../../seed/study-pdf";
import { loadPdf, MAX_PDF_STRUCTURE_BYTES, PdfStructureTooLarge } from "./pdf-load";

describe("loadPdf", () => {
  it("opens a 300-page book saved with object streams, as pdf-lib does", async () => {
    const bytes = await buildStudyPdf({
      title: "T",
      authors: ["A"],
      shopName: "S",
      chapters: ["One", "Two"],
      pages: 300,
      seed: "load",
    });
    const packed = await (await PDFDocument.load(bytes)).save({ useObjectStreams: true });
    for (const file of [bytes, packed]) expect((await loadPdf(file)).getPageCount()).toBe(300);
  }, 30_000);

  it("refuses a 400 kB file whose object stream inflates to 400 MB, without inflating it", async () => {
    const bomb = await objectStreamBomb();
    expect(bomb.byteLength).toBeLessThan(500 * 1024);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    await expect(loadPdf(bomb)).rejects.toBeInstanceOf(PdfStructureTooLarge);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(2 * MAX_PDF_STRUCTURE_BYTES + 50 * 1024 * 1024);
  }, 30_000);

  it("names the structure as the reason even when the rest of such a file is broken", async () => {
    const bomb = await objectStreamBomb();
    const broken = new Uint8Array([
      ...bomb.subarray(0, bomb.length - 40),
      ...new TextEncoder().encode("trailer\n<< /Size"),
    ]);
    await expect(loadPdf(broken)).rejects.toBeInstanceOf(PdfStructureTooLarge);
  }, 30_000);

  it("counts every object stream of a file against one budget", async () => {
    const withStreams = async (count: number) => {
      const doc = await PDFDocument.create();
      doc.addPage();
      const data = await deflateZeros(MAX_PDF_STRUCTURE_BYTES / 2 + 1024);
      for (let i = 0; i < count; i++) {
        doc.context.register(
          doc.context.stream(data, { Type: "ObjStm", N: 1, First: 4, Filter: "FlateDecode" }),
        );
      }
      return doc.save({ useObjectStreams: false });
    };
    // One stream of just over half the budget is let through; two of them are not.
    await expect(loadPdf(await withStreams(1))).resolves.toBeInstanceOf(PDFDocument);
    await expect(loadPdf(await withStreams(2))).rejects.toBeInstanceOf(PdfStructureTooLarge);
  }, 30_000);
});
