import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seoFiles } from "../../src/server/http/seo-files";
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

describe("a sitemap of more products than a file holds", () => {
  it("splits them into files by id range under an index: each published product once, none hidden, none over the limit", async () => {
    for (let i = 0; i < 8; i++) await createProduct(h.db, { title: `Range Book ${i}`, published: i !== 5 });
    const files = seoFiles(h.deps, { productsPerFile: 3 });
    const index = await (await files.request("http://localhost/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const locs = [...index.matchAll(/<loc>http:\/\/localhost(\/sitemap\/\d+\.xml)<\/loc>/g)].map(
      (m) => m[1]!,
    );
    expect(locs[0]).toBe("/sitemap/0.xml");
    const [published] = (
      (await h.db.execute(
        sql`select array_agg(id order by id) as ids from products where published`,
      )) as unknown as {
        rows: { ids: number[] }[];
      }
    ).rows;
    const seen: string[] = [];
    for (const path of locs.slice(1)) {
      const res = await files.request(`http://localhost${path}`);
      expect(res.status, path).toBe(200);
      const urls = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(urls.length, path).toBeGreaterThan(0);
      expect(urls.length, path).toBeLessThanOrEqual(3);
      seen.push(...urls);
    }
    expect(seen).toHaveLength(new Set(seen).size);
    expect(seen).toHaveLength(published!.ids.length);
    expect(seen).not.toContain(`http://localhost/book/${draft.id}`);
    // The listing pages and authors are in file 0; a file past every product, or not a number, is not found.
    expect(await (await files.request("http://localhost/sitemap/0.xml")).text()).toContain(
      `/author/${authorSlug}`,
    );
    expect((await files.request("http://localhost/sitemap/999999.xml")).status).toBe(404);
    expect((await files.request("http://localhost/sitemap/99999999999999999999999.xml")).status).toBe(404);
    expect((await files.request("http://localhost/sitemap/x.xml")).status).toBe(404);
    // The last range of integer ids (its top past the largest id), and a file's number written twice.
    expect((await files.request("http://localhost/sitemap/715827883.xml")).status).toBe(404);
    expect((await files.request("http://localhost/sitemap/715827884.xml")).status).toBe(404);
    expect((await files.request(`http://localhost/sitemap/0${locs[1]!.slice(9)}`)).status).toBe(404);
  });
});
