import { data, type RouterContextProvider } from "react-router";
import type { ProductKind } from "../../../contracts/catalog";
import { idParams } from "../../../contracts/paging";
import { productSales } from "../../../server/services/money/sales";
import { loadRange } from "./report.server";

/**
 * A product's sales for its sales page: the range in the URL, or the default range with the
 * reason beside the form when the URL's range cannot be (the API answers that with 400). A
 * product of another kind than the page's is not found.
 */
export async function loadProductSales(
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
  url: URL,
  kinds: readonly ProductKind[],
) {
  const id = idParams.safeParse(params);
  if (!id.success) throw data("No such product", { status: 404 });
  const { report, error, asked } = await loadRange(context, url, (ctx, q) =>
    productSales(ctx, id.data.id, q, kinds),
  );
  return { sales: report, error, asked };
}
