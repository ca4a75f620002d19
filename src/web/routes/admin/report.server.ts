import type { RouterContextProvider } from "react-router";
import { ZodError } from "zod";
import { fieldErrors } from "../../../contracts/zod";
import { DomainError } from "../../../server/services/errors";
import { salesReport, shopReport } from "../../../server/services/money/reports";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** Why the range asked for cannot be, or null for any other failure. */
export function rangeError(e: unknown): { message: string; fields: Record<string, string> } | null {
  if (e instanceof ZodError) return { message: /*i18n*/ "Check the range", fields: fieldErrors(e) };
  if (e instanceof DomainError && e.kind === "invalid") return { message: e.message, fields: e.fields ?? {} };
  return null;
}

/**
 * The one loader of every page over a range of days (the reports, orders by source, a product's
 * sales): the figures of the range the URL asks for; a range that cannot be (the API answers it
 * with 400) shows the default range's figures, with the reason beside the form.
 */
export async function loadRange<T>(
  context: Readonly<RouterContextProvider>,
  url: URL,
  read: (ctx: ReturnType<typeof getApp>["ctx"], q: Record<string, string>) => Promise<T>,
) {
  const { ctx } = getApp(context);
  const asked = Object.fromEntries(url.searchParams);
  return loadFrom(async () => {
    try {
      return { report: await read(ctx, asked), error: null, asked };
    } catch (e) {
      const error = rangeError(e);
      if (!error) throw e;
      return { report: await read(ctx, {}), error, asked };
    }
  });
}

export function loadSalesReport(context: Readonly<RouterContextProvider>, request: Request) {
  return loadRange(context, new URL(request.url), salesReport);
}

export function loadShopReport(context: Readonly<RouterContextProvider>, request: Request) {
  return loadRange(context, new URL(request.url), shopReport);
}
