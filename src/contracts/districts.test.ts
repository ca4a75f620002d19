import { describe, expect, it } from "vitest";
import { DISTRICT_NAMES, DISTRICTS, DIVISIONS, findDistrict, isDhakaDistrict, zoneOf } from "./districts";

describe("districts", () => {
  it("lists the 64 districts once each, in 8 divisions", () => {
    expect(DISTRICTS).toHaveLength(64);
    expect(new Set(DISTRICT_NAMES).size).toBe(64);
    const perDivision = Object.fromEntries(
      DIVISIONS.map((v) => [v, DISTRICTS.filter((x) => x.division === v).length]),
    );
    expect(perDivision).toEqual({
      Barishal: 6,
      Chattogram: 11,
      Dhaka: 13,
      Khulna: 10,
      Mymensingh: 4,
      Rajshahi: 8,
      Rangpur: 8,
      Sylhet: 4,
    });
  });

  it.each([
    ["Chittagong", "Chattogram"],
    ["comilla", "Cumilla"],
    ["Barisal", "Barishal"],
    ["JESSORE", "Jashore"],
    ["Bogra", "Bogura"],
    ["coxs bazar", "Cox's Bazar"],
    ["Chapainawabganj", "Chapai Nawabganj"],
    [" dhaka ", "Dhaka"],
  ])("finds %j as %s", (input, official) => {
    expect(findDistrict(input)?.name).toBe(official);
  });

  it("finds nothing for a name that is not a district", () => {
    expect(findDistrict("Kolkata")).toBeUndefined();
    expect(findDistrict("")).toBeUndefined();
  });

  it("puts only Dhaka district in the Dhaka zone, not the rest of its division", () => {
    expect(isDhakaDistrict("Dhaka")).toBe(true);
    expect(isDhakaDistrict("dhaka")).toBe(true);
    expect(isDhakaDistrict("Gazipur")).toBe(false);
    expect(isDhakaDistrict("Narayanganj")).toBe(false);
    expect(zoneOf("Dhaka")).toBe("dhaka");
    expect(zoneOf("Sylhet")).toBe("outside");
  });
});
