import { describe, expect, it } from "vitest";
import { describeDistrict, describeSource, NO_DELIVERY, REFERRAL_SOURCE } from "./reports";

/** A stand-in for the page's i18n: marks what it was asked to translate. */
const asked: string[] = [];
const t = (id: string, values?: Record<string, string>) => {
  asked.push(id);
  return `«${id.replace(/\{(\w+)\}/g, (_, n: string) => values?.[n] ?? "")}»`;
};

describe("the report's words for its keys", () => {
  it("names the shop's pages and channels as messages", () => {
    expect(describeSource("website", t)).toBe("«Website»");
    expect(describeSource("ebook", t)).toBe("«E-book page»");
    expect(describeSource("facebook", t)).toBe("«Facebook»");
  });

  it("calls a referral code one, with the code", () => {
    expect(describeSource("REFCODE7", t)).toBe(`«${REFERRAL_SOURCE.replace("{code}", "REFCODE7")}»`);
  });

  it("shows a name it does not know as written, never looking it up as a message", () => {
    asked.length = 0;
    expect(describeSource("e2e", t)).toBe("e2e");
    expect(describeSource("summer-fair", t)).toBe("summer-fair");
    expect(asked).toEqual([]);
  });

  it("names the district of orders without a parcel 'No delivery', others as they are", () => {
    expect(describeDistrict("", t)).toBe(`«${NO_DELIVERY}»`);
    expect(describeDistrict("Sylhet", t)).toBe("Sylhet");
  });
});
