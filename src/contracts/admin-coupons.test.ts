import { describe, expect, it } from "vitest";
import {
  couponBatchInputSchema,
  couponInputSchema,
  couponSummary,
  dhakaLocalToIso,
  isoToDhakaLocal,
} from "./admin-coupons";

describe("Dhaka local times in the coupon form", () => {
  it("reads a Dhaka wall-clock time as the UTC instant six hours earlier, and back", () => {
    expect(dhakaLocalToIso("2031-03-01T00:30")).toBe("2031-02-28T18:30:00.000Z");
    expect(isoToDhakaLocal("2031-02-28T18:30:00.000Z")).toBe("2031-03-01T00:30");
    expect(dhakaLocalToIso("")).toBeNull();
    expect(isoToDhakaLocal(null)).toBe("");
  });

  it("leaves unreadable text for the schema to refuse on its field", () => {
    const parsed = couponInputSchema.safeParse({
      code: "X",
      kind: "percent",
      value: 5,
      endsAt: dhakaLocalToIso("soon"),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["endsAt"]);
  });
});

describe("coupon rules", () => {
  it("upper-cases the code and the prefix", () => {
    expect(couponInputSchema.parse({ code: " eid_1 ", kind: "fixed", value: 100 }).code).toBe("EID_1");
    expect(
      couponBatchInputSchema.parse({ quantity: 1, prefix: "fair-", kind: "fixed", value: 100 }).prefix,
    ).toBe("FAIR-");
  });

  it("sums a coupon up in one line", () => {
    expect(
      couponSummary({
        kind: "fixed",
        value: 5_000,
        maxDiscount: null,
        minOrder: 0,
        productKinds: ["stationary"],
        productIds: [],
        usageLimit: 1,
        perUserLimit: null,
      }),
    ).toBe("৳50 off, stationery, 1 use");
  });
});
