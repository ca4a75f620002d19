import { PDFDocument, PDFHexString, PDFName, type PDFRef, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildStudyPdf } from "../../seed/study-pdf";
import { readOutline } from "./pdf-outline";

const study = (pages: number, chapters: string[]) =>
  buildStudyPdf({ title: "Physics", authors: ["A"], shopName: "Pathagar", chapters, pages, seed: "outline" });

describe("readOutline", () => {
  it("reads the study PDF's bookmarks: the contents page and each chapter's first page", async () => {
    const doc = await PDFDocument.load(await study(24, ["Vectors", "Dynamics", "Waves"]));
    // 24 pages: title, contents, then 22 body pages shared 7, 7, 8.
    expect(readOutline(doc)).toEqual([
      { title: "Contents", page: 2, depth: 0 },
      { title: "1. Vectors", page: 3, depth: 0 },
      { title: "2. Dynamics", page: 10, depth: 0 },
      { title: "3. Waves", page: 17, depth: 0 },
    ]);
  });

  it("is what pdf.js shows as the outline too", async () => {
    const { pdfOutlineTitles } = await import("../../../../tests/support/pdf-text");
    expect(await pdfOutlineTitles(await study(12, ["Vectors", "Dynamics"]))).toEqual([
      "Contents",
      "1. Vectors",
      "2. Dynamics",
    ]);
  });

  it("follows nesting, named destinations and GoTo actions, skips entries going nowhere, and survives a loop", async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 5; i++) doc.addPage();
    const pages = doc.getPages();
    const { context } = doc;
    const root = context.nextRef();
    const [a, a1, b, c, d] = [0, 1, 2, 3, 4].map(() => context.nextRef()) as PDFRef[] as [
      PDFRef,
      PDFRef,
      PDFRef,
      PDFRef,
      PDFRef,
    ];
    doc.catalog.set(PDFName.of("Dests"), context.obj({ Named: [pages[3]!.ref, "Fit"] }));
    const item = (title: string, extra: Record<string, unknown>) =>
      context.obj({ Title: PDFHexString.fromText(title), Parent: root, ...extra } as never);
    context.assign(a, item("Part one", { Dest: [pages[1]!.ref, "Fit"], First: a1, Last: a1, Next: b }));
    context.assign(a1, item("Section", { Dest: [pages[2]!.ref, "XYZ", null, null, null], Parent: a }));
    context.assign(b, item("By name", { Dest: PDFName.of("Named"), Next: c, Prev: a }));
    context.assign(
      c,
      item("By action", {
        A: context.obj({ S: "GoTo", D: [pages[4]!.ref, "Fit"] }),
        Next: d,
        Prev: b,
      }),
    );
    // Goes to a web address, not a page: left out. Its Next points back at the first: a loop.
    context.assign(
      d,
      item("Elsewhere", { A: context.obj({ S: "URI", URI: PDFString.of("https://example.com") }), Next: a }),
    );
    context.assign(root, context.obj({ Type: "Outlines", First: a, Last: d }));
    doc.catalog.set(PDFName.of("Outlines"), root);
    const reloaded = await PDFDocument.load(await doc.save());
    expect(readOutline(reloaded)).toEqual([
      { title: "Part one", page: 2, depth: 0 },
      { title: "Section", page: 3, depth: 1 },
      { title: "By name", page: 4, depth: 0 },
      { title: "By action", page: 5, depth: 0 },
    ]);
  });

  it("is empty without an outline", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    expect(readOutline(doc)).toEqual([]);
  });
});
