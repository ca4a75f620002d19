import { describe, expect, it } from "vitest";
import { nextSort } from "./list-params";

describe("nextSort", () => {
  it("sorts a column ascending first, then descending, then ascending again", () => {
    expect(nextSort("name", "createdAt")).toBe("createdAt");
    expect(nextSort("createdAt", "createdAt")).toBe("-createdAt");
    expect(nextSort("-createdAt", "createdAt")).toBe("createdAt");
  });

  it("moves a list whose default is this column's descending order", () => {
    // The users list defaults to the newest first (-createdAt): a click shows the oldest first.
    expect(nextSort("-createdAt", "createdAt")).not.toBe("-createdAt");
  });
});
