import { describe, expect, it } from "vitest";
import { searchNamesOf } from "../../contracts/catalog-text";
import { bnDigits, isbn13 } from "./catalog";

describe("demo catalogue helpers", () => {
  it("writes Bangla digits", () => {
    expect(bnDigits(2025)).toBe("২০২৫");
    expect(bnDigits("HSC 2026")).toBe("HSC ২০২৬");
  });

  it("makes ISBN-13s in the Bangladesh range with a correct check digit", () => {
    for (const [reg, item] of [
      [10, 1],
      [45, 9999],
      [99, 1234],
    ] as const) {
      const isbn = isbn13(reg, item);
      expect(isbn).toMatch(/^978-984-\d{2}-\d{4}-\d$/);
      const digits = isbn.replace(/-/g, "").split("").map(Number);
      const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
      expect(sum % 10).toBe(0);
    }
  });

  it("builds search names from title, Bangla title, authors in both scripts and publisher", () => {
    expect(
      searchNamesOf({
        title: "Physics First Paper",
        titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
        authors: [
          { name: "Md. Rafiqul Islam", nameBn: "মো. রফিকুল ইসলাম" },
          { name: "Arif Hossain", nameBn: null },
        ],
        publisher: "Panjeree Publications",
      }),
    ).toBe(
      "Physics First Paper পদার্থবিজ্ঞান প্রথম পত্র Md. Rafiqul Islam মো. রফিকুল ইসলাম Arif Hossain Panjeree Publications" +
        " xpdrtbign xprtm xptr xrfikul xoslm",
    );
    expect(searchNamesOf({ title: "Steel Scale 30 cm" })).toBe("Steel Scale 30 cm");
  });
});
