import { describe, expect, it } from "vitest";
import { SHOP_SECTIONS, TRACK_SECTIONS } from "../components/layout/category-nav";
import { isListPath } from "./list-paths";

describe("the list pages that show a skeleton while they load", () => {
  it("knows every section of the category menu and the other lists", () => {
    for (const path of [
      ...[...SHOP_SECTIONS, ...TRACK_SECTIONS].map((s) => new URL(s.to, "http://x").pathname),
      "/bundles/2026",
      "/author/shahjahan-tapan",
      "/ebook/",
    ])
      expect(isListPath(path), path).toBe(true);
  });

  it("leaves product pages, the cart, the reader and the home page alone", () => {
    for (const path of [
      "/",
      "/book/5",
      "/ebook/5",
      "/ebook/5/read",
      "/ebook/library",
      "/cart",
      "/bundle/x",
      "/admin/books",
    ])
      expect(isListPath(path), path).toBe(false);
  });
});
