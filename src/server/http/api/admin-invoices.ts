import { Hono } from "hono";
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
