import { describe, expect, it } from "vitest";
import { adminUsersQuery, blockReasonSchema, phoneSearchDigits } from "./admin-users";

describe("phoneSearchDigits", () => {
  it.each([
    ["01712345678", "01712345678"],
    ["+8801712345678", "01712345678"],
    ["+880 1712-345678", "01712345678"],
    ["880 1712 345678", "01712345678"],
    ["008801712345678", "01712345678"],
    ["01712 345", "01712345"],
    ["(017) 12", "01712"],
    ["1712345", "1712345"],
  ])("reads %s as %s", (q, digits) => {
    expect(phoneSearchDigits(q)).toBe(digits);
  });

  it.each([["Rahim"], ["rahim@example.com"], ["12"], ["+"], ["880"]])("is null for %s", (q) => {
    expect(phoneSearchDigits(q)).toBeNull();
  });
});

describe("adminUsersQuery", () => {
  it("defaults to the newest accounts first, and reads the filters", () => {
    expect(adminUsersQuery.parse({})).toMatchObject({ page: 1, limit: 20, q: "", sort: "-createdAt" });
    expect(adminUsersQuery.parse({ role: "staff", blocked: "true", phoneVerified: "false" })).toMatchObject({
      role: "staff",
      blocked: true,
      phoneVerified: false,
    });
  });
});

describe("blockReasonSchema", () => {
  it("trims the reason and takes 1 to 500 characters", () => {
    expect(blockReasonSchema.parse({ reason: "  spam  " })).toEqual({ reason: "spam" });
    expect(blockReasonSchema.safeParse({ reason: " " }).success).toBe(false);
    expect(blockReasonSchema.safeParse({ reason: "x".repeat(500) }).success).toBe(true);
    expect(blockReasonSchema.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
  });
});
