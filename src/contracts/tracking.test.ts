import { describe, expect, it } from "vitest";
import { describeTimelineStatus, formatDhakaDateTime, formatMonth, orderEnding } from "./tracking";

describe("formatDhakaDateTime", () => {
  it.each([
    ["2031-03-01T08:05:00Z", "1 Mar 2031, 2:05 pm"],
    ["2031-03-31T18:30:00Z", "1 Apr 2031, 12:30 am"],
    ["2031-09-15T06:00:00Z", "15 Sep 2031, 12:00 pm"],
    ["2031-12-31T17:59:00Z", "31 Dec 2031, 11:59 pm"],
  ])("shows %s in Dhaka as %s", (iso, text) => {
    expect(formatDhakaDateTime(iso)).toBe(text);
  });
});

describe("formatMonth", () => {
  it("names the month", () => {
    expect(formatMonth("2031-04")).toBe("April 2031");
  });
});

describe("describeTimelineStatus", () => {
  it("words the order's statuses and the courier's", () => {
    expect(describeTimelineStatus("processing")).toBe("Being packed");
    expect(describeTimelineStatus("shipment:in_transit")).toBe("Handed to the courier");
    expect(describeTimelineStatus("shipment:lost_in_space")).toBe("Waiting for news from the courier");
  });

  it("leaves payment attempts and staff markers out of the public timeline", () => {
    for (const s of ["pending_payment", "payment_failed", "refund_due", "consignment"]) {
      expect(describeTimelineStatus(s)).toBeNull();
    }
  });
});

describe("orderEnding", () => {
  it("keeps the last three digits", () => {
    expect(orderEnding("100042")).toBe("042");
  });
});
