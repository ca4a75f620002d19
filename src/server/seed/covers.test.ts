import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { COVER_HEIGHT, COVER_WIDTH, coverSvg, renderCover, wrapWords } from "./covers";

describe("covers", () => {
  it("wraps words into lines of at most the given length", () => {
    expect(wrapWords("Higher Math Second Paper", 11)).toEqual(["Higher Math", "Second", "Paper"]);
    expect(wrapWords("Supercalifragilistic word", 5)).toEqual(["Supercalifragilistic", "word"]);
    expect(wrapWords("  ", 5)).toEqual([]);
  });

  it("escapes text for SVG", () => {
    const svg = coverSvg({
      track: "hsc",
      variant: 0,
      eyebrow: "HSC",
      title: "Q&A <Physics>",
      footer: "A & B",
    });
    expect(svg).toContain("Q&amp;A");
    expect(svg).toContain("&lt;Physics&gt;");
    expect(svg).not.toContain("<Physics>");
  });

  it("renders a 2:3 picture, 800×1200", async () => {
    const png = await renderCover({
      track: "medical",
      variant: 3,
      eyebrow: "Medical admission",
      title: "MBBS Admission",
      subtitle: "Question Bank",
      byline: "Dr. Nazma Begum",
      footer: "Lecture Publications",
      ribbon: "E-BOOK",
    });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", COVER_WIDTH, COVER_HEIGHT]);
    expect(COVER_WIDTH / COVER_HEIGHT).toBeCloseTo(2 / 3);
  });
});
