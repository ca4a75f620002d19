/**
 * Background jobs: started through the API with the kind's permission, run by the worker with
 * progress, downloaded by their creator (or an admin) only; claimed once however many workers
 * ask at the same moment; taken over when the server running them stops renewing the lease.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Job } from "../../src/contracts/jobs";
import { jobs } from "../../src/server/db/schema";
import { claimJob, deleteOldJobs, nudgeJobs, runClaimedJob } from "../../src/server/services/jobs";
import { salesCsvForJob } from "../../src/server/services/reports";
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
        Array.from({ length: 6 }, () => ({
          kind: "sales-csv",
          params: yearOfOrders.params,
          createdBy: reporter.user.id,
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
