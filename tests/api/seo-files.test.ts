import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthor, createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

let h: Harness;
let book: { id: number };
let bundle: { slug: string };
let draft: { id: number };
let authorSlug: string;

beforeAll(async () => {
  h = await createHarness();
  const a = await createAuthor(h.db, "Ishtiaq Hossain");
  authorSlug = a.slug;
  book = await createProduct(h.db, { title: "Botany Guide", authorIds: [a.id] });
  bundle = await createProduct(h.db, { kind: "bundle", title: "Medical Admission Set" });
  draft = await createProduct(h.db, { title: "Hidden Draft", published: false });
});
afterAll(async () => {
  await h?.close();
});

describe("robots.txt and sitemap.xml", () => {
  it("keeps crawlers out of the back office and the API, and names the sitemap", async () => {
    const res = await h.app.request("http://localhost/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  it("names the shop's own address, not a Host header it does not know", async () => {
    const text = await (await h.app.request("http://evil.test/robots.txt")).text();
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).not.toContain("evil.test");
  });

  it("lists every published product, author and listing page, and no unpublished product", async () => {
    const res = await h.app.request("http://localhost/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain(`<loc>http://localhost/book/${book.id}</loc>`);
    expect(xml).toContain(`<loc>http://localhost/bundle/${bundle.slug}</loc>`);
    expect(xml).toContain(`<loc>http://localhost/author/${authorSlug}</loc>`);
    expect(xml).toContain("<loc>http://localhost/info/refund</loc>");
    expect(xml).not.toContain(`/book/${draft.id}<`);
  });
});
