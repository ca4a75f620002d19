import { describe, expect, it } from "vitest";
import { banglaDigits, formatNumber, localeFromCookieHeader, resolveLocale } from "./locale";

describe("the page's language", () => {
  it("is the cookie's, then the profile's, then English", () => {
    expect(resolveLocale({ cookie: "bn", profile: "en" })).toBe("bn");
    expect(resolveLocale({ cookie: "en", profile: "bn" })).toBe("en");
    expect(resolveLocale({ cookie: null, profile: "bn" })).toBe("bn");
    expect(resolveLocale({})).toBe("en");
  });

  it("ignores a value that is not one of the shop's languages", () => {
    expect(resolveLocale({ cookie: "fr", profile: "bn" })).toBe("bn");
    expect(resolveLocale({ cookie: "BN", profile: "xx" })).toBe("en");
  });

  it("finds the language cookie among others", () => {
    expect(localeFromCookieHeader("a=1; pathagar_lang=bn; b=2")).toBe("bn");
    expect(localeFromCookieHeader("xpathagar_lang=bn")).toBeNull();
    expect(localeFromCookieHeader(undefined)).toBeNull();
  });
});

describe("numbers per language", () => {
  it("groups the Indian way, in Bangla digits for Bangla", () => {
    expect(formatNumber(1250)).toBe("1,250");
    expect(formatNumber(125000)).toBe("1,25,000");
    expect(formatNumber(1250, "bn")).toBe("১,২৫০");
    expect(formatNumber(125000, "bn")).toBe("১,২৫,০০০");
  });

  it("writes any ASCII digits in Bangla", () => {
    expect(banglaDigits("01712-345678")).toBe("০১৭১২-৩৪৫৬৭৮");
  });
});
