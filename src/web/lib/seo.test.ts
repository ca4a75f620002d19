import { describe, expect, it } from "vitest";
import type { ProductDetail } from "../../contracts/catalog";
import { productJsonLd, seoMeta } from "./seo";

const book: ProductDetail = {
  id: 7,
  kind: "book",
  slug: "physics-first-paper",
  title: "Physics First Paper",
  titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
  price: 45_000,
  salePrice: 39_950,
  inStock: true,
  availability: { state: "in_stock", left: null, days: null, releaseDate: null },
  image: "abc123",
  authors: [{ name: "Shahjahan Tapan", nameBn: null, slug: "shahjahan-tapan" }],
  rating: { average: 4.5, count: 12 },
  url: "/book/7",
  description: "The whole syllabus.",
  tracks: ["hsc"],
  hscYear: 2025,
  language: "bn",
  stock: 12,
  book: {
    publisher: "Lecture Publications",
    edition: "2025",
    isbn: "9789840000000",
    pages: 420,
    ebookId: null,
  },
  related: [],
};
const matches = [{ id: "root", data: { shopName: "Pathagar", origin: "https://pathagar.example" } }];

describe("product JSON-LD", () => {
  it("describes a book with its offer in BDT and its rating", () => {
    const ld = productJsonLd(book, {
      origin: "https://pathagar.example",
      shopName: "Pathagar",
      mediaBase: "/media",
    });
    expect(ld["@type"]).toEqual(["Book", "Product"]);
    expect(ld.offers).toMatchObject({
      price: "399.50",
      priceCurrency: "BDT",
      availability: "https://schema.org/InStock",
    });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 12 });
    expect(ld.isbn).toBe("9789840000000");
    expect(ld.image).toBe("https://pathagar.example/media/images/abc123-800.webp");
  });

  it("leaves out the rating of a product nobody has reviewed and marks it out of stock", () => {
    const ld = productJsonLd(
      {
        ...book,
        rating: { average: null, count: 0 },
        inStock: false,
        availability: { state: "out_of_stock", left: null, days: null, releaseDate: null },
      },
      { origin: "", shopName: "Pathagar", mediaBase: "/media" },
    );
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  it("marks a pre-order and a back-order as schema.org names them", () => {
    const of = (availability: (typeof book)["availability"]) =>
      productJsonLd({ ...book, availability }, { origin: "", shopName: "Pathagar", mediaBase: "/media" })
        .offers;
    expect(of({ state: "preorder", left: null, days: null, releaseDate: "2031-04-01" })).toMatchObject({
      availability: "https://schema.org/PreOrder",
    });
    expect(of({ state: "backorder", left: null, days: 7, releaseDate: null })).toMatchObject({
      availability: "https://schema.org/BackOrder",
    });
  });
});

describe("seo meta", () => {
  it("gives title, description, canonical URL and Open Graph tags", () => {
    const meta = seoMeta(matches, {
      title: "Physics",
      description: "  A   book. ",
      path: "/book/7",
      image: "abc123",
    });
    expect(meta).toContainEqual({ title: "Physics | Pathagar" });
    expect(meta).toContainEqual({ name: "description", content: "A book." });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://pathagar.example/book/7",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "https://pathagar.example/book/7" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://pathagar.example/media/images/abc123-800.webp",
    });
  });

  it("points pictures at MEDIA_PUBLIC_URL as it is, without the shop's origin", () => {
    const cdn = [{ id: "root", data: { ...matches[0]!.data, mediaBase: "https://cdn.pathagar.example" } }];
    const meta = seoMeta(cdn, { title: "Physics", description: "A book.", path: "/book/7", image: "abc123" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://cdn.pathagar.example/images/abc123-800.webp",
    });
    const ld = productJsonLd(book, {
      origin: "https://pathagar.example",
      shopName: "Pathagar",
      mediaBase: "https://cdn.pathagar.example",
    });
    expect(ld.image).toBe("https://cdn.pathagar.example/images/abc123-800.webp");
  });
});
