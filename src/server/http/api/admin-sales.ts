import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import { dashboard, productSales, productSalesCsv } from "../../services/money/sales";
import type { AppEnv } from "../env";
import { ok } from "../respond";

/** The dashboard's figures and a product's sales (JSON, or CSV for a spreadsheet). */
export function adminSalesApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/dashboard", async (c) => ok(c, await dashboard(c.get("ctx"))));
  api.get("/admin/products/:id/sales", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await productSales(c.get("ctx"), id, c.req.query()));
  });
  api.get("/admin/products/:id/sales.csv", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const { filename, csv } = await productSalesCsv(c.get("ctx"), id, c.req.query());
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
  });
  return api;
}
