/**
 * Background jobs: work staff start that takes longer than a request should (a year of orders as
 * CSV). Our own table (`jobs`) in the style of the outbox (decision 11: no second queue system):
 *
 * - `startJob` writes a `queued` row (the kind's permission checked through access.ts) and nudges
 *   this server's worker, so it starts at once. A staff member has at most MAX_QUEUED_JOBS waiting
 *   (a start beyond is 429) and MAX_RUNNING_JOBS running (the claim passes over the rest).
 * - The worker (`nudgeJobs`, and every few seconds from jobs.ts) claims one job at a time: a queued
 *   one, or a running one whose lease ran out (its server stopped), with FOR UPDATE SKIP LOCKED in
 *   one short transaction that marks it running with a lease; other servers take other jobs.
 * - The kind's handler reads in pages; each page writes `done`/`total` and moves the lease on
 *   (a heartbeat), so progress is written every page, not every row. A write finds the job only
 *   while this claim holds it (`started_at` is the claim's mark): a job another server took over
 *   after a lapsed lease is left to it.
 * - The result (a CSV) is kept in the row with its filename, or the error, and the job is `done`
 *   or `failed`. Jobs older than JOB_KEEP_DAYS are deleted.
 */
import { and, asc, count, eq, lt, or, sql } from "drizzle-orm";
import {
  JOB_KEEP_DAYS,
  JOB_KIND_RULES,
  type Job,
  type JobKind,
  jobDownloadPath,
  jobStartSchema,
  MAX_QUEUED_JOBS,
  MAX_RUNNING_JOBS,
  TOO_MANY_JOBS,
} from "../../../contracts/jobs";
import type { SalesCsvQuery } from "../../../contracts/reports";
import { claimWithLease, leaseUntil } from "../../db/claim";
import { type Db, inTransaction } from "../../db/client";
import { jobs } from "../../db/schema";
import { requireCreatorOrAdmin, requirePermission, requireStaff } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { reportRange, salesCsvForJob } from "../money/reports";
import { workRounds } from "./rounds";

type JobRow = typeof jobs.$inferSelect;

export const JOBS_REFUSAL = "Only staff can start and follow background jobs";
export const JOB_NOT_YOURS = "Only the staff member who started this job, or an admin, may see it";
export const NO_SUCH_JOB = "No such job";
export const JOB_NOT_DONE = "The job has not finished: download it once it is done";

/** How long a claimed job is left to the server that claimed it without a heartbeat. */
export const DEFAULT_JOB_LEASE_MS = 60_000;

export type JobIo = {
  db: Db;
  now: () => Date;
  /** Writes the progress and renews the lease; throws JobLost when another server took the job over. */
  progress: (done: number, total: number | null) => Promise<void>;
};

type Handler = {
  /** Refuses, with 400, parameters the kind takes but cannot run (a range that ends before it starts). */
  check?: (params: never, now: Date) => void;
  run: (params: unknown, io: JobIo) => Promise<{ filename: string; csv: string }>;
};

/** What each kind does; its parameters were checked against JOB_KIND_RULES when it was started. */
const HANDLERS: Record<JobKind, Handler> = {
  "sales-csv": {
    check: (params: SalesCsvQuery, now) => void reportRange(now, params),
    run: (params, io) =>
      salesCsvForJob(io.db, io.now(), JOB_KIND_RULES["sales-csv"].params.parse(params), io.progress),
  },
};

/** A job's claim was taken over by another server (its lease lapsed): stop without writing. */
class JobLost extends Error {}

export function jobView(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    done: row.done,
    total: row.total,
    error: row.error,
    filename: row.filename,
    downloadUrl: row.status === "done" ? jobDownloadPath(row.id) : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Starts a job of a kind with its parameters (400 for parameters the kind refuses); answers it queued. */
export async function startJob(ctx: Ctx, input: unknown): Promise<Job> {
  const me = requireStaff(ctx, JOBS_REFUSAL);
  const { kind, params } = jobStartSchema.parse(input);
  const rule = JOB_KIND_RULES[kind];
  requirePermission(ctx, rule.permission, `You do not have permission to start a ${kind} job`);
  const parsed = rule.params.safeParse(params);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[`params.${issue.path.join(".")}`] ??= issue.message;
    throw new DomainError("invalid", "The job's parameters are not right", fields);
  }
  HANDLERS[kind].check?.(parsed.data as never, ctx.now());
  const row = await inTransaction(ctx.db, async (tx) => {
    // One start at a time per staff member, so 40 at once still count to MAX_QUEUED_JOBS exactly.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs:${me.id}`}))`);
    const [waiting] = await tx
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.createdBy, me.id), eq(jobs.status, "queued")));
    if ((waiting?.n ?? 0) >= MAX_QUEUED_JOBS) throw new DomainError("rate_limited", TOO_MANY_JOBS);
    const [inserted] = await tx
      .insert(jobs)
      .values({ kind, params: parsed.data, createdBy: me.id, createdAt: ctx.now() })
      .returning();
    return inserted!;
  });
  void nudgeJobs(ctx);
  return jobView(row);
}

/** A job the caller may see: its creator, or an admin; 404 for none, 403 for someone else's. */
async function visibleJob(ctx: Ctx, id: number): Promise<JobRow> {
  const me = requireStaff(ctx, JOBS_REFUSAL);
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new DomainError("not_found", NO_SUCH_JOB);
  requireCreatorOrAdmin(me, row.createdBy, JOB_NOT_YOURS);
  return row;
}

