import { describe, expect, it } from "vitest";
import { tierQuery } from "./catalog";

describe("tierQuery", () => {
  it("names every lexeme with the tier, prefixes and doubled quotes kept", () => {
    expect(tierQuery("( 'physics' | 'xfiziks':* ) & 'o''neil':*", 3)).toBe(
      "( '3|physics' | '3|xfiziks':* ) & '3|o''neil':*",
    );
    expect(tierQuery("'পদার্থবিজ্ঞান' & !'guide'", 11)).toBe("'11|পদার্থবিজ্ঞান' & !'11|guide'");
  });
});
