import { Hono } from "hono";
import { authorSchema, productDetailSchema, searchPageSchema } from "../../../contracts/answers/catalog";
import { suggestionSchema } from "../../../contracts/answers/staff-catalog";
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
import { z } from "../../../contracts/zod";
import { getAuthor, getProduct, listProducts, suggestProducts } from "../../services/catalog/catalog";
import { DomainError } from "../../services/errors";
import { anyone, type Endpoint, listOf, okAnswer } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const catalogEndpoints: Endpoint[] = [
  ...(["books", "ebooks", "stationery", "content"] as const).flatMap((area): Endpoint[] => [
    {
      method: "get",
      path: `/api/${area}`,
      tag: "Catalogue",
      summary: `List ${area === "content" ? "content" : area}: filters, sort and paging`,
      access: anyone,
      query: listQuerySchema,
      success: [
        okAnswer(
          "One page of product cards, prices in poisha; `searchedFor` when the words of `q` found nothing and were corrected",
          searchPageSchema,
        ),
      ],
    },
    {
      method: "get",
      path: `/api/${area}/{id}`,
      tag: "Catalogue",
      summary: `One of the ${area}, with its details and related products`,
      access: anyone,
      params: idParams,
      success: [okAnswer("The product, prices in poisha", productDetailSchema)],
    },
  ]),
  {
    method: "get",
    path: "/api/bundles",
    tag: "Catalogue",
    summary: "List bundles: filters, sort and paging",
    access: anyone,
    query: listQuerySchema,
    success: [
      okAnswer(
        "One page of product cards, prices in poisha; `searchedFor` when the words of `q` found nothing and were corrected",
        searchPageSchema,
      ),
    ],
  },
  {
    method: "get",
    path: "/api/bundles/{slug}",
    tag: "Catalogue",
    summary: "One bundle, with what it holds and what it saves",
    access: anyone,
    params: slugParams,
    success: [okAnswer("The bundle, prices in poisha", productDetailSchema)],
  },
  {
    method: "get",
    path: "/api/authors/{slug}",
    tag: "Catalogue",
    summary: "An author and a page of their products (best selling first)",
    access: anyone,
    params: slugParams,
    query: listQuerySchema,
    success: [okAnswer("The author", authorSchema)],
  },
  {
    method: "get",
    path: "/api/search",
    tag: "Catalogue",
    summary: "Search every kind of product (typo-tolerant, Bangla, English and Banglish)",
    access: anyone,
    query: z.object({ ...listQuerySchema.shape, ...searchOptionsSchema.shape }),
    success: [okAnswer("One page of matches, prices in poisha", searchPageSchema)],
  },
  {
    method: "get",
    path: "/api/search/suggest",
    tag: "Catalogue",
    summary: "A few matches for the search box as the shopper types",
    access: anyone,
    query: searchQuerySchema,
    success: [okAnswer("The suggestions", listOf(suggestionSchema))],
  },
];
