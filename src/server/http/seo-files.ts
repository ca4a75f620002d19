import { Hono } from "hono";
import { INFO_SLUGS, TRACK_INFO } from "../../contracts/catalog";
import { shopOrigin } from "../config";
import { listAuthorSlugs, listSitemapProducts, sitemapFiles } from "../services/catalog/catalog";
import type { AppDeps } from "../services/context";
import type { AppEnv } from "./env";

/** URLs per sitemap file; the protocol allows 50,000. */
export const SITEMAP_PAGE_SIZE = 40_000;
/** Product ids are PostgreSQL integers. */
const MAX_PRODUCT_ID = 2_147_483_647;

const STATIC_PATHS = [
  "/",
  ...Object.values(TRACK_INFO).map((t) => t.path),
  "/bundle",
  "/ebook",
  "/stationery",
  "/sales/stationary",
  "/content",
  ...INFO_SLUGS.map((s) => `/info/${s}`),
];

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function urlset(origin: string, entries: { path: string; updatedAt?: Date }[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${xmlEscape(origin + e.path)}</loc>${e.updatedAt ? `<lastmod>${e.updatedAt.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * `/robots.txt` (the back office, the API and personal pages excluded) and `/sitemap.xml`: every
 * published product, author and listing page. Once product ids pass SITEMAP_PAGE_SIZE it becomes a
 * sitemap index over `/sitemap/<n>.xml`: file 0 the listing pages and authors, file k the products
 * with ids in ((k − 1)·size, k·size], each read as one range of the primary key.
 */
export function seoFiles(deps: AppDeps, opts: { productsPerFile?: number } = {}) {
  const productsPerFile = opts.productsPerFile ?? SITEMAP_PAGE_SIZE;
  const app = new Hono<AppEnv>();
  // The sitemap is the catalogue as anyone sees it: a replica-safe read (decision 57).
  const visitor = { db: deps.db, replicas: deps.replicas, user: null };
  const originOf = (url: string) => shopOrigin(deps.config, url);
  const xml = (body: string) =>
    new Response(body, {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });

  app.get("/robots.txt", (c) => {
    const lines = [
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /api/",
      "Disallow: /cart",
      "Disallow: /orders",
      "Disallow: /profile",
      "Disallow: /edit",
      "Disallow: /invoice/",
      "Disallow: /ebook/library",
      "Disallow: /search",
      `Sitemap: ${originOf(c.req.url)}/sitemap.xml`,
      "",
    ];
    return c.text(lines.join("\n"), 200, { "Cache-Control": "public, max-age=3600" });
  });

  app.get("/sitemap.xml", async (c) => {
    const origin = originOf(c.req.url);
    const files = await sitemapFiles(visitor, productsPerFile);
    if (files.some((k) => k > 1)) {
      // File 0: the listing pages and the authors; then each range of products that holds any.
      const items = [0, ...files].map(
        (k) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap/${k}.xml`)}</loc></sitemap>`,
      );
      return xml(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`,
      );
    }
    const [productsList, authorSlugs] = await Promise.all([
      files.length > 0 ? listSitemapProducts(visitor, 1, productsPerFile) : [],
      listAuthorSlugs(visitor),
    ]);
    return xml(
      urlset(origin, [
        ...STATIC_PATHS.map((path) => ({ path })),
        ...authorSlugs.map((s) => ({ path: `/author/${s}` })),
        ...productsList,
      ]),
    );
  });

  // File 0 holds the listing pages and authors; file k the products with ids in ((k − 1)·n, k·n].
  app.get("/sitemap/:file{[0-9]+\\.xml}", async (c) => {
    const file = c.req.param("file");
    const n = Number.parseInt(file, 10);
    // One address per file: "01.xml" is not file 1.
    if (file !== `${n}.xml`) return c.notFound();
    const origin = originOf(c.req.url);
    if (n === 0) {
      const authorSlugs = await listAuthorSlugs(visitor);
      return xml(
        urlset(origin, [
          ...STATIC_PATHS.map((path) => ({ path })),
          ...authorSlugs.map((s) => ({ path: `/author/${s}` })),
        ]),
      );
    }
    // Past any id a product could have: not found, without asking the database.
    if ((n - 1) * productsPerFile >= MAX_PRODUCT_ID) return c.notFound();
    const entries = await listSitemapProducts(visitor, n, productsPerFile);
    if (entries.length === 0) return c.notFound();
    return xml(urlset(origin, entries));
  });

  return app;
}
