import { describe, expect, it } from "vitest";
import { gsmLength } from "./gsm";

describe("gsmLength", () => {
  it("counts plain English one septet a character", () => {
    expect(gsmLength("Order PG-1001 confirmed. Total Tk 1,250.")).toBe(40);
  });

  it("counts the extension characters twice", () => {
    expect(gsmLength("{€}")).toBe(6);
  });

  it("is null for text outside the GSM alphabet, such as the taka sign or Bangla", () => {
    expect(gsmLength("৳1,250")).toBeNull();
    expect(gsmLength("রহিম")).toBeNull();
  });
});
