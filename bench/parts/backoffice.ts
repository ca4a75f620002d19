// Part `backoffice`: the back office over a year of orders on a real PostgreSQL server: a throwaway
// one with the demo catalogue and `--orders` orders (100,000 by default) over the last 13 months
// from seedOrders (the seed CLI's --orders), with their invoices, payments, remittances, credit
// notes and refunds. Measured, each when the endpoint is in the build (an endpoint the build does
// not have answers 404 and is reported as not measured):
//
//   - the orders list with a filter and a search (GET /api/admin/orders) under 10 staff
//     connections: p50/p95, budget p95 <= 50 ms;
//   - last month's accounts statement (GET /api/admin/apar/{month}), one request at a time: p50/p95,
//     budget <= 500 ms;
//   - the sales report of the last 365 days (GET /api/admin/reports/sales), one at a time: p50/p95,
//     budget <= 500 ms;
//   - the CSV of the orders behind a year's sales as a background job (POST /api/admin/jobs, then
//     polled): time to done, rows and size.
//
// The staff member (an admin) and their session are made straight in the database, as the admin
// part makes its staff.

import { count } from "drizzle-orm";
import { addDays, dhakaDay } from "../../src/contracts/sales";
import { connectPostgres } from "../../src/server/db/client";
import { orders, users } from "../../src/server/db/schema";
import { seedOrders } from "../../src/server/seed/orders";
import type { ThrowawayPostgres } from "../../tests/support/postgres";
import { type ClosedLoop, call, closedLoop } from "../lib/closed-loop";
import { exactPercentiles, f0, f1, section } from "../lib/format";
import { opts } from "../lib/options";
import { onOwnDemoPostgres, pgCpuMs } from "../lib/postgres";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import { BENCH_SESSION_SECRET, cpuMsOf, type Server } from "../lib/server";
import { sessionMaker } from "../lib/shoppers";

const LIST_P95_BUDGET_MS = 50;
const PAGE_BUDGET_MS = 500;
const STAFF_CONNECTIONS = 10;
/** One-at-a-time requests per figure (after one warm-up). */
const SERIAL_RUNS = 10;
const JOB_TIMEOUT_MS = 300_000;

/** The orders list's views: a filter and a search (the case), then variants. */
const LIST_VIEWS = [
  "?status=delivered&q=0159",
  "?paymentMethod=cod&district=Dhaka&q=Rahman",
  "?status=shipped&sort=-createdAt",
  "?q=1000",
  "",
];

type Serial = { path: string; status: number; p50: number; p95: number; max: number; runs: number } | null;

export type BackofficeResult = {
  orders: number;
  seedSeconds: number;
  list: ClosedLoop | null;
  statement: Serial;
  report: Serial;
  job: { ms: number; rows: number; bytes: number; status: string } | null;
};

async function serial(base: string, path: string, cookie: string): Promise<Serial> {
  const first = await call(base, "GET", path, cookie);
  if (first.status === 404) return null;
  if (first.status !== 200)
    throw new Error(`GET ${path} answered ${first.status}: ${first.text.slice(0, 200)}`);
  const ms: number[] = [];
  for (let i = 0; i < SERIAL_RUNS; i++) {
    const t = performance.now();
    const r = await call(base, "GET", path, cookie);
    ms.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}`);
  }
  const p = exactPercentiles(ms);
  return { path, status: 200, p50: p.p50, p95: p.p95, max: Math.max(...ms), runs: ms.length };
}

/** Whether the build has an endpoint: an unknown /api route answers 404 with the shop's "no such endpoint" envelope. */
async function exists(base: string, path: string, cookie: string): Promise<boolean> {
  const r = await call(base, "GET", path, cookie);
  return r.status !== 404;
}

async function exportJob(
  base: string,
  cookie: string,
  from: string,
  to: string,
): Promise<BackofficeResult["job"]> {
  const t = performance.now();
  const started = await call(base, "POST", "/api/admin/jobs", cookie, {
    kind: "sales-csv",
    params: { from, to, table: "orders" },
  });
  if (started.status !== 201)
    throw new Error(`POST /api/admin/jobs answered ${started.status}: ${started.text}`);
  const { id } = (JSON.parse(started.text) as { data: { id: number } }).data;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const r = await call(base, "GET", `/api/admin/jobs/${id}`, cookie);
    const job = (
      JSON.parse(r.text) as { data: { status: string; total: number | null; error: string | null } }
    ).data;
    if (job.status === "done" || job.status === "failed") {
      const ms = performance.now() - t;
      if (job.status === "failed") return { ms, rows: 0, bytes: 0, status: `failed: ${job.error}` };
      const file = await call(base, "GET", `/api/admin/jobs/${id}/download`, cookie);
      return { ms, rows: job.total ?? 0, bytes: file.bytes, status: "done" };
    }
    if (performance.now() - t > JOB_TIMEOUT_MS)
      return { ms: performance.now() - t, rows: 0, bytes: 0, status: "timed out" };
  }
}

async function benchBackoffice(
  server: Server,
  cluster: ThrowawayPostgres,
  seedSeconds: number,
): Promise<BackofficeResult> {
  const database = connectPostgres(cluster.url, 2);
  try {
    const tag = Date.now().toString(36);
    const [staff] = await database.db
      .insert(users)
      .values({ name: "Bench Back Office", email: `bench-office-${tag}@example.com`, role: "admin" })
      .returning({ id: users.id });
    const { cookie } = await sessionMaker(database, {
      databaseUrl: cluster.url,
      sessionSecret: BENCH_SESSION_SECRET,
    })(staff!.id);
    const [total] = await database.db.select({ n: count() }).from(orders);
    const today = dhakaDay(new Date());
    const yearFrom = addDays(today, -364);
    const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

    let list: ClosedLoop | null = null;
    if (await exists(server.base, `/api/admin/orders${LIST_VIEWS[0]}`, cookie)) {
      await awaitQuiet("backoffice");
      console.log(
        `  GET /api/admin/orders (${LIST_VIEWS.length} views in turn): ${STAFF_CONNECTIONS} connections, ${opts.duration}s ...`,
      );
      list = await closedLoop(
        "GET /api/admin/orders",
        STAFF_CONNECTIONS,
        opts.duration,
        opts.warmup,
        () => ({ server: cpuMsOf(server.pid), postgres: pgCpuMs(cluster) }),
        async (w, i) => {
          const view = LIST_VIEWS[(w + i) % LIST_VIEWS.length]!;
          const t = performance.now();
          const r = await call(server.base, "GET", `/api/admin/orders${view}`, cookie);
          return r.status === 200 ? { ms: performance.now() - t, kind: view || "(default view)" } : false;
        },
      );
    } else {
      console.log("  GET /api/admin/orders is not in this build: not measured");
    }

    console.log(
      `  GET /api/admin/apar/${lastMonth} and the year's sales report, ${SERIAL_RUNS} times each ...`,
    );
    const statement = (await exists(server.base, `/api/admin/apar/${lastMonth}`, cookie))
      ? await serial(server.base, `/api/admin/apar/${lastMonth}`, cookie)
      : null;
    if (!statement) console.log("  GET /api/admin/apar/{month} is not in this build: not measured");
    const report = await serial(server.base, `/api/admin/reports/sales?from=${yearFrom}&to=${today}`, cookie);

    console.log(`  CSV of a year's orders as a background job (${yearFrom} to ${today}) ...`);
    const job = await exportJob(server.base, cookie, yearFrom, today);
    return { orders: total?.n ?? 0, seedSeconds, list, statement, report, job };
  } finally {
    await database.close();
  }
}

