import { describe, expect, it } from "vitest";
import { estimateDeliveries, estimateDelivery, formatDayRange, parseDayRange } from "./delivery-estimate";

describe("parseDayRange", () => {
  it("reads one number or a range", () => {
    expect(parseDayRange("2")).toEqual({ min: 2, max: 2 });
    expect(parseDayRange("1-3")).toEqual({ min: 1, max: 3 });
    expect(parseDayRange(" 3 - 5 ")).toEqual({ min: 3, max: 5 });
  });
  it("refuses anything else", () => {
    for (const bad of ["", "a", "3-1", "1-31", "-1", "1..3", "1-2-3"]) expect(parseDayRange(bad)).toBeNull();
  });
});

describe("estimateDelivery", () => {
  it("counts working days from today in Dhaka, Fridays not counted", () => {
    // Monday 23 Nov 2026, 10:00 in Dhaka.
    const monday = new Date("2026-11-23T04:00:00Z");
    expect(estimateDelivery(monday, { min: 1, max: 2 })).toEqual({
      from: "2026-11-24",
      to: "2026-11-25",
      text: "24–25 Nov",
    });
    // Three to five working days: Thu 26, (Fri 27 skipped), Sat 28, Sun 29.
    expect(estimateDelivery(monday, { min: 3, max: 5 })).toMatchObject({
      from: "2026-11-26",
      to: "2026-11-29",
    });
  });

  it("uses the Dhaka date, not the UTC one", () => {
    // 20:00 UTC on Monday is 02:00 on Tuesday in Dhaka.
    expect(estimateDelivery(new Date("2026-11-23T20:00:00Z"), { min: 1, max: 1 }).from).toBe("2026-11-25");
  });

  it("never lands on a Friday", () => {
    // Thursday 26 Nov 2026 + 1 working day is Saturday 28 Nov.
    expect(estimateDelivery(new Date("2026-11-26T04:00:00Z"), { min: 1, max: 1 }).from).toBe("2026-11-28");
    // 0 days on a Friday: Saturday.
    expect(estimateDelivery(new Date("2026-11-27T04:00:00Z"), { min: 0, max: 0 }).from).toBe("2026-11-28");
  });

  it("estimates both zones", () => {
    const e = estimateDeliveries(new Date("2026-11-23T04:00:00Z"), {
      dhaka: { min: 1, max: 2 },
      outside: { min: 3, max: 5 },
    });
    expect(e.dhaka.text).toBe("24–25 Nov");
    expect(e.outside.text).toBe("26–29 Nov");
  });
});

describe("formatDayRange", () => {
  it("writes a day, a range in a month, across months and across years", () => {
    expect(formatDayRange("2026-11-25", "2026-11-25")).toBe("25 Nov");
    expect(formatDayRange("2026-11-29", "2026-12-02")).toBe("29 Nov – 2 Dec");
    expect(formatDayRange("2026-12-30", "2027-01-02")).toBe("30 Dec 2026 – 2 Jan 2027");
  });
});
