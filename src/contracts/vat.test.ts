import { describe, expect, it } from "vitest";
import { bpToPercent, invoiceVat, percentToBp, vatInside } from "./vat";

describe("VAT inside a VAT-inclusive price", () => {
  it("is exact to the poisha, rounded half up per line", () => {
    // 115.00 at 15%: 15.00 of it is VAT.
    expect(vatInside(11_500, 1500)).toBe(1_500);
    // 100.00 at 15%: 13.0434… → 13.04.
    expect(vatInside(10_000, 1500)).toBe(1_304);
    // 250.00 at 15%: 32.6086… → 32.61.
    expect(vatInside(25_000, 1500)).toBe(3_261);
    // 0.23 at 15%: 0.03 (0.03 exactly: 23 × 15 / 115 = 3).
    expect(vatInside(23, 1500)).toBe(3);
    // 0.43 at 7.5%: 43 × 750 / 10750 = 3 poisha exactly.
    expect(vatInside(43, 750)).toBe(3);
    // 0.50 at 5%: 2.38… → 2.
    expect(vatInside(50, 500)).toBe(2);
    // 0.21 at 5%: exactly 1.0 poisha.
    expect(vatInside(21, 500)).toBe(1);
    expect(vatInside(10_000, 0)).toBe(0);
    expect(vatInside(0, 1500)).toBe(0);
  });

  it("rounds a figure exactly half way up", () => {
    // At 100% the VAT is half the amount: 3 poisha → 1.5 → 2, 5 → 2.5 → 3.
    expect(vatInside(3, 10_000)).toBe(2);
    expect(vatInside(5, 10_000)).toBe(3);
  });

  it("reads and writes rates as people type them", () => {
    expect(percentToBp("15")).toBe(1500);
    expect(percentToBp("7.5")).toBe(750);
    expect(percentToBp("2.25")).toBe(225);
    expect(percentToBp("0")).toBe(0);
    expect(percentToBp("101")).toBeNull();
    expect(percentToBp("7.555")).toBeNull();
    expect(percentToBp("-1")).toBeNull();
    expect(percentToBp("abc")).toBeNull();
    expect(bpToPercent(1500)).toBe("15");
    expect(bpToPercent(750)).toBe("7.5");
    expect(bpToPercent(225)).toBe("2.25");
  });
});

describe("an invoice's VAT", () => {
  it("gives each line its kind's rate, exempt kinds none, after the line's share of the coupon", () => {
    const vat = invoiceVat(
      [
        { kind: "book", lineTotal: 45_000, discount: 4_500 },
        { kind: "stationary", lineTotal: 23_000, discount: 2_300 },
        { kind: "content", lineTotal: 50_000, discount: 0 },
      ],
      { rateBp: 1500, exemptKinds: ["book", "ebook"] },
    );
    // 207.00 at 15%: 27.0 exactly; 500.00 at 15%: 65.2173… → 65.22.
    expect(vat.lines).toEqual([
      { vatRate: 0, vat: 0 },
      { vatRate: 1500, vat: 2_700 },
      { vatRate: 1500, vat: 6_522 },
    ]);
    expect(vat.total).toBe(9_222);
  });
});
