import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTaka, toPoisha, toTaka } from "./money";

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