/** The back-office part on a throwaway PostgreSQL server of its own: demo catalogue + `--orders` orders. */
export async function backofficeOnOwnPostgres(buildDir: string): Promise<BackofficeResult> {
  section(
    `running 9. back office on PostgreSQL (demo catalogue + ${opts.orders.toLocaleString("en")} orders)`,
  );
  return onOwnDemoPostgres(buildDir, async (server, cluster) => {
    const database = connectPostgres(cluster.url, 4);
    let seedSeconds = 0;
    try {
      const t = performance.now();
      await seedOrders(database.db, opts.orders, { parallel: 2 });
      seedSeconds = (performance.now() - t) / 1000;
      await database.db.execute("vacuum analyze");
      console.log(`  seeded ${opts.orders.toLocaleString("en")} orders in ${seedSeconds.toFixed(1)} s`);
    } finally {
      await database.close();
    }
    await awaitQuiet("backoffice");
    return benchBackoffice(server, cluster, seedSeconds);
  });
}

export function reportBackoffice(b: BackofficeResult, report: Report) {
  section("9. Back office on PostgreSQL: orders list, monthly statement, sales report, export job");
  console.log(`${b.orders.toLocaleString("en")} orders (seeded in ${b.seedSeconds.toFixed(1)} s)`);
  const l = b.list;
  if (l) {
    console.log(
      `orders list, ${l.workers} staff connections in a closed loop, the views in turn: ${f0(l.perSecond)} req/s, p50 ${f1(l.latencyMs.p50)} ms, p95 ${f1(l.latencyMs.p95)} ms, p99 ${f1(l.latencyMs.p99)} ms, ${l.ok} ok, ${l.failed} failed`,
    );
    for (const [view, k] of Object.entries(l.byKind ?? {})) {
      console.log(
        `  ${view.padEnd(44)} p50 ${f1(k.latencyMs.p50)} ms, p95 ${f1(k.latencyMs.p95)} ms, ${k.ok} requests`,
      );
    }
    report.targets.push({
      target: `GET /api/admin/orders (filter and search) p95 with ${l.workers} connections, ${b.orders.toLocaleString("en")} orders (PostgreSQL)`,
      budget: `<= ${LIST_P95_BUDGET_MS} ms`,
      measured: `${f1(l.latencyMs.p95)} ms (p50 ${f1(l.latencyMs.p50)}, ${f0(l.perSecond)} req/s)`,
      pass: l.latencyMs.p95 <= LIST_P95_BUDGET_MS,
    });
  } else {
    console.log("orders list: not in this build, not measured");
  }
  for (const [name, s] of [
    ["last month's statement", b.statement],
    ["sales report, last 365 days", b.report],
  ] as const) {
    if (!s) {
      console.log(`${name}: not in this build, not measured`);
      continue;
    }
    console.log(
      `${name} (${s.path}), one at a time, ${s.runs} runs: p50 ${f1(s.p50)} ms, p95 ${f1(s.p95)} ms, max ${f1(s.max)} ms`,
    );
    report.targets.push({
      target: `${name} with ${b.orders.toLocaleString("en")} orders (PostgreSQL, one at a time)`,
      budget: `<= ${PAGE_BUDGET_MS} ms`,
      measured: `p95 ${f1(s.p95)} ms (p50 ${f1(s.p50)})`,
      pass: s.p95 <= PAGE_BUDGET_MS,
    });
  }
  if (b.job) {
    console.log(
      `CSV of a year's orders as a background job: ${b.job.status} in ${f0(b.job.ms)} ms, ${b.job.rows.toLocaleString("en")} orders, ${(b.job.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    report.checks.yearExportJobDone = b.job.status === "done";
  }
  report.results.backoffice = b;
  if (l) report.checks.ordersListWithoutFailures = l.failed === 0;
}
