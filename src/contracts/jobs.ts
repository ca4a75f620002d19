/**
 * Background jobs staff start and watch: long exports run on the server, out of the request, and
 * their CSV waits to be downloaded. Each kind names the permission it needs and its parameters.
 */
import type { jobSchema } from "./answers/staff-money";
import type { AdminArea } from "./permissions";
import { salesCsvQuerySchema } from "./reports";
import { z } from "./zod";

export const JOB_KINDS = ["sales-csv"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Each kind's parameters and the admin area whose permission starting (and reading) it needs. */
export const JOB_KIND_RULES = {
  "sales-csv": { params: salesCsvQuerySchema, permission: "reports" },
} as const satisfies Record<JobKind, { params: z.ZodType; permission: AdminArea }>;

export const jobStartSchema = z
  .object({
    kind: z.enum(JOB_KINDS, { error: `kind must be one of ${JOB_KINDS.join(", ")}` }),
    params: z.record(z.string(), z.unknown()).default({}).meta({ description: "The kind's parameters" }),
  })
  .meta({ id: "JobStart" });

/** A staff member's jobs running at once (across every server) and waiting to start. */
export const MAX_RUNNING_JOBS = 2;
export const MAX_QUEUED_JOBS = 5;
/** The 429 of a start beyond MAX_QUEUED_JOBS waiting (the number is the limit's, written out for the catalogue). */
export const TOO_MANY_JOBS =
  /*i18n*/ "You already have 5 exports waiting to start. Wait for one to finish, then start another.";

/** Finished jobs (and their files) are deleted after this long. */
export const JOB_KEEP_DAYS = 7;

/** How often the page asks how a job is getting on. */
export const JOB_POLL_MS = 1_000;

export function jobPath(id: number): string {
  return `/api/admin/jobs/${id}`;
}

export function jobDownloadPath(id: number): string {
  return `/api/admin/jobs/${id}/download`;
}

export type Job = z.infer<typeof jobSchema>;
