import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import { getJob, jobDownload, startJob } from "../../services/platform/jobs";
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
