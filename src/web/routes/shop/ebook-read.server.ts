import type { RouterContextProvider } from "react-router";
import type { EbookReader } from "../../../contracts/reading";
import { getEbookReader } from "../../../server/services/reading";
import { getApp } from "../../lib/app-context.server";

/**
 * The reader's answer as the page's own load sees it, only so that the page's head can name the
 * first page to fetch; null when there is none to read (not found, not readable, no pages), which
 * the reader then says from its own request, as before.
 */
export async function loadReaderInfo(
  context: Readonly<RouterContextProvider>,
  id: number,
): Promise<EbookReader | null> {
  const { ctx } = getApp(context);
  try {
    return await getEbookReader(ctx, id);
  } catch {
    return null;
  }
}
