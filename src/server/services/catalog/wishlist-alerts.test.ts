import { describe, expect, it } from "vitest";
import { isWishlistDrop } from "../../../contracts/wishlist";
import { gsmLength, smsParts } from "../../integrations/sms/gsm";
import { wishlistBackSms, wishlistCheaperSms } from "./wishlist-alerts";

const url = "https://pathagar.com.bd/book/1234/higher-math-1st-paper";

describe("wishlistBackSms", () => {
  it("says an English title is back with its price in taka, in one GSM SMS", () => {
    const sms = wishlistBackSms("Higher Math 1st Paper", 125_000, url, "en");
    expect(sms).toBe(`Back in stock from your wishlist: Higher Math 1st Paper, Tk 1,250. ${url}`);
    expect(gsmLength(sms)).not.toBeNull();
    expect(smsParts(sms)).toBe(1);
  });

  it("writes Bangla with Bangla digits, and shortens a long title to two Unicode parts", () => {
    const sms = wishlistBackSms("উচ্চতর গণিত প্রথম পত্র", 125_000, url, "bn");
    expect(sms).toBe(`আপনার উইশলিস্টের পণ্য আবার স্টকে: উচ্চতর গণিত প্রথম পত্র, ৳১,২৫০। ${url}`);
    const long = wishlistBackSms(Array.from({ length: 30 }, () => "পদার্থবিজ্ঞান").join(" "), 30_000, url, "bn");
    expect(smsParts(long)).toBe(2);
    expect(long).toContain("…");
    expect(long.endsWith(url)).toBe(true);
  });
});

describe("wishlistCheaperSms", () => {
  it("names the price now and the price when saved", () => {
    expect(wishlistCheaperSms("Organic Chemistry", 34_000, 40_000, url, "en")).toBe(
      `Cheaper now on your wishlist: Organic Chemistry, Tk 340 (was Tk 400). ${url}`,
    );
    expect(wishlistCheaperSms("রসায়ন", 34_050, 40_000, url, "bn")).toBe(
      `আপনার উইশলিস্টের পণ্যের দাম কমেছে: রসায়ন, এখন ৳৩৪০.৫০ (আগে ৳৪০০)। ${url}`,
    );
  });

  it("keeps an English text in the GSM alphabet when it shortens the title", () => {
    const sms = wishlistCheaperSms(
      Array.from({ length: 40 }, () => "Physics").join(" "),
      34_000,
      40_000,
      url,
      "en",
    );
    expect(gsmLength(sms)).not.toBeNull();
    expect(sms).toContain("...");
    expect(smsParts(sms)).toBeLessThanOrEqual(2);
  });
});

describe("isWishlistDrop", () => {
  it("counts a drop of at least 5% and ৳5", () => {
    expect(isWishlistDrop(40_000, 38_000)).toBe(true);
    expect(isWishlistDrop(40_000, 38_001)).toBe(false);
    // 10% of ৳40 is ৳4: too little to text.
    expect(isWishlistDrop(4_000, 3_600)).toBe(false);
    expect(isWishlistDrop(4_000, 3_500)).toBe(true);
    expect(isWishlistDrop(40_000, 40_000)).toBe(false);
    expect(isWishlistDrop(40_000, 45_000)).toBe(false);
  });
});
