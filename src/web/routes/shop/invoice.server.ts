import { data, type RouterContextProvider } from "react-router";
import { idField } from "../../../contracts/paging";
import { getInvoice } from "../../../server/services/money/invoices";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** An invoice for its buyer or staff (anyone else: 404); the page writes its dates out. */
export async function loadInvoice(context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const id = idField.safeParse(rawId);
  if (!id.success) throw data("No such invoice", { status: 404 });
  return loadFrom(() => getInvoice(getApp(context).ctx, id.data));
}
