import { describe, expect, it } from "vitest";
import { idField } from "./paging";
import { parseIdParam } from "./reader-paths";

describe("parseIdParam", () => {
  it("reads the ids idField reads from plain digits", () => {
    for (const s of ["1", "12", "007", "2147483647"]) expect(parseIdParam(s)).toBe(idField.parse(s));
  });

  it("refuses what idField refuses, and anything but plain digits", () => {
    for (const s of ["0", "-1", "1.5", "2147483648", "99999999999", "abc", "", " 1", "1e3", "0x10"]) {
      expect(parseIdParam(s)).toBeNull();
    }
    expect(parseIdParam(undefined)).toBeNull();
    for (const s of ["0", "-1", "1.5", "2147483648", "abc"]) expect(idField.safeParse(s).success).toBe(false);
  });
});
