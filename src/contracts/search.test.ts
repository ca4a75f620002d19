import { describe, expect, it } from "vitest";
import { normaliseSearch, searchWords, toPrefixTsQuery } from "./search";

describe("search query handling", () => {
  it("splits English and Bangla into lower-case words", () => {
    expect(searchWords("Physics  FIRST-paper")).toEqual(["physics", "first", "paper"]);
    expect(searchWords("রসায়ন প্রথম পত্র")).toEqual(["রসায়ন", "প্রথম", "পত্র"]);
  });

  it("keeps Bangla vowel signs inside the word", () => {
    expect(searchWords("পদার্থবিজ্ঞান")).toEqual(["পদার্থবিজ্ঞান"]);
  });

  it("makes every word a prefix that must match", () => {
    expect(toPrefixTsQuery("higher mat")).toBe("'higher':* & 'mat':*");
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
});
