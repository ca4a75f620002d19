import type { RouterContextProvider } from "react-router";
import { getInfoPage, listInfoPages } from "../../../server/services/catalog/info-pages";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The six pages: the same service as `GET /api/admin/info-pages`. */
export function loadInfoPages(context: Readonly<RouterContextProvider>) {
  return loadFrom(() => listInfoPages(getApp(context).ctx));
}

/** One page for its editor: the same service as `GET /api/admin/info-pages/{slug}`. */
export function loadInfoPage(context: Readonly<RouterContextProvider>, slug: string | undefined) {
  return loadFrom(() => getInfoPage(getApp(context).ctx, slug));
}
