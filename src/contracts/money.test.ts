import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectivePrice, formatTaka, parseTaka, percentOff, shownSalePrice, toPoisha, toTaka } from "./money";

describe("the price rule", () => {
  it("is the sale price when it is set and lower, else the price", () => {
    expect(effectivePrice({ price: 30_000, salePrice: null })).toBe(30_000);
    expect(effectivePrice({ price: 30_000, salePrice: 24_000 })).toBe(24_000);
    expect(effectivePrice({ price: 30_000, salePrice: 29_999 })).toBe(29_999);
    expect(effectivePrice({ price: 30_000, salePrice: 30_000 })).toBe(30_000);
    expect(effectivePrice({ price: 30_000, salePrice: 35_000 })).toBe(30_000);
    expect(effectivePrice({ price: 30_000, salePrice: 0 })).toBe(0);
  });

  it("never costs more than the price, and is one of the two", () => {
    const money = fc.integer({ min: 0, max: 100_000_000 });
    fc.assert(
      fc.property(money, fc.option(money), (price, salePrice) => {
        const p = effectivePrice({ price, salePrice });
        return p <= price && (p === price || p === salePrice) && (salePrice === null || p <= salePrice);
      }),
    );
  });

  it("shows a sale and its badge only when the sale price is lower", () => {
    expect(shownSalePrice({ price: 45_000, salePrice: 39_900 })).toBe(39_900);
    expect(shownSalePrice({ price: 45_000, salePrice: 45_000 })).toBeNull();
    expect(shownSalePrice({ price: 45_000, salePrice: 50_000 })).toBeNull();
    expect(shownSalePrice({ price: 45_000, salePrice: null })).toBeNull();
    expect(percentOff({ price: 40_000, salePrice: 30_000 })).toBe(25);
    expect(percentOff({ price: 40_000, salePrice: 40_000 })).toBe(0);
    expect(percentOff({ price: 40_000, salePrice: 50_000 })).toBe(0);
    expect(percentOff({ price: 0, salePrice: null })).toBe(0);
  });
});

describe("money", () => {
  it("shows whole taka without decimals and with Bangladeshi grouping", () => {
    expect(formatTaka(125_000)).toBe("৳1,250");
    expect(formatTaka(12_500_000)).toBe("৳1,25,000");
    expect(formatTaka(0)).toBe("৳0");
  });

  it("shows poisha when there are any", () => {
    expect(formatTaka(125_050)).toBe("৳1,250.50");
  });

  it("converts poisha to taka and back without losing a poisha", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (p) => toPoisha(toTaka(p)) === p));
  });

  it("gives taka with at most two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (p) => {
        const [, decimals = ""] = String(toTaka(p)).split(".");
        return decimals.length <= 2;
      }),
    );
  });
});

describe("parseTaka", () => {
  it("reads taka as people type them, in poisha", () => {
    expect(parseTaka("1,250")).toBe(125_000);
    expect(parseTaka("৳1250.50")).toBe(125_050);
    expect(parseTaka(" 0.05 ")).toBe(5);
    expect(parseTaka("১২৫০")).toBe(125_000);
    expect(parseTaka("")).toBeNull();
  });
  it("refuses what is not an amount", () => {
    for (const s of ["abc", "1.234", "-5", "1e3", "12.5.1"]) expect(parseTaka(s)).toBeNaN();
  });
});

describe("prices in Bangla", () => {
  it("are written in Bangla digits with the taka sign", () => {
    expect(formatTaka(125_000, "bn")).toBe("৳১,২৫০");
    expect(formatTaka(12_500_000, "bn")).toBe("৳১,২৫,০০০");
    expect(formatTaka(125_050, "bn")).toBe("৳১,২৫০.৫০");
    expect(formatTaka(0, "bn")).toBe("৳০");
  });

  it("leave English byte-identical to before", () => {
    expect(formatTaka(125_000, "en")).toBe("৳1,250");
    expect(formatTaka(125_050)).toBe("৳1,250.50");
    expect(formatTaka(12_500_000)).toBe("৳1,25,000");
  });

  it("read back as the same amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (poisha) => {
        return parseTaka(formatTaka(poisha, "bn")) === poisha;
      }),
    );
  });
});
