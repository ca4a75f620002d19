import { Hono } from "hono";
import { CSV_REQUIRED, TEMPLATE_ROW } from "../../../contracts/admin-books-csv";
import {
  allowBooksCsv,
  exportBooksCsv,
  exportFileName,
  importBooksCsv,
  importTemplateCsv,
} from "../../services/catalog/admin-books-csv";
import type { AppEnv } from "../env";
import { mediaType } from "../middleware/body";
import { ok, send, streamOf } from "../respond";

const CSV_TYPE = "text/csv; charset=utf-8";

/**
 * Books as CSV: the export of the books list's view, the import (preview or apply) and its
 * template. Mounted before the books' `/{id}` routes, which would otherwise take these paths.
 */
export function adminBooksCsvApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/books/export.csv", async (c) => {
    const ctx = c.get("ctx");
    const pieces = await exportBooksCsv(ctx, c.req.query());
    return c.body(streamOf(pieces), 200, {
      "Content-Type": CSV_TYPE,
      "Content-Disposition": `attachment; filename=${exportFileName(ctx.now())}`,
      "Cache-Control": "no-store",
    });
  });
  api.get("/admin/books/import-template.csv", (c) =>
    c.body(importTemplateCsv(c.get("ctx"), TEMPLATE_ROW), 200, {
      "Content-Type": CSV_TYPE,
      "Content-Disposition": "attachment; filename=books-template.csv",
      "Cache-Control": "no-store",
    }),
  );
  api.post("/admin/books/import", async (c) => {
    const ctx = c.get("ctx");
    // Who may import is answered before what was sent.
    allowBooksCsv(ctx);
    if (mediaType(c.req.header("content-type")) !== "text/csv") return send(c, 415, CSV_REQUIRED);
    // The bytes, not text: the service refuses a file that is not UTF-8 rather than read it mangled.
    const report = await importBooksCsv(ctx, new Uint8Array(await c.req.arrayBuffer()), c.req.query());
    return ok(c, report, report.applied ? "Imported" : "Checked: nothing was changed");
  });
  return api;
}
