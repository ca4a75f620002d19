import { data, type RouterContextProvider, redirect } from "react-router";
import { idField } from "../../../contracts/paging";
import type { EbookPdf } from "../../../contracts/uploads";
import { findEbookFor, getEbookPdf } from "../../../server/services/catalog/uploads";
import { getApp, loadFrom } from "../../lib/app-context.server";

/**
 * What `/admin/books/{id}/pages` and `/admin/books/{id}/demo` show: the e-book's PDF state. Given
 * a printed book with an e-book edition, the page moves to the edition's id; a printed book
 * without one is said so plainly.
 */
export async function loadEbookPdf(
  context: Readonly<RouterContextProvider>,
  rawId: string | undefined,
  page: "pages" | "demo",
): Promise<{ ebook: EbookPdf; printed: null } | { ebook: null; printed: { id: number; title: string } }> {
  const id = idField.safeParse(rawId);
  if (!id.success) throw data("No such e-book", { status: 404 });
  const { ctx } = getApp(context);
  const found = await loadFrom(() => findEbookFor(ctx, id.data));
  if (!found) throw data("No such e-book", { status: 404 });
  if ("printed" in found) return { ebook: null, printed: found.printed };
  if (found.ebookId !== id.data) throw redirect(`/admin/books/${found.ebookId}/${page}`);
  return { ebook: await loadFrom(() => getEbookPdf(ctx, found.ebookId)), printed: null };
}
