import { describe, expect, it } from "vitest";
import { formatBanglaMonth, formatDhakaDate, formatDhakaDateTime, formatDhakaTime } from "./dates";

describe("Dhaka dates", () => {
  it("shows a UTC moment in Dhaka time (UTC+6), on the next day when it is past 18:00 UTC", () => {
    expect(formatDhakaDateTime("2026-03-04T20:05:00Z")).toBe("5 Mar 2026, 2:05 am");
  });

  it("writes noon as 12 pm and midnight as 12 am", () => {
    expect(formatDhakaTime("2026-09-01T06:00:00Z")).toBe("12:00 pm");
    expect(formatDhakaTime("2026-09-01T18:00:00Z")).toBe("12:00 am");
  });

  it("uses three-letter months, September too", () => {
    expect(formatDhakaDate("2026-09-15T00:00:00Z")).toBe("15 Sep 2026");
  });
});

describe("Dhaka dates in Bangla", () => {
  it("writes the day, the month's Bangla name and the year in Bangla digits", () => {
    expect(formatDhakaDate("2026-03-04T20:05:00Z", "bn")).toBe("৫ মার্চ ২০২৬");
    expect(formatDhakaDateTime("2026-03-04T20:05:00Z", "bn")).toBe("৫ মার্চ ২০২৬, পূর্বাহ্ণ ২:০৫");
  });

  it("says পূর্বাহ্ণ before noon and অপরাহ্ণ from noon, in Dhaka time", () => {
    expect(formatDhakaTime("2026-09-01T06:00:00Z", "bn")).toBe("অপরাহ্ণ ১২:০০");
    expect(formatDhakaTime("2026-09-01T18:00:00Z", "bn")).toBe("পূর্বাহ্ণ ১২:০০");
  });

  it("writes a month of a report with its Bangla name and the year in Bangla digits", () => {
    expect(formatBanglaMonth("2031-03")).toBe("মার্চ ২০৩১");
  });

  it("keeps English the default, unchanged", () => {
    expect(formatDhakaDate("2026-09-15T00:00:00Z", "en")).toBe(formatDhakaDate("2026-09-15T00:00:00Z"));
  });
});

describe("formatDhakaDateTime across days and noon", () => {
  it.each([
    ["2031-03-01T08:05:00Z", "1 Mar 2031, 2:05 pm"],
    ["2031-03-31T18:30:00Z", "1 Apr 2031, 12:30 am"],
    ["2031-09-15T06:00:00Z", "15 Sep 2031, 12:00 pm"],
    ["2031-12-31T17:59:00Z", "31 Dec 2031, 11:59 pm"],
  ])("shows %s in Dhaka as %s", (iso, text) => {
    expect(formatDhakaDateTime(iso)).toBe(text);
  });
});
