import { describe, expect, it } from "vitest";
import { COVER_ASPECT, coverHeight, IMAGE_WIDTHS, imageFileKey, imageUrl, srcSet } from "./images";

describe("image URLs", () => {
  it("puts each width of a key at /media/images/<key>-<width>.webp", () => {
    expect(imageFileKey("abc123", 320)).toBe("images/abc123-320.webp");
    expect(imageUrl("abc123", 800)).toBe("/media/images/abc123-800.webp");
    expect(imageUrl("abc123")).toBe("/media/images/abc123-320.webp");
  });

  it("lists every width in the srcset", () => {
    expect(srcSet("k")).toBe(IMAGE_WIDTHS.map((w) => `/media/images/k-${w}.webp ${w}w`).join(", "));
  });

  it("leaves widths beyond a small original out of the srcset, keeping the smallest", () => {
    expect(srcSet("k", 500)).toBe(
      "/media/images/k-160.webp 160w, /media/images/k-320.webp 320w, /media/images/k-480.webp 480w",
    );
    expect(srcSet("k", 100)).toBe("/media/images/k-160.webp 160w");
  });

  it("gives the height of a 2:3 cover", () => {
    expect(COVER_ASPECT).toBeCloseTo(2 / 3);
    expect(coverHeight(320)).toBe(480);
    expect(coverHeight(800)).toBe(1200);
  });
});
