import type { RouterContextProvider } from "react-router";
import { type ProductArea, productListQuery } from "../../../contracts/admin-products";
import {
  getAdminProduct,
  listAdminProducts,
  stationeryCategories,
  stockLedger,
} from "../../../server/services/catalog/admin-products";
import { loadAdminList } from "../../lib/admin-list.server";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** An area's product list for its admin page, read from the URL's view. */
export function loadProductList(
  context: Readonly<RouterContextProvider>,
  request: Request,
  area: ProductArea,
) {
  return loadAdminList(context, request, productListQuery, (ctx, q) => listAdminProducts(ctx, area, q));
}

/** One product with its stock ledger's first page (physical kinds), for its edit page. */
export function loadProduct(context: Readonly<RouterContextProvider>, area: ProductArea, id: number) {
  const { ctx } = getApp(context);
  return loadFrom(async () => {
    const product = await getAdminProduct(ctx, area, id);
    const ledger = product.stock === null ? null : await stockLedger(ctx, area, id, {});
    return { product, ledger };
  });
}

/** The books list with its kind fixed to e-books, whatever the URL says. */
export function loadEBookList(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  url.searchParams.set("kind", "ebook");
  return loadProductList(context, new Request(url), "books");
}

/** The stationery list with the categories its filter offers. */
export async function loadStationeryList(context: Readonly<RouterContextProvider>, request: Request) {
  const list = await loadProductList(context, request, "stationery");
  const categories = await loadFrom(() => stationeryCategories(getApp(context).ctx));
  return { ...list, categories };
}
