import { describe, expect, it } from "vitest";
import { describeShipmentStatus, isShipmentStatus, SHIPMENT_STATUSES } from "./shipping";

describe("describeShipmentStatus", () => {
  it("has distinct customer-facing words for every status", () => {
    const words = SHIPMENT_STATUSES.map(describeShipmentStatus);
    expect(words.every((w) => w.length > 0 && !w.includes("_"))).toBe(true);
    expect(new Set(words).size).toBe(SHIPMENT_STATUSES.length);
  });

  it("says what the timeline shows", () => {
    expect(describeShipmentStatus("in_transit")).toBe("Handed to the courier");
    expect(describeShipmentStatus("delivered")).toBe("Delivered");
  });
});

describe("isShipmentStatus", () => {
  it("knows our statuses and nothing else", () => {
    expect(isShipmentStatus("partial_delivered")).toBe(true);
    expect(isShipmentStatus("delivered_approval_pending")).toBe(false);
  });
});
