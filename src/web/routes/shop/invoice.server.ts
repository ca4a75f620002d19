import { data, type RouterContextProvider } from "react-router";
import { idField } from "../../../contracts/paging";
import { getInvoice } from "../../../server/services/invoices";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { formatDhakaDate, formatDhakaDateTime } from "../../lib/dates";

/** An invoice for its buyer or staff (anyone else: 404), its dates written out in Dhaka time. */
export async function loadInvoice(context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const id = idField.safeParse(rawId);
  if (!id.success) throw data("No such invoice", { status: 404 });
  const invoice = await loadFrom(() => getInvoice(getApp(context).ctx, id.data));
  return {
    ...invoice,
    issuedText: formatDhakaDate(invoice.snapshot.issuedAt),
    placedText: formatDhakaDateTime(invoice.snapshot.order.placedAt),
  };
}
