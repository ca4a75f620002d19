import { Hono } from "hono";
import { salesCsv, salesReport, shopReport } from "../../services/money/reports";
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
