import { describe, expect, it } from "vitest";
import {
  absoluteImageUrl,
  COVER_ASPECT,
  coverHeight,
  IMAGE_WIDTHS,
  imageFileKey,
  imageUrl,
  srcSet,
} from "./images";

describe("image URLs", () => {
  it("puts each width of a key at /media/images/<key>-<width>.webp", () => {
    expect(imageFileKey("abc123", 320)).toBe("images/abc123-320.webp");
    expect(imageUrl("/media", "abc123", 800)).toBe("/media/images/abc123-800.webp");
    expect(imageUrl("/media", "abc123")).toBe("/media/images/abc123-320.webp");
  });

  it("puts them under MEDIA_PUBLIC_URL when pictures are served from a CDN or the bucket", () => {
    expect(imageUrl("https://cdn.example/shop", "abc123", 160)).toBe(
      "https://cdn.example/shop/images/abc123-160.webp",
    );
    expect(srcSet("https://cdn.example", "k", 100)).toBe("https://cdn.example/images/k-160.webp 160w");
  });

  it("makes the shop's own path absolute for links beyond the page, and leaves a CDN's as it is", () => {
    expect(absoluteImageUrl("https://shop.example", "/media", "k", 800)).toBe(
      "https://shop.example/media/images/k-800.webp",
    );
    expect(absoluteImageUrl("https://shop.example", "https://cdn.example", "k", 800)).toBe(
      "https://cdn.example/images/k-800.webp",
    );
  });

  it("lists every width in the srcset", () => {
    expect(srcSet("/media", "k")).toBe(IMAGE_WIDTHS.map((w) => `/media/images/k-${w}.webp ${w}w`).join(", "));
  });

  it("leaves widths beyond a small original out of the srcset, keeping the smallest", () => {
    expect(srcSet("/media", "k", 500)).toBe(
      "/media/images/k-160.webp 160w, /media/images/k-320.webp 320w, /media/images/k-480.webp 480w",
    );
    expect(srcSet("/media", "k", 100)).toBe("/media/images/k-160.webp 160w");
  });

  it("gives the height of a 2:3 cover", () => {
    expect(COVER_ASPECT).toBeCloseTo(2 / 3);
    expect(coverHeight(320)).toBe(480);
    expect(coverHeight(800)).toBe(1200);
  });
});
