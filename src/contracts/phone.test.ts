import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBangladeshiMobile, looksLikeEmail, normalisePhone } from "./phone";

describe("normalisePhone", () => {
  it.each([
    ["01712345678", "01712345678"],
    ["+8801712345678", "01712345678"],
    ["8801712345678", "01712345678"],
    ["008801712345678", "01712345678"],
    ["+880 1712-345678", "01712345678"],
    ["0171 234 5678", "01712345678"],
    ["017-1234-5678", "01712345678"],
    ["(017) 1234.5678", "01712345678"],
    [" 01712345678 ", "01712345678"],
    ["01312345678", "01312345678"],
    ["01912345678", "01912345678"],
  ])("reads %j as %s", (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    ["operator 011", "01112345678"],
    ["operator 012", "01212345678"],
    ["operator 010", "01012345678"],
    ["a landline-like 02 number", "02123456789"],
    ["ten digits", "0171234567"],
    ["twelve digits", "017123456789"],
    ["+880 with a digit missing", "+880171234567"],
    ["+880 with a digit too many", "+88017123456789"],
    ["a foreign number", "+447911123456"],
    ["letters", "0171234567a"],
    ["an email", "student@example.com"],
    ["nothing", ""],
    ["00880 with a wrong operator", "008801212345678"],
  ])("refuses %s (%j)", (_what, input) => {
    expect(normalisePhone(input)).toBeNull();
    expect(isBangladeshiMobile(input)).toBe(false);
  });

  it("is idempotent: a normalised number normalises to itself", () => {
    const local = fc
      .tuple(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{8}$/))
      .map(([op, rest]) => `01${op}${rest}`);
    const written = fc
      .tuple(local, fc.constantFrom("", "+88", "88", "0088"), fc.constantFrom("", " ", "-"))
      .map(([n, prefix, sep]) => `${prefix}${n.slice(0, 5)}${sep}${n.slice(5)}`);
    fc.assert(
      fc.property(written, (input) => {
        const once = normalisePhone(input);
        expect(once).not.toBeNull();
        expect(normalisePhone(once!)).toBe(once);
      }),
    );
  });

  it("never answers anything but null or an 11-digit 01[3-9] number", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = normalisePhone(input);
        expect(out === null || /^01[3-9]\d{8}$/.test(out)).toBe(true);
      }),
    );
  });
});

describe("looksLikeEmail", () => {
  it("tells an email from a phone number by the @", () => {
    expect(looksLikeEmail("a@b.co")).toBe(true);
    expect(looksLikeEmail("+8801712345678")).toBe(false);
  });
});
