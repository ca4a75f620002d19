import { Hono } from "hono";
import {
  CSV_REQUIRED,
  EXPORT_PATH,
  IMPORT_PATH,
  importQuery,
  importReportSchema,
  MAX_EXPORT_ROWS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  TEMPLATE_PATH,
  TEMPLATE_ROW,
} from "../../../contracts/admin-books-csv";
import { productListQuery } from "../../../contracts/admin-products";
import {
  allowBooksCsv,
  exportBooksCsv,
  exportFileName,
  importBooksCsv,
  importTemplateCsv,
} from "../../services/catalog/admin-books-csv";
import { type Endpoint, okAnswer, staff } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminBooksCsvEndpoints: Endpoint[] = [...bookCsvEndpoints()];

function bookCsvEndpoints(): Endpoint[] {
  const access = staff("books");
  const tag = "Staff: catalogue";
  return [
    {
      method: "get",
      path: EXPORT_PATH,
      tag,
      summary: "The books list's view (search, filters, sort: every matching row) as a CSV file",
      description: `Takes the books list's query. UTF-8 with a byte-order mark; prices in taka with two decimals; at most ${MAX_EXPORT_ROWS.toLocaleString("en")} rows. A text cell that a spreadsheet would run as a formula (beginning with = + - @) starts with an apostrophe. The columns are the import's.`,
      access,
      query: productListQuery,
      success: [{ status: 200, description: "books-YYYY-MM-DD.csv", mediaType: "text/csv" }],
    },
    {
      method: "get",
      path: TEMPLATE_PATH,
      tag,
      summary: "The import's header row and one example book, as CSV",
      access,
      success: [{ status: 200, description: "books-template.csv", mediaType: "text/csv" }],
    },
    {
      method: "post",
      path: IMPORT_PATH,
      tag,
      summary:
        "Check (preview) or import (apply) a CSV file of books: a row with an id changes that book, one without adds one",
      description: `The body is the file (Content-Type: text/csv), at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows and ${MAX_IMPORT_BYTES / 1024 / 1024} MB. \`apply\` writes every row in one transaction or none: a file with any error is refused with 400 and the report of every row in \`data\`.`,
      access,
      query: importQuery,
      upload: { types: ["text/csv"], description: "The CSV file, with a header row" },
      success: [okAnswer("The report: a result per row", importReportSchema)],
      errorData: { 400: importReportSchema },
    },
  ];
}
