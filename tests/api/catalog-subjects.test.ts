import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, ProductCard } from "../../src/contracts/catalog";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

let h: Harness;
const titles = async (path: string) => {
  const res = await h.request<Page<ProductCard>>("GET", path);
  expect(res.status, res.text).toBe(200);
  return (res.body.data?.items.map((i) => i.title) ?? []).sort();
};

beforeAll(async () => {
  h = await createHarness();
  await createProduct(h.db, {
    title: "Physics First Paper",
    titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
    tracks: ["hsc", "engineering"],
  });
  // Only the Bangla title names the subject.
  await createProduct(h.db, { title: "Test Paper Set", titleBn: "পদার্থবিজ্ঞান টেস্ট পেপার", tracks: ["hsc"] });
  await createProduct(h.db, {
    kind: "ebook",
    title: "Engineering Admission Physics",
    tracks: ["engineering"],
  });
  // "physics" inside another word, and a publisher named like a subject: neither makes a book of it.
  await createProduct(h.db, { title: "Astrophysics for Fun", tracks: ["hsc"] });
  await createProduct(h.db, {
    title: "Chemistry Second Paper",
    titleBn: "রসায়ন দ্বিতীয় পত্র",
    tracks: ["hsc", "medical"],
    publisher: "Bangla Physics House",
  });
  await createProduct(h.db, { title: "ICT for HSC", tracks: ["hsc"] });
  await createProduct(h.db, { title: "Dictionary of Science", tracks: ["hsc"] });
  await createProduct(h.db, { title: "Secret Physics Draft", published: false });
});

afterAll(async () => {
  await h?.close();
});

describe("the subject filter of the product lists", () => {
  it("keeps the products whose English or Bangla title names the subject", async () => {
    expect(await titles("/api/books?subject=physics")).toEqual(["Physics First Paper", "Test Paper Set"]);
    expect(await titles("/api/ebooks?subject=physics")).toEqual(["Engineering Admission Physics"]);
    expect(await titles("/api/books?subject=chemistry")).toEqual(["Chemistry Second Paper"]);
  });

  it("counts the subject's products when a page does not hold them all", async () => {
    for (const [path, total] of [
      ["/api/books?subject=physics&limit=1", 2],
      ["/api/books?subject=physics&limit=1&page=2", 2],
      ["/api/books?subject=chemistry&limit=1", 1],
      ["/api/books?subject=ict&limit=1", 1],
      ["/api/ebooks?subject=physics&limit=1", 1],
    ] as const) {
      const res = await h.request<Page<ProductCard>>("GET", path);
      expect(res.body.data?.total, path).toBe(total);
    }
  });

  it("matches whole English words only, and reads titles rather than authors or publishers", async () => {
    expect(await titles("/api/books?subject=ict")).toEqual(["ICT for HSC"]);
    expect(await titles("/api/books?subject=bangla")).toEqual([]);
  });

  it("combines with the other filters and with a search", async () => {
    expect(await titles("/api/books?subject=physics&track=engineering")).toEqual(["Physics First Paper"]);
    expect(await titles("/api/search?q=paper&subject=physics")).toEqual([
      "Physics First Paper",
      "Test Paper Set",
    ]);
    expect(await titles("/api/search?q=paper&subject=chemistry&kind=book")).toEqual([
      "Chemistry Second Paper",
    ]);
  });

  it("answers 400 naming the subjects to an unknown one, and nothing else changes", async () => {
    for (const path of [
      "/api/books?subject=law",
      "/api/search?q=paper&subject=PHYSICS",
      "/api/books?subject=",
    ]) {
      const res = await h.request("GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors?.subject, path).toMatch(/^subject must be one of: physics, chemistry/);
    }
  });
});
