import { Hono } from "hono";
import {
  adminInvoiceDetailSchema,
  adminInvoicePageSchema,
  adminInvoicesQuery,
  codOutstandingSchema,
  codRemittancePageSchema,
  codRemittanceRowSchema,
  codRemittanceSchema,
  codRemittancesQuery,
} from "../../../contracts/admin-invoices";
import {
  aparMonthsSchema,
  aparStatementSchema,
  monthParams,
  statementLinePageSchema,
  statementLinesQuery,
} from "../../../contracts/ledger";
import { idParams } from "../../../contracts/paging";
import {
  aparCsv,
  aparLines,
  aparMonths,
  aparStatement,
  getAdminInvoice,
  listInvoicesFrom,
} from "../../services/money/admin-invoices";
import {
  codOutstanding,
  listCodRemittances,
  recordCodRemittance,
} from "../../services/orders/cod-remittances";
import { createdAnswer, type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send, streamOf } from "../respond";

/** Invoices, the couriers' cash-on-delivery remittances and the monthly accounts statement. */
export function adminInvoicesApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/invoices", async (c) => ok(c, await listInvoicesFrom(c.get("ctx"), c.req.query())));
  api.get("/admin/invoices/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getAdminInvoice(c.get("ctx"), id));
  });
  api.get("/admin/cod/outstanding", async (c) => ok(c, await codOutstanding(c.get("ctx"))));
  api.get("/admin/cod/remittances", async (c) =>
    ok(c, await listCodRemittances(c.get("ctx"), c.req.query())),
  );
  api.post("/admin/cod/remittances", async (c) => {
    const row = await recordCodRemittance(c.get("ctx"), await readJson(c));
    return send(c, 201, "Remittance recorded", row);
  });
  api.get("/admin/apar/months", async (c) => ok(c, await aparMonths(c.get("ctx"))));
  api.get("/admin/apar/:month/lines.csv", async (c) => {
    const { fileName, pieces } = await aparCsv(c.get("ctx"), c.req.param());
    return c.body(streamOf(pieces), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=${fileName}`,
      "Cache-Control": "private, no-store",
    });
  });
  api.get("/admin/apar/:month/lines", async (c) =>
    ok(c, await aparLines(c.get("ctx"), c.req.param(), c.req.query())),
  );
  api.get("/admin/apar/:month", async (c) => ok(c, await aparStatement(c.get("ctx"), c.req.param())));
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminInvoicesEndpoints: Endpoint[] = [...accountsEndpoints()];

function accountsEndpoints(): Endpoint[] {
  const access = staff("invoices");
  const tag = "Staff: accounts";
  const month = "The month is a Dhaka calendar month, `YYYY-MM` (400 otherwise).";
  return [
    {
      method: "get",
      path: "/api/admin/invoices",
      tag,
      summary:
        "List invoices: search the invoice or order number, the buyer's name or phone; filter by days, payment method, state",
      description:
        "Each row has the order's ledger figures: paid online, cash collected on delivery, credited, refunds paid, and what is still due. `from`/`to` are Dhaka days (`YYYY-MM-DD`) the invoice was issued.",
      access,
      query: adminInvoicesQuery,
      success: [okAnswer("One page of invoices (poisha)", adminInvoicePageSchema)],
    },
    {
      method: "get",
      path: "/api/admin/invoices/{id}",
      tag,
      summary: "One invoice as issued (never changed), its credit notes, and its order's money in and out",
      access,
      params: idParams,
      success: [okAnswer("The invoice", adminInvoiceDetailSchema)],
      errors: [404],
    },
    {
      method: "get",
      path: "/api/admin/cod/outstanding",
      tag,
      summary: "Cash still with couriers: delivered cash-on-delivery orders no remittance covers, by courier",
      access,
      success: [okAnswer("The orders by courier, with totals (poisha)", codOutstandingSchema)],
    },
    {
      method: "get",
      path: "/api/admin/cod/remittances",
      tag,
      summary: "The couriers' payments recorded, newest first; search the courier or reference",
      access,
      query: codRemittancesQuery,
      success: [okAnswer("One page of remittances", codRemittancePageSchema)],
    },
    {
      method: "post",
      path: "/api/admin/cod/remittances",
      tag,
      summary: "Record a courier's payment of the cash of some delivered cash-on-delivery orders",
      description:
        "The amount is the sum of the orders' totals, to the poisha. An order that is not a delivered cash-on-delivery order of that courier, or is already remitted, is refused with 409 naming it, and nothing is recorded; the orders are locked, so a double submit remits each order once. `receivedAt` (default now) may not be in the future nor before an order's delivery (400).",
      access,
      body: codRemittanceSchema,
      success: [createdAnswer("The remittance", codRemittanceRowSchema)],
      errors: [404, 409],
    },
    {
      method: "get",
      path: "/api/admin/apar/months",
      tag,
      summary: "Every month from the first order's to this one: opening net balance, each movement, closing",
      description: "Each month's closing is the next month's opening. Money in poisha; months in Asia/Dhaka.",
      access,
      success: [okAnswer("The months, newest first", aparMonthsSchema)],
    },
    {
      method: "get",
      path: "/api/admin/apar/{month}",
      tag,
      summary: "One month's accounts statement: opening balances, each movement, closing balances",
      description: `${month} opening.net + invoiced − credited − collectedOnline − codRemitted + refundsPaid = closing.net, and each balance's net = receivable + withCouriers − refundsOwed, to the poisha.`,
      access,
      params: monthParams,
      success: [okAnswer("The statement (poisha)", aparStatementSchema)],
    },
    {
      method: "get",
      path: "/api/admin/apar/{month}/lines",
      tag,
      summary: "The lines behind one figure or balance of a month's statement, a page at a time",
      description: `${month} A movement's lines sum to its figure; a balance's lines are the orders it is made of, each with its part.`,
      access,
      params: monthParams,
      query: statementLinesQuery,
      success: [okAnswer("One page of lines", statementLinePageSchema)],
    },
    {
      method: "get",
      path: "/api/admin/apar/{month}/lines.csv",
      tag,
      summary: "Every line of a month's statement as CSV (streamed)",
      description: `${month} Columns section, date (UTC), document, order, invoice, detail, amount_poisha, amount_taka: the opening balances order by order, each movement's lines, the closing balances. UTF-8 with a byte-order mark.`,
      access,
      params: monthParams,
      success: [{ status: 200, description: "accounts-YYYY-MM.csv", mediaType: "text/csv" }],
    },
  ];
}
