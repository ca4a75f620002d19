import type { RouterContextProvider } from "react-router";
import { readInfoPage } from "../../../server/services/catalog/info-pages";
import { getApp } from "../../lib/app-context.server";

/** An /info page as staff last saved it (its Markdown rendered and sanitised), or null when there is none. */
export function findInfoPage(context: Readonly<RouterContextProvider>, slug: string) {
  return readInfoPage(getApp(context).ctx, slug);
}
