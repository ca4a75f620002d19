import { describe, expect, it } from "vitest";
import type { MarkRun } from "./lighthouse";
import { firstPageVisible } from "./reader";

const run = (paths: string[], o: Partial<MarkRun> = {}): MarkRun => ({
  markMs: 4200,
  fcpMs: 900,
  lcpMs: 1700,
  tbtMs: 0,
  benchmarkIndex: null,
  requests: paths.map((path, i) => ({ path, startMs: i * 100, endMs: i * 100 + 50, transferBytes: 1000 })),
  runtimeError: null,
  warnings: [],
  ...o,
});

describe("when the reader's first page was visible", () => {
  it("is the picture's paint (the largest contentful paint) when the page loaded the server's picture", () => {
    expect(
      firstPageVisible(run(["/ebook/5/read", "/api/ebooks/5/pages/1/image", "/api/ebooks/5/pages/1"])),
    ).toBe(1700);
    expect(
      firstPageVisible(run(["/content/3/chapters/9/read", "/api/courses/3/chapters/9/pages/1/image"])),
    ).toBe(1700);
  });

  it("is when pdf.js drew it when there was no picture (a build before the pictures)", () => {
    expect(firstPageVisible(run(["/ebook/5/read", "/api/ebooks/5/reader", "/api/ebooks/5/pages/1"]))).toBe(
      4200,
    );
    expect(firstPageVisible(run(["/ebook/5/read"], { markMs: null }))).toBeNull();
  });
});
