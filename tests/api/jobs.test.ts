/**
 * Background jobs: started through the API with the kind's permission, run by the worker with
 * progress, downloaded by their creator (or an admin) only; claimed once however many workers
 * ask at the same moment; taken over when the server running them stops renewing the lease.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Job, MAX_QUEUED_JOBS, MAX_RUNNING_JOBS, TOO_MANY_JOBS } from "../../src/contracts/jobs";
import { jobs } from "../../src/server/db/schema";
import { salesCsvForJob } from "../../src/server/services/money/reports";
import { claimJob, deleteOldJobs, nudgeJobs, runClaimedJob } from "../../src/server/services/platform/jobs";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { insertReportOrder } from "./report-orders";

let h: Harness;
let admin: TestUser;
let reporter: TestUser;
let otherReporter: TestUser;
let buyerId: number;
const ORDERS = 7;

const start = (body: unknown, u: TestUser = reporter) =>
  h.request<Job>("POST", "/api/admin/jobs", { body, cookie: u.cookie });
const get = (id: number, u: TestUser = reporter) =>
  h.request<Job>("GET", `/api/admin/jobs/${id}`, { cookie: u.cookie });
const download = (id: number, u: TestUser = reporter) =>
  h.request("GET", `/api/admin/jobs/${id}/download`, { cookie: u.cookie });
const yearOfOrders = { kind: "sales-csv", params: { from: "2030-03-01", to: "2031-02-28", table: "orders" } };

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin" });
  reporter = await h.createUser({ role: "staff", permissions: ["reports"] });
  otherReporter = await h.createUser({ role: "staff", permissions: ["reports"] });
  buyerId = (await h.createUser()).user.id;
  const book = await createProduct(h.db, { price: 30_000, stock: 100 });
  for (let i = 0; i < ORDERS; i++) {
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date(Date.parse("2030-04-01T06:00:00Z") + i * 30 * 86_400_000),
      status: "delivered",
      lines: [{ productId: book.id, kind: "book", quantity: 1, unitPrice: 30_000, discount: 0 }],
    });
  }
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function finished(id: number): Promise<Job> {
  await nudgeJobs(h.deps);
  const res = await get(id);
  expect(res.status, res.text).toBe(200);
  return res.body.data!;
}

describe("POST /api/admin/jobs and after", () => {
  it("exports a year of orders in the background: queued, done with progress, downloaded", async () => {
    const res = await start(yearOfOrders);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ kind: "sales-csv", status: "queued", done: 0, downloadUrl: null });
    const job = await finished(res.body.data!.id);
    expect(job).toMatchObject({ status: "done", done: ORDERS, total: ORDERS, error: null });
    expect(job.downloadUrl).toBe(`/api/admin/jobs/${job.id}/download`);
    expect(job.filename).toBe("sales-orders-2030-03-01-to-2031-02-28.csv");
    const file = await download(job.id);
    expect(file.status, file.text).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${job.filename}"`);
    expect(file.headers.get("cache-control")).toContain("private");
    expect(file.headers.get("cache-control")).toContain("no-store");
    const rows = parse(file.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(ORDERS);
    expect(rows.every((r) => r["Net (taka)"] === "300.00")).toBe(true);
  });

  it("shows a job to its creator and admins only", async () => {
    const { id } = (await start(yearOfOrders)).body.data!;
    await nudgeJobs(h.deps);
    expect((await get(id, otherReporter)).status).toBe(403);
    expect((await download(id, otherReporter)).status).toBe(403);
    expect((await get(id, admin)).status).toBe(200);
    expect((await download(id, admin)).status).toBe(200);
    expect((await get(999_999)).status).toBe(404);
  });

  it("answers 409 for the file of a job not done yet", async () => {
    const [row] = await h.db
      .insert(jobs)
      .values({
        kind: "sales-csv",
        params: yearOfOrders.params,
        createdBy: reporter.user.id,
        createdAt: h.clock.now(),
      })
      .returning();
    const res = await download(row!.id);
    expect(res.status, res.text).toBe(409);
    await nudgeJobs(h.deps);
    expect((await download(row!.id)).status).toBe(200);
  });

  it("needs the kind's permission, and parameters the kind takes", async () => {
    const stationer = await h.createUser({ role: "staff", permissions: ["stationery"] });
    expect((await start(yearOfOrders, stationer)).status).toBe(403);
    const unknown = await start({ kind: "mine-bitcoin", params: {} });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors ?? {})).toContain("kind");
    const badTable = await start({ kind: "sales-csv", params: { table: "everything" } });
    expect(badTable.status).toBe(400);
    expect(Object.keys(badTable.body.errors ?? {})).toContain("params.table");
    const badRange = await start({
      kind: "sales-csv",
      params: { table: "day", from: "2031-02-10", to: "2031-02-01" },
    });
    expect(badRange.status).toBe(400);
    expect(Object.keys(badRange.body.errors ?? {})).toContain("from");
  });
});

describe("how many jobs one staff member may have", () => {
  it(`refuses a start beyond ${MAX_QUEUED_JOBS} waiting with 429: 40 started at once make ${MAX_QUEUED_JOBS}`, async () => {
    const hoarder = await h.createUser({ role: "staff", permissions: ["reports"] });
    // Two of theirs running already (on other servers, leases live): nothing more of theirs starts.
    const now = h.clock.now();
    await h.db.insert(jobs).values(
      Array.from({ length: MAX_RUNNING_JOBS }, () => ({
        kind: "sales-csv",
        params: yearOfOrders.params,
        status: "running" as const,
        createdBy: hoarder.user.id,
        createdAt: now,
        startedAt: now,
        leaseUntil: new Date(now.getTime() + 3_600_000),
      })),
    );
    const answers = await Promise.all(Array.from({ length: 40 }, () => start(yearOfOrders, hoarder)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_QUEUED_JOBS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - MAX_QUEUED_JOBS);
    expect(answers.find((a) => a.status === 429)!.body.message).toBe(TOO_MANY_JOBS);
    expect(TOO_MANY_JOBS).toContain(`${MAX_QUEUED_JOBS} exports`);
    await nudgeJobs(h.deps);
    const theirs = await h.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.createdBy, hoarder.user.id));
    expect(theirs.filter((j) => j.status === "queued")).toHaveLength(MAX_QUEUED_JOBS);
    // Someone else's export is neither refused nor held up by theirs.
    const other = await start(yearOfOrders, otherReporter);
    expect(other.status, other.text).toBe(201);
    await nudgeJobs(h.deps);
    expect((await get(other.body.data!.id, otherReporter)).body.data!.status).toBe("done");
    await h.db.delete(jobs).where(eq(jobs.createdBy, hoarder.user.id));
  });
});

describe("the worker", () => {
  it("writes progress page by page, not row by row", async () => {
    const seen: [number, number | null][] = [];
    const { csv } = await salesCsvForJob(
      h.db,
      h.clock.now(),
      { from: "2030-03-01", to: "2031-02-28", table: "orders" },
      async (done, total) => {
        seen.push([done, total]);
      },
      3,
    );
    expect(seen).toEqual([
      [0, ORDERS],
      [3, ORDERS],
      [6, ORDERS],
      [7, ORDERS],
    ]);
    expect(csv.trim().split("\r\n")).toHaveLength(ORDERS + 1);
  });

  it("claims each job once however many workers ask at the same moment", async () => {
    const made = await h.db
      .insert(jobs)
      .values(
        // Two each for three staff members: each may have two running.
        Array.from({ length: 6 }, (_, i) => ({
          kind: "sales-csv",
          params: yearOfOrders.params,
          createdBy: [reporter, otherReporter, admin][i % 3]!.user.id,
          createdAt: h.clock.now(),
        })),
      )
      .returning({ id: jobs.id });
    const now = h.clock.now();
    // Two workers (on a PostgreSQL server, separate connections) each asking six times at once.
    const claims = await Promise.all(Array.from({ length: 12 }, () => claimJob(h.db, now, 60_000)));
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(ids.sort((a, b) => a - b)).toEqual(made.map((m) => m.id).sort((a, b) => a - b));
    // Held by their leases: nobody claims them again.
    expect(await claimJob(h.db, new Date(now.getTime() + 30_000), 60_000)).toBeNull();
    await h.db.delete(jobs).where(eq(jobs.status, "running"));
  });

  it("takes a job over when its lease runs out, and the first server's result is not kept", async () => {
    const [row] = await h.db
      .insert(jobs)
      .values({
        kind: "sales-csv",
        params: yearOfOrders.params,
        createdBy: reporter.user.id,
        createdAt: h.clock.now(),
      })
      .returning();
    const t0 = h.clock.now();
    const first = await claimJob(h.db, t0, 1_000);
    expect(first?.id).toBe(row!.id);
    expect(await claimJob(h.db, new Date(t0.getTime() + 500), 1_000)).toBeNull();
    // The first server went quiet; after its lease another takes the job.
    const second = await claimJob(h.db, new Date(t0.getTime() + 1_500), 1_000);
    expect(second?.id).toBe(row!.id);
    const deps = { db: h.db, log: h.deps.log, now: () => new Date(t0.getTime() + 1_600) };
    expect(await runClaimedJob(deps, first!, 1_000)).toBe("lost");
    expect(await runClaimedJob(deps, second!, 1_000)).toBe("done");
    const [after] = await h.db.select().from(jobs).where(eq(jobs.id, row!.id));
    expect(after).toMatchObject({ status: "done", done: ORDERS, total: ORDERS });
    expect(after!.startedAt).toEqual(second!.startedAt);
  });

  it("runs at most two of a staff member's jobs at once, across servers", async () => {
    const busy = await h.createUser({ role: "staff", permissions: ["reports"] });
    await nudgeJobs(h.deps);
    const made = await h.db
      .insert(jobs)
      .values(
        Array.from({ length: 3 }, () => ({
          kind: "sales-csv",
          params: yearOfOrders.params,
          createdBy: busy.user.id,
          createdAt: h.clock.now(),
        })),
      )
      .returning({ id: jobs.id });
    const now = h.clock.now();
    const first = await claimJob(h.db, now, 60_000);
    const second = await claimJob(h.db, now, 60_000);
    expect([first?.id, second?.id]).toEqual([made[0]!.id, made[1]!.id]);
    // A third server asking finds nothing it may start for them.
    expect(await claimJob(h.db, now, 60_000)).toBeNull();
    // One finishes (or its server stops and its lease runs out): the third may start.
    await h.db.update(jobs).set({ status: "done" }).where(eq(jobs.id, first!.id));
    expect((await claimJob(h.db, now, 60_000))?.id).toBe(made[2]!.id);
    await h.db.delete(jobs).where(eq(jobs.createdBy, busy.user.id));
  });

  it("deletes jobs older than a week", async () => {
    const now = h.clock.now();
    const [old] = await h.db
      .insert(jobs)
      .values({
        kind: "sales-csv",
        createdBy: reporter.user.id,
        createdAt: new Date(now.getTime() - 8 * 86_400_000),
      })
      .returning();
    const [recent] = await h.db
      .insert(jobs)
      .values({
        kind: "sales-csv",
        createdBy: reporter.user.id,
        createdAt: new Date(now.getTime() - 6 * 86_400_000),
      })
      .returning();
    expect(await deleteOldJobs(h.db, now)).toBeGreaterThanOrEqual(1);
    const left = (await h.db.select({ id: jobs.id }).from(jobs)).map((j) => j.id);
    expect(left).not.toContain(old!.id);
    expect(left).toContain(recent!.id);
  });
});
