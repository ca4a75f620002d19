import type { RouterContextProvider } from "react-router";
import type { EbookOpening } from "../../../contracts/reading";
import { getEbookOpening } from "../../../server/services/reading/reader-sources";
import { getApp } from "../../lib/app-context.server";

/**
 * The reader as the page's own load opens it: the reader's answer and the page to open on with
 * its size, so that the page is rendered with the reader and that page's picture in it, and its
 * head starts fetching the page for pdf.js. Null when there is nothing to read (not found, not
 * readable, no pages): the reader then asks for its answer itself and says what it finds.
 */
export async function loadEbookOpening(
  context: Readonly<RouterContextProvider>,
  id: number,
): Promise<EbookOpening | null> {
  const { ctx } = getApp(context);
  try {
    return await getEbookOpening(ctx, id);
  } catch {
    return null;
  }
}
