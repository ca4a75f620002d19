import { describe, expect, it } from "vitest";
import { consignmentSchema, STAFF_TRANSITIONS, transitionRefusal } from "./fulfilment";
import { ORDER_STATUSES } from "./order-status";

describe("transitionRefusal", () => {
  it("allows exactly the listed moves", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(transitionRefusal("1", from, to) === null).toBe(STAFF_TRANSITIONS[from].includes(to));
      }
    }
  });

  it("says what the order can become instead", () => {
    expect(transitionRefusal("100001", "shipped", "processing")).toBe(
      'Order 100001 is shipped and cannot become "Being packed"; it can become "Delivered", "Returned", "Refunded"',
    );
  });
});

describe("consignmentSchema", () => {
  it("trims and upper-cases the number, and records the manual courier by default", () => {
    expect(consignmentSchema.parse({ consignment: " ab-12c " })).toEqual({
      consignment: "AB-12C",
      courier: "manual",
    });
  });
});
