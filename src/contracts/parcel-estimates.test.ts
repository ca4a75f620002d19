import { describe, expect, it } from "vitest";
import type { Availability } from "./availability";
import { estimateDelivery } from "./delivery-estimate";
import { parcelEstimates } from "./parcel-estimates";

describe("parcelEstimates", () => {
  // Monday 23 Nov 2026, 10:00 in Dhaka; one to two working days inside Dhaka.
  const monday = new Date("2026-11-23T04:00:00Z");
  const days = { min: 1, max: 2 };
  const inStock: Availability = { state: "in_stock", left: null, days: null, releaseDate: null };
  const preorder = (releaseDate: string): Availability => ({
    state: "preorder",
    left: null,
    days: null,
    releaseDate,
  });
  const backorder = (n: number): Availability => ({
    state: "backorder",
    left: null,
    days: n,
    releaseDate: null,
  });

  it("gives a cart of books on hand one date, and nothing later", () => {
    const e = parcelEstimates(monday, days, [{ type: "book", availability: inStock }]);
    expect(e.now?.text).toBe("24–25 Nov");
    expect(e.later).toBeNull();
  });

  it("dates the books on hand and a pre-order apart: the pre-order's days count from its release", () => {
    const e = parcelEstimates(monday, days, [
      { type: "book", availability: inStock },
      { type: "book", availability: preorder("2026-12-10") },
    ]);
    expect(e.now?.text).toBe("24–25 Nov");
    // Released Thursday 10 Dec: Saturday 12 (Friday 11 is not a working day) to Sunday 13.
    expect(e.later).toMatchObject({ from: "2026-12-12", to: "2026-12-13" });
  });

  it("sends the later parcel when the last waiting item has come, a back-order's lead time against a release", () => {
    const e = parcelEstimates(monday, days, [
      { type: "book", availability: preorder("2026-11-30") },
      { type: "book", availability: backorder(30) },
      { type: "book", availability: preorder("2026-12-05") },
    ]);
    expect(e.now).toBeNull();
    // Thirty-one to thirty-two working days from Monday 23 Nov: after the release of 5 Dec.
    expect(e.later).toEqual(estimateDelivery(monday, { min: 31, max: 32 }));
    expect(e.later && e.later.from > "2026-12-05").toBe(true);
  });

  it("needs no parcel for e-books and courses", () => {
    const e = parcelEstimates(monday, days, [
      { type: "ebook", availability: inStock },
      { type: "content", availability: inStock },
    ]);
    expect(e).toEqual({ now: null, later: null });
    // An e-book beside a pre-order: only the pre-order's parcel.
    const mixed = parcelEstimates(monday, days, [
      { type: "ebook", availability: inStock },
      { type: "book", availability: preorder("2026-12-10") },
    ]);
    expect(mixed.now).toBeNull();
    expect(mixed.later?.from).toBe("2026-12-12");
  });

  it("never dates the later parcel before the one sent now", () => {
    // A release already past (the rule calls it in stock the next day) counts from today.
    const e = parcelEstimates(monday, days, [
      { type: "book", availability: inStock },
      { type: "book", availability: preorder("2026-11-20") },
    ]);
    expect(e.later).toEqual(e.now);
  });
});
