// Part `admin`: the back office on a real PostgreSQL server with the bulk books (the catalogue
// part's server when it runs, else a throwaway one with the demo catalogue and `--books` bulk books
// from seedBulkBooks): the admin books list (GET /api/admin/books with a search, a filter and a
// sort, and a few variants) under 10 staff connections, p95 <= 50 ms; then a CSV import of 10,000
// new books, previewed and applied, timed; then 10,000 coupon codes generated in one request, timed. A staff member and their session are made straight in
// the database (the server's session service and secret), as the buying part makes its shoppers.

import { stringify } from "csv-stringify/sync";
import { count, inArray } from "drizzle-orm";
import type { BookImportReport } from "../../src/contracts/admin-books-csv";
import { connectPostgres } from "../../src/server/db/client";
import { products, users } from "../../src/server/db/schema";
import { seedBulkBooks } from "../../src/server/seed/bulk";
import type { ThrowawayPostgres } from "../../tests/support/postgres";
import { type ClosedLoop, call, closedLoop } from "../lib/closed-loop";
import { f0, f1, section } from "../lib/format";
import { opts } from "../lib/options";
import { onOwnDemoPostgres, pgCpuMs } from "../lib/postgres";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import { BENCH_SESSION_SECRET, cpuMsOf, type Server } from "../lib/server";
import { sessionMaker } from "../lib/shoppers";

const LIST_P95_BUDGET_MS = 50;
/** The issue states the list's budget at 10 connections. */
const STAFF_CONNECTIONS = 10;
const IMPORT_ROWS = 10_000;
const COUPON_CODES = 10_000;

/** The list's views: a search with a filter and a sort first (the case), then variants. */
const LIST_VIEWS = [
  "?q=physics&published=true&sort=-price",
  "?q=chemistry&track=hsc&sort=title",
  "?q=guide&hscYear=2026&sort=-soldCount",
  "?lowStock=true&sort=stock",
  "?inStock=true&sort=-updatedAt&page=3",
  "",
];

export type AdminResult = {
  books: number;
  list: ClosedLoop;
  /** The first view alone, one request at a time, for a figure without queueing. */
  views: { view: string; total: number; ms: number }[];
  csvImport: {
    rows: number;
    bytes: number;
    previewMs: number;
    applyMs: number;
    created: number;
    ok: boolean;
  };
  /** One POST /api/admin/coupons/bulk of 10,000 codes: the batch, its coupons, one transaction. */
  couponBatch: { codes: number; ms: number; ok: boolean };
};

function importFile(tag: string): string {
  const run = String(Date.now() % 10_000).padStart(4, "0");
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    // 979 + 4 digits of the run + the row: an ISBN-13 no other run or seeded book has.
    const twelve = `979${run}${String(i).padStart(5, "0")}`;
    const sum = [...twelve].reduce((n, d, k) => n + Number(d) * (k % 2 === 0 ? 1 : 3), 0);
    return {
      kind: "book",
      title: `Bench Import ${tag} Physics Practice Book ${i + 1}`,
      titleBn: `বেঞ্চ বই ${i + 1}`,
      isbn: `${twelve}${(10 - (sum % 10)) % 10}`,
      publisher: "Bench Press",
      price: `${200 + (i % 300)}.00`,
      stock: String(i % 50),
      published: "no",
      tracks: "hsc",
      hscYear: "2026",
      description: "A book imported by the benchmark.",
    };
  });
  return stringify(rows, { header: true });
}

async function postCsv(base: string, path: string, cookie: string, text: string) {
  const t = performance.now();
  const res = await fetch(new URL(path, base), {
    method: "POST",
    headers: { "content-type": "text/csv", cookie },
    body: text,
  });
  const body = (await res.json()) as { data?: BookImportReport; message: string };
  return { status: res.status, body, ms: performance.now() - t };
}

