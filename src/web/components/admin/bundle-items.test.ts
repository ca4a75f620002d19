import { describe, expect, it } from "vitest";
import { bundlesAvailable } from "./bundle-items";

describe("bundlesAvailable", () => {
  it("is the fewest whole bundles any printed item's stock makes", () => {
    expect(
      bundlesAvailable([
        { quantity: 2, stock: 7 },
        { quantity: 1, stock: 5 },
      ]),
    ).toBe(3);
  });
  it("ignores digital items, and is null when nothing is printed", () => {
    expect(
      bundlesAvailable([
        { quantity: 3, stock: null },
        { quantity: 4, stock: 9 },
      ]),
    ).toBe(2);
    expect(bundlesAvailable([{ quantity: 1, stock: null }])).toBeNull();
    expect(bundlesAvailable([])).toBeNull();
  });
  it("counts oversold stock as none", () => {
    expect(bundlesAvailable([{ quantity: 1, stock: -2 }])).toBe(0);
  });
});
