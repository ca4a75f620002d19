import { describe, expect, it } from "vitest";
import { describeTimelineStatus, formatMonth, orderEnding } from "./tracking";

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
