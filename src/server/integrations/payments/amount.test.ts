import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTakaAmount, parseTakaAmount } from "./amount";

describe("parseTakaAmount", () => {
  it.each([
    ["1250.50", 125050],
    ["1250.5", 125050],
    ["15", 1500],
    ["0.01", 1],
    ["0.29", 29],
    ["1.15", 115],
    ["4.35", 435],
    ["10.000", 1000],
    [" 12.30 ", 1230],
    ["007.10", 710],
  ])("reads %j as %i poisha", (text, poisha) => {
    expect(parseTakaAmount(text)).toBe(poisha);
  });

  it("reads a JSON number the same way as its text", () => {
    expect(parseTakaAmount(1250.5)).toBe(125050);
    expect(parseTakaAmount(15)).toBe(1500);
  });

  it.each(["10.005", "-5", "+5", "1e3", "", " ", "abc", "1,250.00", "12.", ".5", "NaN", "Infinity"])(
    "refuses %j",
    (text) => {
      expect(parseTakaAmount(text)).toBeNull();
    },
  );

  it.each([null, undefined, Number.NaN, {}, ["1.00"]])("refuses %j", (value) => {
    expect(parseTakaAmount(value)).toBeNull();
  });
});

describe("formatTakaAmount", () => {
  it.each([
    [125050, "1250.50"],
    [1500, "15.00"],
    [5, "0.05"],
    [0, "0.00"],
    [100_000_001, "1000000.01"],
  ])("writes %i poisha as %j", (poisha, text) => {
    expect(formatTakaAmount(poisha)).toBe(text);
  });

  it.each([12.5, -1, Number.NaN, Number.MAX_SAFE_INTEGER + 2])("refuses %d", (poisha) => {
    expect(() => formatTakaAmount(poisha)).toThrow(RangeError);
  });

  it("round-trips every whole amount exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (poisha) => {
        expect(parseTakaAmount(formatTakaAmount(poisha))).toBe(poisha);
      }),
    );
  });
});
