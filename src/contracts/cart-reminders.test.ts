import { describe, expect, it } from "vitest";
import { cartReminderDueAt, isQuietHour } from "./cart-reminders";

// Dhaka is UTC+6 all year: 08:00 there is 02:00 UTC, 22:00 is 16:00 UTC.
const dhaka = (isoLocal: string) => new Date(`${isoLocal}+06:00`);

describe("the forgotten-cart SMS's time", () => {
  it("is 24 hours after the cart was left, in the day", () => {
    expect(cartReminderDueAt(dhaka("2031-03-01T10:30:00"))).toEqual(dhaka("2031-03-02T10:30:00"));
    expect(cartReminderDueAt(dhaka("2031-03-01T21:59:00"))).toEqual(dhaka("2031-03-02T21:59:00"));
    expect(cartReminderDueAt(dhaka("2031-03-01T08:00:00"))).toEqual(dhaka("2031-03-02T08:00:00"));
  });

  it("waits until 08:00 in Dhaka when that falls between 22:00 and 08:00", () => {
    expect(cartReminderDueAt(dhaka("2031-03-01T22:00:00"))).toEqual(dhaka("2031-03-03T08:00:00"));
    expect(cartReminderDueAt(dhaka("2031-03-01T23:45:30"))).toEqual(dhaka("2031-03-03T08:00:00"));
    expect(cartReminderDueAt(dhaka("2031-03-01T00:10:00"))).toEqual(dhaka("2031-03-02T08:00:00"));
    expect(cartReminderDueAt(dhaka("2031-03-01T07:59:00"))).toEqual(dhaka("2031-03-02T08:00:00"));
  });

  it("knows the quiet hours by Dhaka's clock, not the server's", () => {
    expect(isQuietHour(new Date("2031-03-01T16:00:00Z"))).toBe(true);
    expect(isQuietHour(new Date("2031-03-01T15:59:00Z"))).toBe(false);
    expect(isQuietHour(new Date("2031-03-01T01:59:00Z"))).toBe(true);
    expect(isQuietHour(new Date("2031-03-01T02:00:00Z"))).toBe(false);
  });
});
