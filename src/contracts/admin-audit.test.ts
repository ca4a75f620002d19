import { describe, expect, it } from "vitest";
import { auditCsvPath, auditDiff, auditPath, auditValueText } from "./admin-audit";

describe("auditDiff", () => {
  it("lists the changed fields only, walking nested objects", () => {
    expect(
      auditDiff(
        { status: "confirmed", total: 50000, address: { city: "Dhaka", area: "Mirpur" }, tags: ["a"] },
        { status: "shipped", total: 50000, address: { city: "Dhaka", area: "Uttara" }, tags: ["a", "b"] },
      ),
    ).toEqual([
      { path: "status", before: "confirmed", after: "shipped" },
      { path: "address.area", before: "Mirpur", after: "Uttara" },
      { path: "tags", before: ["a"], after: ["a", "b"] },
    ]);
  });

  it("lists every field of a record made or removed", () => {
    expect(auditDiff(null, { code: "EID", value: 5000 })).toEqual([
      { path: "code", before: undefined, after: "EID" },
      { path: "value", before: undefined, after: 5000 },
    ]);
    expect(auditDiff({ code: "EID" }, null)).toEqual([{ path: "code", before: "EID", after: undefined }]);
  });

  it("compares values that are not objects whole", () => {
    expect(auditDiff("a", "b")).toEqual([{ path: "value", before: "a", after: "b" }]);
    expect(auditDiff(3, { n: 3 })).toEqual([{ path: "value", before: 3, after: { n: 3 } }]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe("the audit log's paths and words", () => {
  it("link a record's history and the CSV of a filter", () => {
    expect(auditPath("order", 12)).toBe("/admin/audit?area=order&record=12");
    expect(auditCsvPath({ staff: 3, area: "", from: "2026-03-01" })).toBe(
      "/api/admin/audit.csv?staff=3&from=2026-03-01",
    );
    expect(auditCsvPath({})).toBe("/api/admin/audit.csv");
  });

  it("write a value as one line", () => {
    expect(auditValueText(undefined)).toBe("—");
    expect(auditValueText(null)).toBe("—");
    expect(auditValueText("Mirpur")).toBe("Mirpur");
    expect(auditValueText({ a: [1] })).toBe('{"a":[1]}');
  });
});
