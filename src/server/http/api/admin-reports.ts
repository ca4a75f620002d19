import { Hono } from "hono";
import { reportSalesSchema, shopReportSchema } from "../../../contracts/answers/staff-money";
import {
  LONG_EXPORT_DAYS,
  LONG_EXPORT_ORDERS,
  reportQuerySchema,
  SALES_TABLES,
  salesCsvQuerySchema,
} from "../../../contracts/reports";
import { salesCsv, salesReport, shopReport } from "../../services/money/reports";
import { type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** The sales report (all its tables in one answer, or one table as CSV) and the stationery shop's report. */
export function adminReportsApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/reports/sales", async (c) => ok(c, await salesReport(c.get("ctx"), c.req.query())));
  api.get("/admin/reports/sales.csv", async (c) => {
    const { filename, body } = await salesCsv(c.get("ctx"), c.req.query());
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
  });
  api.get("/admin/reports/shop", async (c) => ok(c, await shopReport(c.get("ctx"), c.req.query())));
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminReportsEndpoints: Endpoint[] = [...reportEndpoints()];

function reportEndpoints(): Endpoint[] {
  return [
    {
      method: "get",
      path: "/api/admin/reports/sales",
      tag: "Staff",
      summary: "The sales report over a range: by day, month, kind, source, district, top products",
      description: `A preset (last7, last30, thisMonth, lastMonth, thisYear) or from/to in Dhaka days, at most two years; by default the last 30 days. Sales are decision 24's; credit notes on counted orders lower their sales (decision 32). \`export.mode\` says whether the CSV of the orders is streamed or made by a background job (over ${LONG_EXPORT_DAYS} days or ${LONG_EXPORT_ORDERS.toLocaleString("en")} orders).`,
      access: staff("reports"),
      query: reportQuerySchema,
      success: [okAnswer("Every table of the report (money in poisha)", reportSalesSchema)],
    },
    {
      method: "get",
      path: "/api/admin/reports/sales.csv",
      tag: "Staff",
      summary: "One table of the sales report as CSV",
      description: `\`table\` is one of ${SALES_TABLES.join(", ")}; \`orders\` lists every order behind the figures and is streamed. Money in taka; UTF-8 with a byte-order mark. The orders of a range over ${LONG_EXPORT_DAYS} days or ${LONG_EXPORT_ORDERS.toLocaleString("en")} orders are refused with 400: start a \`sales-csv\` job instead.`,
      access: staff("reports"),
      query: salesCsvQuerySchema,
      success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
    },
    {
      method: "get",
      path: "/api/admin/reports/shop",
      tag: "Staff",
      summary: "The stationery shop's report: sales over a range, stock value, low stock",
      access: staff("stationery"),
      query: reportQuerySchema,
      success: [
        okAnswer("Stationery sales (poisha), stock value at today's price, low stock", shopReportSchema),
      ],
    },
  ];
}
