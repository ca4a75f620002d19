import { describe, expect, it } from "vitest";
import { bpToPercent, creditNotesVat, invoiceVat, percentToBp, vatInside } from "./vat";

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

describe("the VAT a credit note takes back", () => {
  it("is the invoice's VAT in proportion to what is credited, and all of it when the whole total is", () => {
    // 92.22 of VAT inside a 1,180.00 invoice, credited in three notes.
    const steps = creditNotesVat(9_222, 118_000, [10_000, 33_333, 74_667]);
    // 781.5 → 7.82; 3,386.5 → 33.87 taken back so far, 26.05 by the second; the rest by the last.
    expect(steps).toEqual([782, 2_605, 5_835]);
    expect(steps.reduce((a, b) => a + b, 0)).toBe(9_222);
    // A note that credits everything at once takes back everything.
    expect(creditNotesVat(9_222, 118_000, [118_000])).toEqual([9_222]);
  });

  it("never takes back more than the invoice's VAT, nor anything from an invoice without VAT", () => {
    expect(creditNotesVat(9_222, 118_000, [100_000, 50_000])).toEqual([7_815, 1_407]);
    expect(creditNotesVat(0, 118_000, [5_000])).toEqual([0]);
    expect(creditNotesVat(500, 0, [5_000])).toEqual([0]);
  });

  it("adds up to the VAT for any split into poisha", () => {
    for (let seed = 1; seed < 200; seed++) {
      const total = 1_000 + ((seed * 7919) % 500_000);
      const vat = (seed * 104_729) % Math.floor(total / 7);
      const parts: number[] = [];
      let left = total;
      for (let i = 0; left > 0 && i < 6; i++) {
        const part = i === 5 ? left : Math.min(left, 1 + ((seed * (i + 3) * 31) % total));
        parts.push(part);
        left -= part;
      }
      const steps = creditNotesVat(vat, total, parts);
      expect(steps.every((s) => s >= 0)).toBe(true);
      if (left === 0) expect(steps.reduce((a, b) => a + b, 0)).toBe(vat);
    }
  });
});
