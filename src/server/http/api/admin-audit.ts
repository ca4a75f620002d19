import { Hono } from "hono";
import { auditPageSchema, auditQuery } from "../../../contracts/admin-audit";
import { auditCsv, listAudit } from "../../services/platform/audit";
import { type Endpoint, okAnswer } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, streamOf } from "../respond";

/** `/api/admin/audit`: the audit log, a page at a time or as CSV (admins only). */
export function adminAuditApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/audit", async (c) => ok(c, await listAudit(c.get("ctx"), c.req.query())));
  api.get("/admin/audit.csv", async (c) => {
    const { filename, pieces } = await auditCsv(c.get("ctx"), c.req.query());
    return c.body(streamOf(pieces), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=${filename}`,
      "Cache-Control": "private, no-store",
    });
  });
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminAuditEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/audit",
    tag: "Staff",
    summary: "The audit log: who changed what and when, with the record before and after, newest first",
    description: [
      "Filter by staff member, area, record and Dhaka days. A page holds `limit` entries; pass the",
      "answer's `next` as `before` for the next one (null: there is no more). Nothing is counted.",
    ].join(" "),
    access: { who: "admin" },
    query: auditQuery,
    success: [okAnswer("One page of the log", auditPageSchema)],
  },
  {
    method: "get",
    path: "/api/admin/audit.csv",
    tag: "Staff",
    summary: "The audit log as CSV: every entry the same filters match, newest first",
    access: { who: "admin" },
    query: auditQuery,
    success: [{ status: 200, description: "audit-log-YYYY-MM-DD.csv", mediaType: "text/csv" }],
  },
];
