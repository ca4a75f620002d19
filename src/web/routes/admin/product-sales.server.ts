import { data, type RouterContextProvider } from "react-router";
import { ZodError } from "zod";
import type { ProductKind } from "../../../contracts/catalog";
import { idParams } from "../../../contracts/paging";
import { fieldErrors } from "../../../contracts/zod";
import { DomainError } from "../../../server/services/errors";
import { productSales } from "../../../server/services/sales";
import { getApp, loadFrom } from "../../lib/app-context.server";

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
  const ctx = getApp(context).ctx;
  const query = Object.fromEntries(url.searchParams);
  const { sales, error } = await loadFrom(async () => {
    try {
      return { sales: await productSales(ctx, id.data.id, query), error: null };
    } catch (e) {
      const error = rangeError(e);
      if (!error) throw e;
      return { sales: await productSales(ctx, id.data.id, {}), error };
    }
  });
  if (!kinds.includes(sales.product.kind)) throw data("No such product", { status: 404 });
  return { sales, error, asked: query };
}

/** Why the range asked for cannot be, or null for any other failure. */
export function rangeError(e: unknown): { message: string; fields: Record<string, string> } | null {
  if (e instanceof ZodError) return { message: "Check the range", fields: fieldErrors(e) };
  if (e instanceof DomainError && e.kind === "invalid") return { message: e.message, fields: e.fields ?? {} };
  return null;
}
