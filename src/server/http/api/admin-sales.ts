import { Hono } from "hono";
import { dashboardSchema, productSalesSchema } from "../../../contracts/answers/staff-money";
import { idParams } from "../../../contracts/paging";
import { salesQuerySchema } from "../../../contracts/sales";
import { dashboard, productSales, productSalesCsv } from "../../services/money/sales";
import { anyStaff, type Endpoint, okAnswer, staff } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminSalesEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/dashboard",
    tag: "Staff",
    summary: "The dashboard: sales, orders by status, low stock, top products",
    description:
      "Answers only the parts the caller may see: `sales` for staff holding `reports` or `orders`, `lowStock` for those holding `books` or `stationery` (each their own kind); a part the caller may not see is null.",
    access: anyStaff,
    success: [okAnswer("The dashboard's figures (money in poisha, days in Asia/Dhaka)", dashboardSchema)],
  },
  {
    method: "get",
    path: "/api/admin/products/{id}/sales",
    tag: "Staff",
    summary: "A product's units and revenue per day or month",
    description:
      "Every day or month of the range is in `rows`, zero when nothing sold. The permission is the product's area: `books` for books and e-books, `bundles`, `content`, `stationery`. The range is at most two years; by default the last 30 Dhaka days.",
    access: staff("books"),
    params: idParams,
    query: salesQuerySchema,
    success: [okAnswer("The product's sales (poisha)", productSalesSchema)],
  },
  {
    method: "get",
    path: "/api/admin/products/{id}/sales.csv",
    tag: "Staff",
    summary: "The same sales as a CSV download",
    description:
      "Columns Product, Day (or Month), Units, Revenue (taka); UTF-8 with a byte-order mark, so a spreadsheet reads Bangla titles. The permission is the product's area, as for the JSON.",
    access: staff("books"),
    params: idParams,
    query: salesQuerySchema,
    success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
  },
];
