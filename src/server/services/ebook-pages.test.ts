import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { stampText } from "./ebook-pages";

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
