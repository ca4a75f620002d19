import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfTextRuns } from "../../../../tests/support/pdf-text";
import { createDiskStorage } from "../../integrations/storage/disk";
import type { Ctx } from "../context";
import { renderReadablePage, stampText } from "./ebook-pages";

const font = async () => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
const reader = (name: string, phone: string | null = "01712345678", email: string | null = null) => ({
  id: 42,
  name,
  phone,
  email,
});

describe("the reader's mark", () => {
  it("names a reader whose name the standard font can draw, with the phone", async () => {
    expect(stampText(reader("Nusrat Jahan"), await font())).toBe(
      "Licensed to Nusrat Jahan \u00b7 01712345678",
    );
    expect(stampText(reader("  José   Ramírez "), await font())).toBe(
      "Licensed to José Ramírez \u00b7 01712345678",
    );
  });

  it("drops accents the font lacks, and leaves out a name it cannot draw at all", async () => {
    const f = await font();
    expect(stampText(reader("Nguyễn Ánh"), f)).toBe("Licensed to Nguyen Anh \u00b7 01712345678");
    expect(stampText(reader("নুসরাত জাহান"), f)).toBe("Licensed to 01712345678");
    expect(stampText(reader("Rahim রহিম"), f)).toBe("Licensed to 01712345678");
  });

  it("falls back to the email, then the account number, without a phone", async () => {
    const f = await font();
    expect(stampText(reader("নুসরাত", null, "n@example.com"), f)).toBe("Licensed to n@example.com");
    expect(stampText(reader("নুসরাত", null, null), f)).toBe("Licensed to account 42");
  });
});

describe("a stamped page", () => {
  it("carries the mark at the bottom of the page as seen, left to right, whatever the page's rotation and crop", async () => {
    const source = await PDFDocument.create();
    const helvetica = await source.embedFont(StandardFonts.Helvetica);
    for (const turn of [0, 90, 180, 270]) {
      const page = source.addPage([420, 595]);
      page.setCropBox(10, 20, 400, 560);
      page.setRotation(degrees(turn));
      page.drawText(`Rotated ${turn}`, { x: 60, y: 300, size: 12, font: helvetica });
    }
    const storage = createDiskStorage(mkdtempSync(join(tmpdir(), "pathagar-pages-")));
    await storage.put("ebooks/rotated.pdf", await source.save(), "application/pdf");
    const ctx = {
      storage,
      config: { SHOP_NAME: "Pathagar", READER_FILE_CACHE_MB: 8, READER_PAGE_CACHE_MB: 8 },
      log: { warn() {} },
    } as unknown as Ctx;
    const ebook = {
      id: 1,
      title: "Rotated",
      published: true,
      pdfKey: "ebooks/rotated.pdf",
      pageCount: 4,
      demoPages: [],
    };
    for (let n = 1; n <= 4; n++) {
      const bytes = await renderReadablePage(ctx, {
        ebook,
        page: n,
        access: "owner",
        reader: reader("Nusrat Jahan"),
      });
      const [seen] = await pdfTextRuns(bytes);
      const line = seen!.runs.find((r) => r.str.startsWith("Licensed to") && r.size <= 7);
      expect(line, `page ${n}`).toBeDefined();
      // Within 20 points of the bottom edge as seen, running left to right, and centred.
      expect(seen!.height - line!.y, `page ${n}`).toBeLessThan(20);
      expect(seen!.height - line!.y, `page ${n}`).toBeGreaterThan(0);
      expect(line!.dx, `page ${n}`).toBeGreaterThan(0);
      expect(Math.abs(line!.dy), `page ${n}`).toBeLessThan(0.01);
      expect(line!.x, `page ${n}`).toBeGreaterThan(10);
      expect(seen!.width).toBe(n % 2 === 0 ? 560 : 400);
    }
  });
});
