import { describe, expect, it } from "vitest";
import { gsmLength, smsParts } from "../../integrations/sms/gsm";
import { stockAlertSms } from "../catalog/stock-alerts";
import { codeSms } from "./one-time-codes";

describe("codeSms", () => {
  it("keeps the English text as it was", () => {
    expect(codeSms("482913", "verify", "Pathagar", "en")).toBe(
      "482913 is your Pathagar verification code. It expires in 5 minutes.",
    );
    expect(codeSms("482913", "reset", "Pathagar", "en")).toContain("password reset code");
  });

  it("writes Bangla in one Unicode SMS for a shop name of up to 15 characters, the code in Latin digits", () => {
    for (const purpose of ["verify", "reset"] as const) {
      const sms = codeSms("482913", purpose, "P".repeat(15), "bn");
      expect(sms.startsWith("482913 আপনার")).toBe(true);
      expect(gsmLength(sms)).toBeNull();
      expect(smsParts(sms)).toBe(1);
    }
  });
});

describe("stockAlertSms", () => {
  const url = "https://pathagar.com.bd/book/1234/higher-math-1st-paper";

  it("keeps a short English title whole in one GSM SMS", () => {
    const sms = stockAlertSms("Higher Math 1st Paper", url, "en");
    expect(sms).toBe(`Back in stock: Higher Math 1st Paper. ${url}`);
    expect(smsParts(sms)).toBe(1);
  });

  it("shortens a long title a word at a time, never the link", () => {
    const title =
      "Higher Mathematics First Paper with Solved Board Questions and Model Tests for HSC 2027 and Admission";
    const sms = stockAlertSms(`${title} ${title}`, url, "en");
    expect(sms.endsWith(url)).toBe(true);
    expect(sms).toContain("...");
    expect(gsmLength(sms)).not.toBeNull();
    expect(smsParts(sms)).toBe(1);
  });

  it("writes Bangla with the Bangla title in at most two parts", () => {
    const sms = stockAlertSms("উচ্চতর গণিত প্রথম পত্র: বোর্ড প্রশ্ন ও সমাধানসহ সম্পূর্ণ সংস্করণ ২০২৭", url, "bn");
    expect(sms.startsWith("আবার স্টকে: উচ্চতর গণিত")).toBe(true);
    expect(sms.endsWith(url)).toBe(true);
    expect(smsParts(sms)).toBeLessThanOrEqual(2);
  });
});