export async function getJob(ctx: Ctx, id: number): Promise<Job> {
  return jobView(await visibleJob(ctx, id));
}

/** A finished job's CSV; 409 while it is still queued or running (or failed). */
export async function jobDownload(ctx: Ctx, id: number): Promise<{ filename: string; csv: string }> {
  const row = await visibleJob(ctx, id);
  if (row.status !== "done" || row.result === null) {
    throw new DomainError(
      "conflict",
      row.status === "failed" ? `The job failed: ${row.error}` : JOB_NOT_DONE,
    );
  }
  return { filename: row.filename ?? `job-${row.id}.csv`, csv: row.result };
}

// ---- the worker

type WorkerDeps = Pick<Ctx, "db" | "now" | "log">;

/**
 * Claims one job: the oldest queued one whose creator has fewer than MAX_RUNNING_JOBS running (a
 * live lease), or a running one whose lease ran out; SKIP LOCKED, so two servers never claim the
 * same row. Marks it running with a new lease and `started_at` as this claim's mark. (Two servers
 * claiming at the same instant may each start one for the same creator: a third for a moment,
 * never a flood; the waiting ones are capped at the start.)
 */
export async function claimJob(db: Db, now: Date, leaseMs = DEFAULT_JOB_LEASE_MS): Promise<JobRow | null> {
  const running = sql`(select count(*) from ${jobs} as r where r.created_by = ${jobs.createdBy}
    and r.status = 'running' and r.lease_until >= ${now.toISOString()}::timestamptz)`;
  const [row] = await claimWithLease(db, jobs, {
    due: or(
      and(eq(jobs.status, "queued"), sql`${running} < ${MAX_RUNNING_JOBS}`),
      and(eq(jobs.status, "running"), lt(jobs.leaseUntil, now)),
    ),
    orderBy: [asc(jobs.id)],
    limit: 1,
    set: { status: "running", startedAt: now, leaseUntil: leaseUntil(now, leaseMs), error: null },
  });
  return row ?? null;
}

/** This claim still holds the job: it is running and `started_at` is still the claim's mark. */
const heldBy = (claim: JobRow) =>
  and(eq(jobs.id, claim.id), eq(jobs.status, "running"), eq(jobs.startedAt, claim.startedAt!));

/** Runs a claimed job to the end: progress as it goes, then its result or its error. */
export async function runClaimedJob(
  deps: WorkerDeps,
  claim: JobRow,
  leaseMs = DEFAULT_JOB_LEASE_MS,
): Promise<"done" | "failed" | "lost"> {
  const io: JobIo = {
    db: deps.db,
    now: deps.now,
    async progress(done, total) {
      const moved = await deps.db
        .update(jobs)
        .set({ done, total, leaseUntil: leaseUntil(deps.now(), leaseMs) })
        .where(heldBy(claim))
        .returning({ id: jobs.id });
      if (moved.length === 0) throw new JobLost();
    },
  };
  const about = { job: { id: claim.id, kind: claim.kind } };
  try {
    const handler = HANDLERS[claim.kind as JobKind];
    if (!handler) throw new Error(`no such kind of job: ${claim.kind}`);
    const { filename, csv } = await handler.run(claim.params, io);
    const saved = await deps.db
      .update(jobs)
      .set({ status: "done", result: csv, filename, finishedAt: deps.now(), leaseUntil: null })
      .where(heldBy(claim))
      .returning({ id: jobs.id });
    if (saved.length === 0) throw new JobLost();
    return "done";
  } catch (err) {
    if (err instanceof JobLost) {
      deps.log.warn(about, "jobs: another server took this job over; its result is theirs");
      return "lost";
    }
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || "no reason given";
    deps.log.error({ ...about, err }, "jobs: job failed");
    await deps.db
      .update(jobs)
      .set({ status: "failed", error: reason, finishedAt: deps.now(), leaseUntil: null })
      .where(heldBy(claim));
    return "failed";
  }
}

/** Deletes jobs (and their files) older than JOB_KEEP_DAYS; answers how many. */
export async function deleteOldJobs(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - JOB_KEEP_DAYS * 86_400_000);
  const gone = await db.delete(jobs).where(lt(jobs.createdAt, before)).returning({ id: jobs.id });
  return gone.length;
}

const rounds = workRounds<WorkerDeps>("jobs", DEFAULT_JOB_LEASE_MS, async (deps, leaseMs) => {
  for (;;) {
    const claim = await claimJob(deps.db, deps.now(), leaseMs);
    if (!claim) return;
    await runClaimedJob(deps, claim, leaseMs);
  }
});

/** The lease this process's jobs use (the worker's setting; tests shorten it). */
export function setJobLease(db: Db, leaseMs: number): void {
  rounds.setLease(db, leaseMs);
}

/**
 * Runs the jobs waiting, one at a time, in the background, without failing the caller: after a
 * job is started, and every few seconds from the worker. Rounds never overlap within one process
 * (one job at a time per server); a nudge during a round makes it look once more. Returns the
 * round's promise (tests may await it).
 */
export function nudgeJobs(deps: WorkerDeps): Promise<void> {
  return rounds.nudge(deps);
}