async function benchAdmin(server: Server, cluster: ThrowawayPostgres): Promise<AdminResult> {
  const database = connectPostgres(cluster.url, 2);
  try {
    const tag = Date.now().toString(36);
    const [staff] = await database.db
      .insert(users)
      .values({
        name: "Bench Books Staff",
        email: `bench-books-${tag}@example.com`,
        role: "staff",
        permissions: ["books", "coupons"],
      })
      .returning({ id: users.id });
    const { cookie } = await sessionMaker(database, {
      databaseUrl: cluster.url,
      sessionSecret: BENCH_SESSION_SECRET,
    })(staff!.id);
    const [books] = await database.db
      .select({ n: count() })
      .from(products)
      .where(inArray(products.kind, ["book", "ebook"]));

    const views: AdminResult["views"] = [];
    for (const view of LIST_VIEWS) {
      await call(server.base, "GET", `/api/admin/books${view}`, cookie);
      const t = performance.now();
      const r = await call(server.base, "GET", `/api/admin/books${view}`, cookie);
      const ms = performance.now() - t;
      if (r.status !== 200)
        throw new Error(`GET /api/admin/books${view} answered ${r.status}: ${r.text.slice(0, 200)}`);
      views.push({
        view: view || "(default view)",
        total: (JSON.parse(r.text) as { data: { total: number } }).data.total,
        ms,
      });
    }

    await awaitQuiet("admin");
    console.log(
      `  GET /api/admin/books (${LIST_VIEWS.length} views in turn): ${STAFF_CONNECTIONS} connections, ${opts.duration}s ...`,
    );
    const list = await closedLoop(
      "GET /api/admin/books",
      STAFF_CONNECTIONS,
      opts.duration,
      opts.warmup,
      () => ({ server: cpuMsOf(server.pid), postgres: pgCpuMs(cluster) }),
      async (w, i) => {
        const view = LIST_VIEWS[(w + i) % LIST_VIEWS.length]!;
        const t = performance.now();
        const r = await call(server.base, "GET", `/api/admin/books${view}`, cookie);
        return r.status === 200 ? { ms: performance.now() - t, kind: view || "(default view)" } : false;
      },
    );

    const text = importFile(tag);
    console.log(`  CSV import of ${IMPORT_ROWS.toLocaleString("en")} books: preview, then apply ...`);
    const preview = await postCsv(server.base, "/api/admin/books/import?mode=preview", cookie, text);
    const apply = await postCsv(server.base, "/api/admin/books/import?mode=apply", cookie, text);
    const ok = preview.status === 200 && apply.status === 200 && apply.body.data?.created === IMPORT_ROWS;
    if (!ok)
      console.log(`  import failed: preview ${preview.status}, apply ${apply.status}: ${apply.body.message}`);
    console.log(`  ${COUPON_CODES.toLocaleString("en")} coupon codes in one request ...`);
    const t = performance.now();
    const batch = await call(server.base, "POST", "/api/admin/coupons/bulk", cookie, {
      quantity: COUPON_CODES,
      prefix: `B${tag}-`.slice(0, 12).toUpperCase(),
      length: 8,
      kind: "percent",
      value: 10,
      usageLimit: 1,
    });
    const couponBatch = { codes: COUPON_CODES, ms: performance.now() - t, ok: batch.status === 201 };
    if (!couponBatch.ok) console.log(`  coupon codes failed: ${batch.status} ${batch.text.slice(0, 200)}`);
    return {
      couponBatch,
      books: books?.n ?? 0,
      list,
      views,
      csvImport: {
        rows: IMPORT_ROWS,
        bytes: Buffer.byteLength(text),
        previewMs: preview.ms,
        applyMs: apply.ms,
        created: apply.body.data?.created ?? 0,
        ok,
      },
    };
  } finally {
    await database.close();
  }
}

/** The admin part against a running server on a PostgreSQL cluster (the catalogue part's). */
export async function adminOn(server: Server, cluster: ThrowawayPostgres): Promise<AdminResult> {
  section("running 8. admin: the books list under 10 staff connections, a CSV import of 10,000 books");
  await awaitQuiet("admin");
  return benchAdmin(server, cluster);
}

/** The admin part on a throwaway PostgreSQL server of its own: demo catalogue + `--books` bulk books. */
export async function adminOnOwnPostgres(buildDir: string): Promise<AdminResult> {
  section(`running 8. admin on PostgreSQL (demo catalogue + ${opts.books.toLocaleString("en")} books)`);
  return onOwnDemoPostgres(buildDir, async (server, cluster) => {
    const database = connectPostgres(cluster.url, 4);
    try {
      const t = performance.now();
      await seedBulkBooks(database.db, opts.books, { parallel: 2 });
      await database.db.execute("vacuum analyze products");
      console.log(
        `  seeded ${opts.books.toLocaleString("en")} books in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
    return adminOn(server, cluster);
  });
}

export function reportAdmin(a: AdminResult, report: Report) {
  section("8. Admin on PostgreSQL: the books list and a CSV import");
  console.log(
    `${a.books.toLocaleString("en")} books and e-books; one request at a time (after one warm-up each):`,
  );
  for (const v of a.views)
    console.log(`  ${v.view.padEnd(44)} ${String(v.total).padStart(7)} rows  ${f1(v.ms)} ms`);
  const l = a.list;
  console.log(
    `${l.workers} staff connections in a closed loop, the views in turn: ${f0(l.perSecond)} req/s, p50 ${f1(l.latencyMs.p50)} ms, p95 ${f1(l.latencyMs.p95)} ms, p99 ${f1(l.latencyMs.p99)} ms, max ${f1(l.latencyMs.max)} ms, ${l.ok} ok, ${l.failed} failed; CPU per request: server ${f1(l.cpuMsPerOp.server)} ms, PostgreSQL ${l.cpuMsPerOp.postgres === null ? "n/a" : f1(l.cpuMsPerOp.postgres)} ms`,
  );
  for (const [view, k] of Object.entries(l.byKind ?? {})) {
    console.log(
      `  ${view.padEnd(44)} p50 ${f1(k.latencyMs.p50)} ms, p95 ${f1(k.latencyMs.p95)} ms, ${k.ok} requests`,
    );
  }
  const c = a.csvImport;
  console.log(
    `CSV import of ${c.rows.toLocaleString("en")} new books (${(c.bytes / 1024 / 1024).toFixed(1)} MB): preview ${f0(c.previewMs)} ms, apply ${f0(c.applyMs)} ms (${c.created.toLocaleString("en")} created)`,
  );
  console.log(
    `${a.couponBatch.codes.toLocaleString("en")} coupon codes generated in one request: ${f0(a.couponBatch.ms)} ms${a.couponBatch.ok ? "" : " (FAILED)"}`,
  );
  report.results.admin = a;
  report.targets.push({
    target: `GET /api/admin/books (search, filter, sort) p95 with ${l.workers} connections, ${a.books.toLocaleString("en")} books (PostgreSQL)`,
    budget: `<= ${LIST_P95_BUDGET_MS} ms`,
    measured: `${f1(l.latencyMs.p95)} ms (p50 ${f1(l.latencyMs.p50)}, p99 ${f1(l.latencyMs.p99)}, ${f0(l.perSecond)} req/s)`,
    pass: l.latencyMs.p95 <= LIST_P95_BUDGET_MS,
  });
  report.checks.adminListWithoutFailures = l.failed === 0;
  report.checks.csvImportOf10000Books = c.ok;
  report.checks.couponBatchOf10000Codes = a.couponBatch.ok;
}
