import { data, type RouterContextProvider } from "react-router";
import type { ProductCard, ProductKind } from "../../../contracts/catalog";
import { type FilterChoices, pageListQuerySchema, toListQuery } from "../../../contracts/catalog-query";
import { pageNotFoundMessage } from "../../../contracts/messages";
import { effectivePrice } from "../../../contracts/money";
import { idField } from "../../../contracts/paging";
import {
  getAuthor,
  getProduct,
  type ListQuery,
  listFilterChoices,
  listProductCards,
  listProducts,
  type SearchResults,
  stationeryCategories,
} from "../../../server/services/catalog/catalog";
import { getApp, loadFrom } from "../../lib/app-context.server";

type Context = Readonly<RouterContextProvider>;

/** Cards per page of a product grid: fills rows of 2, 3 and 4 alike. */
export const GRID_LIMIT = 24;
/** Cards in a home-page row. */
const ROW_LIMIT = 8;

/**
 * The filters, sort and page of a list page's URL. Empty fields (a GET form sends every field)
 * count as absent; a bad value is a 400 page with the schema's first message.
 */
export function parseListQuery(request: Request, fixed: Partial<ListQuery> = {}): ListQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) {
    if (value.trim() !== "") raw[key] = value;
  }
  raw.limit ??= String(GRID_LIMIT);
  const parsed = pageListQuerySchema.safeParse(raw);
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Invalid query", { status: 400 });
  return { ...toListQuery(parsed.data), ...fixed };
}

/** One page of the catalogue as a list page's URL asks for it. */
export function listCatalog(context: Context, query: ListQuery): Promise<SearchResults> {
  return loadFrom(() => listProducts(getApp(context).ctx, query));
}

/**
 * A list page's cards and the authors and publishers its filter offers: those of the cards shown,
 * and the ones chosen.
 */
export async function listCatalogWithChoices(
  context: Context,
  query: ListQuery,
): Promise<{ list: SearchResults; choices: FilterChoices }> {
  const list = await listCatalog(context, query);
  const choices = await loadFrom(() =>
    listFilterChoices(getApp(context).ctx, {
      ids: list.items.map((c) => c.id),
      author: query.author,
      publisher: query.publisher,
    }),
  );
  return { list, choices };
}

/** A product page's id from its path; anything but a valid id is a page that does not exist. */
export function parseId(raw: string | undefined, what: string): number {
  const parsed = idField.safeParse(raw);
  if (!parsed.success) throw data(`No such ${what}`, { status: 404 });
  return parsed.data;
}

/**
 * The year an address names (`/bundles/{year}`): four digits, 1000 to 9999, each a page of its
 * own; anything else names no page: "Page not found", as a path no route has.
 */
export function parseYear(raw: string | undefined, request: Request): number {
  if (raw !== undefined && /^[1-9]\d{3}$/.test(raw)) return Number(raw);
  throw data(pageNotFoundMessage(new URL(request.url).pathname), { status: 404 });
}

/** A published product with its kind's details; unknown is a 404 page. */
export function loadProduct(context: Context, kind: ProductKind, key: number | string) {
  return loadFrom(() => getProduct(getApp(context).ctx, kind, key));
}

/** An author and one page of their products. */
export function loadAuthor(context: Context, slug: string, request: Request) {
  const { page, limit } = parseListQuery(request);
  return loadFrom(() => getAuthor(getApp(context).ctx, slug, page, limit));
}

/** The rows of the home page, read together. */
export async function loadHome(context: Context) {
  const ctx = getApp(context).ctx;
  const row = (query: Omit<ListQuery, "page" | "limit">) =>
    loadFrom(() => listProductCards(ctx, { ...query, page: 1, limit: ROW_LIMIT }));
  const [newest, bestSelling, bundles, ebooks, stationery, content] = await Promise.all([
    row({ sort: "newest" }),
    row({ kind: "book", sort: "best_selling" }),
    row({ kind: "bundle", sort: "best_selling" }),
    row({ kind: "ebook", sort: "best_selling" }),
    row({ kind: "stationary", sort: "best_selling" }),
    row({ kind: "content", sort: "best_selling" }),
  ]);
  return { newest, bestSelling, bundles, ebooks, stationery, content };
}

/** The category of each listed stationery item, in one query, to label the cards. */
export async function findStationeryCategories(
  context: Context,
  ids: number[],
): Promise<Record<number, string>> {
  return stationeryCategories(getApp(context).ctx, ids);
}

/** How many stationery items the offers page looks through for ones on sale. */
const SALES_SCAN = 100;

/**
 * Stationery on sale, the deepest discount first. The catalogue has no "on sale" filter, so this
 * reads the best-selling stationery and keeps the items with a sale price.
 */
export async function listStationerySales(context: Context): Promise<ProductCard[]> {
  const page = await listCatalog(context, {
    kind: "stationary",
    sort: "best_selling",
    page: 1,
    limit: SALES_SCAN,
  });
  const off = (c: ProductCard) => (c.price - effectivePrice(c)) / c.price;
  return page.items.filter((c) => off(c) > 0).sort((a, b) => off(b) - off(a));
}

/** Best sellers of every kind, suggested when a search finds nothing. */
export async function listPopular(context: Context): Promise<ProductCard[]> {
  const page = await listCatalog(context, { sort: "best_selling", page: 1, limit: ROW_LIMIT });
  return page.items;
}
