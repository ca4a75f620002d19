import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildStudyPdf, toPdfText } from "./study-pdf";

const spec = {
  title: "Physics First Paper",
  subtitle: "Complete Guide",
  authors: ["Md. Rafiqul Islam"],
  publisher: "Panjeree Publications",
  shopName: "Pathagar",
  chapters: ["Vectors", "Dynamics", "Waves"],
  pages: 24,
  seed: "test",
};

describe("buildStudyPdf", () => {
  it("makes exactly the pages asked for", async () => {
    for (const pages of [2, 5, 24, 40]) {
      const doc = await PDFDocument.load(await buildStudyPdf({ ...spec, pages }));
      expect(doc.getPageCount()).toBe(pages);
    }
  });

  it("gives the same bytes for the same spec, so the file's hash names it", async () => {
    const a = await buildStudyPdf(spec);
    const b = await buildStudyPdf(spec);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = await buildStudyPdf({ ...spec, seed: "other" });
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it("carries the title and authors in its metadata, Bangla left out", async () => {
    const doc = await PDFDocument.load(
      await buildStudyPdf({ ...spec, title: "Physics পদার্থবিজ্ঞান First Paper" }),
    );
    expect(doc.getTitle()).toBe("Physics First Paper");
    expect(doc.getAuthor()).toBe("Md. Rafiqul Islam");
  });
});

describe("toPdfText", () => {
  it("keeps plain ASCII, turns typographic punctuation plain and drops the rest", () => {
    expect(toPdfText("“Vectors” – part 1’s notes")).toBe('"Vectors" - part 1\'s notes');
    expect(toPdfText("Café  পদার্থ  ok")).toBe("Cafe ok");
  });
});
