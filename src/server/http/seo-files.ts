import { Hono } from "hono";
import { INFO_SLUGS, TRACK_INFO } from "../../contracts/catalog";
import { shopOrigin } from "../config";
import { countPublishedProducts, listAuthorSlugs, listSitemapProducts } from "../services/catalog/catalog";
import type { AppDeps } from "../services/context";
import type { AppEnv } from "./env";

/** URLs per sitemap file; the protocol allows 50,000. */
export const SITEMAP_PAGE_SIZE = 40_000;

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
 * published product, author and listing page. Past SITEMAP_PAGE_SIZE products it becomes a
 * sitemap index over `/sitemap/<n>.xml`.
 */
export function seoFiles(deps: AppDeps) {
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
    const total = await countPublishedProducts(visitor);
    if (total > SITEMAP_PAGE_SIZE) {
      const pages = Math.ceil(total / SITEMAP_PAGE_SIZE);
      const items = Array.from(
        { length: pages + 1 },
        (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap/${i}.xml`)}</loc></sitemap>`,
      );
      return xml(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`,
      );
    }
    const [productsList, authorSlugs] = await Promise.all([
      listSitemapProducts(visitor, 0, SITEMAP_PAGE_SIZE),
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

  // Page 0 holds the listing pages and authors; pages 1… hold products.
  app.get("/sitemap/:file{[0-9]+\\.xml}", async (c) => {
    const n = Number.parseInt(c.req.param("file"), 10);
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
    const entries = await listSitemapProducts(visitor, (n - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
    if (entries.length === 0) return c.notFound();
    return xml(urlset(origin, entries));
  });

  return app;
}
