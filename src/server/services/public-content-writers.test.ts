/**
 * Every service that writes what signed-out visitors see moves the public content version on
 * (decision 39), so no server keeps serving a copy made before the change. A new writer of these
 * tables fails here until it goes through `adminChange` (which moves it after the commit), calls
 * `publicContentChanged` itself, or is listed below with the reason it does not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Tables whose rows a public page or search answer shows. */
const PUBLIC_TABLES = [
  "products",
  "authors",
  "authorRedirects",
  "productAuthors",
  "bookDetails",
  "bundleItems",
  "stationeryDetails",
  "ebookDetails",
  "contentChapters",
  "reviews",
  "searchWords",
  "infoPages",
];

/** Writers that leave the version alone, and why. */
const EXEMPT: Record<string, string> = {
  // Sales take and give back stock: moving the version on every order would empty the copies all
  // day (decision 6); the cart and checkout check stock themselves.
  "orders/orders.ts": "stock taken and given back by orders",
  "catalog/stock.ts": "stock taken and given back by orders",
  // Filling waiting pre-order and back-order lines sets stock aside for orders, as a sale does;
  // staff receiving the stock that fills them go through adminChange.
  "catalog/preorders.ts": "stock taken by orders whose lines waited for it",
};

const dir = new URL(".", import.meta.url).pathname;
const writes = new RegExp(`\\.(insert|update|delete)\\((${PUBLIC_TABLES.join("|")})\\)`);

function writers(): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .filter((f) => writes.test(readFileSync(join(dir, f), "utf8")));
}

describe("writers of public content", () => {
  it("finds the writers it knows of (the check itself works)", () => {
    expect(writers()).toEqual(
      expect.arrayContaining([
        "catalog/admin-products.ts",
        "catalog/admin-authors.ts",
        "catalog/reviews.ts",
        "catalog/info-pages.ts",
        "orders/orders.ts",
      ]),
    );
  });

  it("moves the public content version on in every service that writes what visitors see", () => {
    const silent = writers().filter((f) => {
      if (EXEMPT[f]) return false;
      const text = readFileSync(join(dir, f), "utf8");
      return !/\badminChange\(/.test(text) && !/\bpublicContentChanged\(/.test(text);
    });
    expect(silent).toEqual([]);
  });
});
