import { describe, expect, it } from "vitest";
import { payByAfterRetry } from "./checkout";

const placed = new Date("2031-03-01T08:00:00.000Z");
const minute = (n: number) => new Date(placed.getTime() + n * 60_000);
/** An order placed at `placed` whose current pay-by time is `payBy` (null: written before it was kept). */
const order = (payBy: Date | null) => ({ createdAt: placed, reservedUntil: payBy });

describe("payByAfterRetry", () => {
  it("keeps the first window's end for a retry with at least 10 minutes of it left", () => {
    expect(payByAfterRetry(order(minute(30)), minute(1))).toEqual(minute(30));
    expect(payByAfterRetry(order(minute(30)), minute(20))).toEqual(minute(30));
  });

  it("starts a second window of 30 minutes for a retry with less left, or after the first ended", () => {
    expect(payByAfterRetry(order(minute(30)), minute(21))).toEqual(minute(51));
    expect(payByAfterRetry(order(minute(30)), minute(29))).toEqual(minute(59));
    expect(payByAfterRetry(order(minute(30)), minute(300))).toEqual(minute(330));
    // An order whose failed payment cleared its pay-by time counts from when it was placed.
    expect(payByAfterRetry(order(null), minute(5))).toEqual(minute(30));
    expect(payByAfterRetry(order(null), minute(45))).toEqual(minute(75));
  });

  it("keeps the second window's end, and gives nothing once it is over", () => {
    expect(payByAfterRetry(order(minute(59)), minute(40))).toEqual(minute(59));
    expect(payByAfterRetry(order(minute(59)), minute(58))).toEqual(minute(59));
    expect(payByAfterRetry(order(minute(59)), minute(59))).toBeNull();
    expect(payByAfterRetry(order(minute(59)), minute(600))).toBeNull();
  });
});
