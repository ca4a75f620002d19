import type { RouterContextProvider } from "react-router";
import { ebookReadPath } from "../../../contracts/library";
import { getEbookReader } from "../../../server/services/reading/reading";
import { getApp, loadFrom } from "../../lib/app-context.server";

/**
 * The way into the reader from an e-book's page: an owner's "Read" (or "Continue, page N" once
 * they have read), anyone else the free preview. The label (a catalogue message, `{page}` the
 * page reached) is worked out here so the page's own code stays as small as it was.
 */
export async function loadReadLink(
  context: Readonly<RouterContextProvider>,
  productId: number,
): Promise<{ to: string; owned: boolean; label: string; page?: number }> {
  const { ctx } = getApp(context);
  const to = ebookReadPath(productId);
  const preview = { to, owned: false, label: /*i18n*/ "Read free preview" };
  if (!ctx.user) return preview;
  // One call says both whether the caller owns it and where they are in it.
  const reader = await loadFrom(() => getEbookReader(ctx, productId));
  if (reader.access !== "owner") return preview;
  return reader.progress
    ? { to, owned: true, label: /*i18n*/ "Continue, page {page}", page: reader.progress.page }
    : { to, owned: true, label: /*i18n*/ "Read" };
}
