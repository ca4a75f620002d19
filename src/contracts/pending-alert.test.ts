import { describe, expect, it } from "vitest";
import { decodePendingAlert, encodePendingAlert, PENDING_ALERT_TTL_MS } from "./pending-alert";

const NOW = Date.UTC(2031, 2, 1, 8);

describe("the Notify me kept from before signing in", () => {
  it("reads back what was kept", () => {
    const kept = { id: 42, at: NOW - 1000 };
    expect(decodePendingAlert(encodePendingAlert(kept), NOW)).toEqual(kept);
  });

  it("is forgotten after half an hour, and one from the future is not believed", () => {
    expect(
      decodePendingAlert(encodePendingAlert({ id: 1, at: NOW - PENDING_ALERT_TTL_MS - 1 }), NOW),
    ).toBeNull();
    expect(decodePendingAlert(encodePendingAlert({ id: 1, at: NOW + 120_000 }), NOW)).toBeNull();
  });

  it.each([
    ["nothing", undefined],
    ["empty", ""],
    ["not JSON", "{id:1"],
    ["not an object", "42"],
    ["a string id", JSON.stringify({ id: "1", at: NOW })],
    ["id 0", JSON.stringify({ id: 0, at: NOW })],
    ["a fractional id", JSON.stringify({ id: 1.5, at: NOW })],
    ["no time", JSON.stringify({ id: 1 })],
  ])("refuses %s", (_, raw) => {
    expect(decodePendingAlert(raw, NOW)).toBeNull();
  });
});
