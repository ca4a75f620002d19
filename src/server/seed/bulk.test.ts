import { describe, expect, it } from "vitest";
import { pgArrayLiteral } from "./bulk";

// tests/api/seed.test.ts sends these through PostgreSQL and reads them back.
describe("pgArrayLiteral", () => {
  it("quotes text, escaping quotes and backslashes", () => {
    expect(pgArrayLiteral(["a", 'say "hi"', "back\\slash", "", "NULL"])).toBe(
      '{"a","say \\"hi\\"","back\\\\slash","","NULL"}',
    );
  });

  it("writes numbers, booleans and nulls bare", () => {
    expect(pgArrayLiteral([1, -2, null, true, false])).toBe("{1,-2,NULL,t,f}");
    expect(pgArrayLiteral([])).toBe("{}");
  });
});
