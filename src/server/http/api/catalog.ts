import { Hono } from "hono";
import type { ProductKind } from "../../../contracts/catalog";
import {
  listQuerySchema,
  RENAMED_LIST_PARAMS,
  searchOptionsSchema,
  searchQuerySchema,
  slugParams,
  toListQuery,
} from "../../../contracts/catalog-query";
import { idParams } from "../../../contracts/paging";
import { getAuthor, getProduct, listProducts, suggestProducts } from "../../services/catalog/catalog";
import { DomainError } from "../../services/errors";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** A list's filters, sort and page from the query; a filter's former name is refused with 400. */
function readListQuery(raw: Record<string, string>) {
  const renamed = Object.keys(raw).filter((k) => Object.hasOwn(RENAMED_LIST_PARAMS, k));
  if (renamed.length > 0) {
    const errors = Object.fromEntries(renamed.map((k) => [k, `${k} is now ${RENAMED_LIST_PARAMS[k]}`]));
    throw new DomainError("invalid", Object.values(errors).join("; "), errors);
  }
  return listQuerySchema.parse(raw);
}

export function catalogApi() {
  const api = new Hono<AppEnv>();

  const collection = (path: string, kind: ProductKind) => {
    api.get(path, async (c) => {
      const query = toListQuery(readListQuery(c.req.query()));
      return ok(c, await listProducts(c.get("ctx"), { ...query, kind }));
    });
  };
  const item = (path: string, kind: ProductKind) => {
    api.get(`${path}/:id`, async (c) => {
      const { id } = idParams.parse(c.req.param());
      return ok(c, await getProduct(c.get("ctx"), kind, id));
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
    return ok(c, await getProduct(c.get("ctx"), "bundle", slug));
  });

  api.get("/authors/:slug", async (c) => {
    const { slug } = slugParams.parse(c.req.param());
    const query = readListQuery(c.req.query());
    const { author, products } = await getAuthor(c.get("ctx"), slug, query.page, query.limit);
    return ok(c, { ...author, products });
  });

  api.get("/search", async (c) => {
    const raw = c.req.query();
    const { exact } = searchOptionsSchema.parse(raw);
    const query = toListQuery(readListQuery(raw));
    return ok(c, await listProducts(c.get("ctx"), { ...query, exact }));
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
        titleBn: i.titleBn,
        url: i.url,
        image: i.image,
        price: i.price,
        salePrice: i.salePrice,
        publisher: i.publisher,
        edition: i.edition,
        hscYear: i.hscYear,
      })),
    );
  });

  return api;
}
