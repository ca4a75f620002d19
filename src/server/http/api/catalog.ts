import { Hono } from "hono";
import type { Page, ProductCard, ProductDetail, ProductKind } from "../../../contracts/catalog";
import {
  listQuerySchema,
  searchQuerySchema,
  slugParams,
  toListQuery,
} from "../../../contracts/catalog-query";
import { toTaka } from "../../../contracts/money";
import { idParams } from "../../../contracts/paging";
import { getAuthor, getProduct, listProducts, suggestProducts } from "../../services/catalog";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** The API shows money in taka; the service and database keep poisha. */
function cardOut<T extends ProductCard>(c: T): T {
  return { ...c, price: toTaka(c.price), sale_price: c.sale_price === null ? null : toTaka(c.sale_price) };
}

function pageOut(p: Page<ProductCard>) {
  return { ...p, items: p.items.map(cardOut) };
}

function detailOut(d: ProductDetail) {
  return {
    ...cardOut(d),
    related: d.related.map(cardOut),
    ...(d.ebook ? { ebook: { ...d.ebook, book: d.ebook.book ? cardOut(d.ebook.book) : null } } : {}),
    ...(d.bundle
      ? {
          bundle: {
            items: d.bundle.items.map(cardOut),
            items_total: toTaka(d.bundle.items_total),
            saving: toTaka(d.bundle.saving),
          },
        }
      : {}),
  };
}

export function catalogApi() {
  const api = new Hono<AppEnv>();

  const collection = (path: string, kind: ProductKind) => {
    api.get(path, async (c) => {
      const query = toListQuery(listQuerySchema.parse(c.req.query()));
      return ok(c, pageOut(await listProducts(c.get("ctx"), { ...query, kind })));
    });
  };
  const item = (path: string, kind: ProductKind) => {
    api.get(`${path}/:id`, async (c) => {
      const { id } = idParams.parse(c.req.param());
      return ok(c, detailOut(await getProduct(c.get("ctx"), kind, id)));
    });
  };

  collection("/books", "book");
  item("/books", "book");
  collection("/ebooks", "ebook");
  item("/ebooks", "ebook");
  collection("/stationery", "stationary");
  item("/stationery", "stationary");
  collection("/content", "content");
  item("/content", "content");
  collection("/bundles", "bundle");
  api.get("/bundles/:slug", async (c) => {
    const { slug } = slugParams.parse(c.req.param());
    return ok(c, detailOut(await getProduct(c.get("ctx"), "bundle", slug)));
  });

  api.get("/authors/:slug", async (c) => {
    const { slug } = slugParams.parse(c.req.param());
    const query = listQuerySchema.parse(c.req.query());
    const { author, products } = await getAuthor(c.get("ctx"), slug, query.page, query.limit);
    return ok(c, { ...author, products: pageOut(products) });
  });

  api.get("/search", async (c) => {
    const raw = c.req.query();
    searchQuerySchema.parse(raw);
    const query = toListQuery(listQuerySchema.parse(raw));
    return ok(c, pageOut(await listProducts(c.get("ctx"), query)));
  });

  api.get("/search/suggest", async (c) => {
    const { q } = searchQuerySchema.parse(c.req.query());
    const items = await suggestProducts(c.get("ctx"), q);
    return ok(
      c,
      items.map((i) => ({
        id: i.id,
        kind: i.kind,
        title: i.title,
        title_bn: i.title_bn,
        url: i.url,
        image: i.image,
      })),
    );
  });

  return api;
}
