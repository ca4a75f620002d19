import { data, type RouterContextProvider } from "react-router";
import { adminInvoicesQuery } from "../../../contracts/admin-invoices";
import { monthParams, STATEMENT_LINE_KINDS, type StatementLineKind } from "../../../contracts/ledger";
import { idField } from "../../../contracts/paging";
import {
  aparLines,
  aparMonths,
  aparStatement,
  getAdminInvoice,
  listInvoices,
} from "../../../server/services/money/admin-invoices";
import { codOutstanding, listCodRemittances } from "../../../server/services/orders/cod-remittances";
import { loadAdminList } from "../../lib/admin-list.server";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The invoice list: the same service as `GET /api/admin/invoices`, with the view from the URL. */
export function loadInvoices(context: Readonly<RouterContextProvider>, request: Request) {
  return loadAdminList(context, request, adminInvoicesQuery, listInvoices);
}

/** One invoice: the same service as `GET /api/admin/invoices/{id}`. */
export function loadAdminInvoice(context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const id = idField.safeParse(rawId);
  if (!id.success) throw data("No such invoice", { status: 404 });
  return loadFrom(() => getAdminInvoice(getApp(context).ctx, id.data));
}

/** The months list, the cash still with couriers and the latest remittances. */
export function loadAparMonths(context: Readonly<RouterContextProvider>) {
  const { ctx } = getApp(context);
  return loadFrom(async () => {
    const [months, outstanding, remittances] = await Promise.all([
      aparMonths(ctx),
      codOutstanding(ctx),
      listCodRemittances(ctx, { limit: "10" }),
    ]);
    return { ...months, outstanding, remittances, now: ctx.now().toISOString() };
  });
}

/** A month's statement, and the lines of the figure opened in the URL (`?open=…&page=…`). */
export function loadStatement(
  context: Readonly<RouterContextProvider>,
  request: Request,
  rawMonth: string | undefined,
) {
  const month = monthParams.safeParse({ month: rawMonth });
  if (!month.success) throw data("The month must be written YYYY-MM, e.g. 2026-03", { status: 400 });
  const url = new URL(request.url);
  const open = url.searchParams.get("open");
  const kind = (STATEMENT_LINE_KINDS as readonly string[]).includes(open ?? "")
    ? (open as StatementLineKind)
    : null;
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const { ctx } = getApp(context);
  return loadFrom(async () => {
    const [statement, lines] = await Promise.all([
      aparStatement(ctx, month.data),
      kind ? aparLines(ctx, month.data, { kind, page: String(page), limit: "100" }) : null,
    ]);
    return { statement, open: kind, lines };
  });
}
