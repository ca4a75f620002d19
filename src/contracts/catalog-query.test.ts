import { describe, expect, it } from "vitest";
import { listQuerySchema, pageListQuerySchema, toListQuery } from "./catalog-query";

describe("list queries", () => {
  it("reads the API's camelCase filters with prices in whole poisha", () => {
    const q = toListQuery(
      listQuerySchema.parse({ hscYear: "2025", minPrice: "39900", maxPrice: "50000", inStock: "true" }),
    );
    expect(q).toMatchObject({ hscYear: 2025, minPrice: 39_900, maxPrice: 50_000, inStock: true });
  });

  it("refuses a price bound in taka with decimals on the API", () => {
    expect(listQuerySchema.safeParse({ minPrice: "399.5" }).success).toBe(false);
  });

  it("reads a list page's address (the filter form's names, taka) into the same query", () => {
    const q = toListQuery(
      pageListQuerySchema.parse({ hsc_year: "2025", min_price: "399", max_price: "500.5", in_stock: "1" }),
    );
    expect(q).toMatchObject({ hscYear: 2025, minPrice: 39_900, maxPrice: 50_050, inStock: true });
  });

  it("names the page's own field in its messages", () => {
    const r = pageListQuerySchema.safeParse({ min_price: "500", max_price: "100" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ["min_price"],
      message: "min_price must not be above max_price",
    });
  });
});
