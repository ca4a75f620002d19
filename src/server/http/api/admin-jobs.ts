import { Hono } from "hono";
import { jobSchema } from "../../../contracts/answers/staff-money";
import {
  JOB_KEEP_DAYS,
  JOB_KIND_RULES,
  JOB_KINDS,
  jobStartSchema,
  MAX_QUEUED_JOBS,
  MAX_RUNNING_JOBS,
} from "../../../contracts/jobs";
import { idParams } from "../../../contracts/paging";
import { getJob, jobDownload, startJob } from "../../services/platform/jobs";
import { anyStaff, createdAnswer, type Endpoint, okAnswer } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** Background jobs: start one, follow its progress, download its CSV. */
export function adminJobsApi() {
  const api = new Hono<AppEnv>();
  api.post("/admin/jobs", async (c) => {
    const job = await startJob(c.get("ctx"), await readJson(c));
    return send(c, 201, "Started: the file will be ready to download shortly", job);
  });
  api.get("/admin/jobs/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getJob(c.get("ctx"), id));
  });
  api.get("/admin/jobs/:id/download", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const { filename, csv } = await jobDownload(c.get("ctx"), id);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
  });
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminJobsEndpoints: Endpoint[] = [...jobEndpoints()];

function jobEndpoints(): Endpoint[] {
  const kinds = JOB_KINDS.map((k) => `\`${k}\` (needs \`${JOB_KIND_RULES[k].permission}\`)`).join(", ");
  return [
    {
      method: "post",
      path: "/api/admin/jobs",
      tag: "Staff",
      summary: "Start a background job (a long export)",
      description: `Kinds: ${kinds}; \`params\` are the kind's (for \`sales-csv\`, the query of /api/admin/reports/sales.csv). It starts at once; follow it with GET /api/admin/jobs/{id}. Jobs are kept ${JOB_KEEP_DAYS} days. A staff member has at most ${MAX_QUEUED_JOBS} jobs waiting (a start beyond is 429) and ${MAX_RUNNING_JOBS} running.`,
      access: anyStaff,
      body: jobStartSchema,
      success: [createdAnswer("The job, queued", jobSchema)],
      errors: [403, 429],
    },
    {
      method: "get",
      path: "/api/admin/jobs/{id}",
      tag: "Staff",
      summary: "A job's status and progress",
      description: "Only the staff member who started it, or an admin, may see it.",
      access: anyStaff,
      params: idParams,
      success: [okAnswer("The job; `downloadUrl` once it is done", jobSchema)],
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/api/admin/jobs/{id}/download",
      tag: "Staff",
      summary: "A finished job's CSV",
      description: "409 while the job is queued or running, or when it failed. Only its creator or an admin.",
      access: anyStaff,
      params: idParams,
      success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
      errors: [403, 404, 409],
    },
  ];
}
