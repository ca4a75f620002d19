import { describe, expect, it } from "vitest";
import { isbnsOf, normaliseSearch, searchWords, swapDistance, toPrefixTsQuery } from "./search";

describe("an ISBN typed into search", () => {
  it("is read with or without hyphens and spaces, and only with a valid check digit", () => {
    expect(isbnsOf("978-984-10-0001-1")).toEqual(["9789841000011"]);
    expect(isbnsOf(" 978 984 10 0001 1 ")).toEqual(["9789841000011"]);
    expect(isbnsOf("9789841000012")).toBeNull();
    expect(isbnsOf("physics 2025")).toBeNull();
    expect(isbnsOf("2025")).toBeNull();
  });

  it("takes an ISBN-10 for itself and its ISBN-13", () => {
    expect(isbnsOf("0-306-40615-2")).toEqual(["0306406152", "9780306406157"]);
    expect(isbnsOf("080442957x")).toEqual(["080442957X", "9780804429573"]);
    expect(isbnsOf("0306406153")).toBeNull();
  });
});

describe("search query handling", () => {
  it("splits English and Bangla into lower-case words", () => {
    expect(searchWords("Physics  FIRST-paper")).toEqual(["physics", "first", "paper"]);
    expect(searchWords("রসায়ন প্রথম পত্র")).toEqual(["রসায়ন", "প্রথম", "পত্র"]);
  });

  it("keeps Bangla vowel signs inside the word", () => {
    expect(searchWords("পদার্থবিজ্ঞান")).toEqual(["পদার্থবিজ্ঞান"]);
  });

  it("makes every word a prefix that must match", () => {
    expect(toPrefixTsQuery("hi ১ম")).toBe("'hi':* & '১ম':*");
  });

  it("also matches a Latin word by its Banglish key, and two side by side as one word", () => {
    expect(toPrefixTsQuery("rosayon")).toBe("('rosayon':* | 'xrsn':*)");
    expect(toPrefixTsQuery("podartho biggan")).toBe(
      "(('podartho':* | 'xpdrt':*) & ('biggan':* | 'xbign':*)) | ('xpdrtbign':*)",
    );
    // Words of digits or Bangla are never keyed, nor joined.
    expect(toPrefixTsQuery("gonit 2")).toBe("('gonit':* | 'xgnit':*) & '2':*");
  });

  it("drops tsquery operators and quotes so input cannot break the query", () => {
    expect(toPrefixTsQuery("a' | b & !c:*")).toBe("'a':* & 'b':* & 'c':*");
    expect(toPrefixTsQuery("%%% ()")).toBeNull();
    expect(toPrefixTsQuery("")).toBeNull();
  });

  it("bounds the number of words and the length", () => {
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))).toHaveLength(12);
    expect(normaliseSearch("x".repeat(500))).toHaveLength(200);
  });

  it("normalises composed and decomposed Unicode alike", () => {
    expect(normaliseSearch("Cafe\u0301")).toBe(normaliseSearch("Café"));
  });

  it("counts a swap of neighbouring letters as one edit", () => {
    expect(swapDistance("frist", "first")).toBe(1);
    expect(swapDistance("teh", "the")).toBe(1);
    expect(swapDistance("first", "first")).toBe(0);
    expect(swapDistance("frst", "first")).toBe(1);
    expect(swapDistance("fisrt", "first")).toBe(1);
    expect(swapDistance("tsfir", "first")).toBeGreaterThan(1);
    expect(swapDistance("", "abc")).toBe(3);
    expect(swapDistance("রসায়ন", "রসযায়ন")).toBe(1);
  });
});
