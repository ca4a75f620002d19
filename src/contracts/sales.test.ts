import { describe, expect, it } from "vitest";
import { addDays, daysBetween, dhakaDay, dhakaDayStart, isRealDay, periodLabel, periodsOf } from "./sales";

describe("Dhaka days", () => {
  it("names the Dhaka day of an instant, six hours ahead of UTC", () => {
    expect(dhakaDay(new Date("2031-02-10T17:59:59Z"))).toBe("2031-02-10");
    expect(dhakaDay(new Date("2031-02-10T18:00:00Z"))).toBe("2031-02-11");
    expect(dhakaDayStart("2031-02-11").toISOString()).toBe("2031-02-10T18:00:00.000Z");
  });

  it("counts days across months and leap years", () => {
    expect(addDays("2032-02-28", 1)).toBe("2032-02-29");
    expect(addDays("2031-03-01", -1)).toBe("2031-02-28");
    expect(daysBetween("2031-03-05", "2031-03-05")).toBe(1);
    expect(daysBetween("2030-01-01", "2031-12-31")).toBe(730);
    expect(daysBetween("2031-03-06", "2031-03-05")).toBe(0);
  });

  it("knows a real day from a made-up one", () => {
    expect(isRealDay("2032-02-29")).toBe(true);
    expect(isRealDay("2031-02-29")).toBe(false);
    expect(isRealDay("2031-13-01")).toBe(false);
    expect(isRealDay("31-01-01")).toBe(false);
  });

  it("lists every day or month of a range, across a year's end", () => {
    expect(periodsOf("2030-12-30", "2031-01-02", "day")).toEqual([
      "2030-12-30",
      "2030-12-31",
      "2031-01-01",
      "2031-01-02",
    ]);
    expect(periodsOf("2030-11-15", "2031-02-01", "month")).toEqual([
      "2030-11",
      "2030-12",
      "2031-01",
      "2031-02",
    ]);
    expect(periodLabel("2031-03-05")).toBe("5 Mar 2031");
    expect(periodLabel("2031-03")).toBe("Mar 2031");
  });
});
