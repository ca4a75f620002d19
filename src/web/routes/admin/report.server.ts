import type { RouterContextProvider } from "react-router";
import { salesReport, shopReport } from "../../../server/services/reports";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { rangeError } from "./product-sales.server";

/** A report over the range the URL asks for; a bad range shows the last 30 days and says why. */
async function loadReport<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  read: (ctx: ReturnType<typeof getApp>["ctx"], q: Record<string, string>) => Promise<T>,
) {
  const { ctx } = getApp(context);
  const asked = Object.fromEntries(new URL(request.url).searchParams);
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
  return loadReport(context, request, salesReport);
}

export function loadShopReport(context: Readonly<RouterContextProvider>, request: Request) {
  return loadReport(context, request, shopReport);
}
