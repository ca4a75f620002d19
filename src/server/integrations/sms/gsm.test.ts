import { describe, expect, it } from "vitest";
import { fittingSms, gsmLength, smsParts } from "./gsm";

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

describe("smsParts", () => {
  it("sends up to 160 GSM characters as one SMS and longer ones in parts of 153", () => {
    expect(smsParts("a".repeat(160))).toBe(1);
    expect(smsParts("a".repeat(161))).toBe(2);
    expect(smsParts("a".repeat(306))).toBe(2);
    expect(smsParts("a".repeat(307))).toBe(3);
  });

  it("sends Bangla as UCS-2: 70 characters in one SMS, 67 a part beyond", () => {
    expect(smsParts("ক".repeat(70))).toBe(1);
    expect(smsParts("ক".repeat(71))).toBe(2);
    expect(smsParts("ক".repeat(134))).toBe(2);
    expect(smsParts("ক".repeat(135))).toBe(3);
  });

  it("makes a whole English text UCS-2 for one character outside the alphabet", () => {
    expect(smsParts(`${"a".repeat(70)}৳`)).toBe(2);
  });
});

describe("fittingSms", () => {
  const forms = ["ক".repeat(120), "ক".repeat(90), "ক".repeat(60)];

  it("takes the fullest form that goes in one SMS", () => {
    expect(fittingSms(forms)).toBe(forms[2]);
    expect(fittingSms(forms, 2)).toBe(forms[2]);
  });

  it("takes the fullest in two parts when none goes in one and two are allowed", () => {
    expect(fittingSms(forms.slice(0, 2), 2)).toBe(forms[0]);
  });

  it("falls back to the shortest when nothing fits", () => {
    expect(fittingSms(["ক".repeat(300), "ক".repeat(200)], 2)).toBe("ক".repeat(200));
  });
});
