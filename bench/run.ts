// Pathagar benchmark. Run with `npm run bench [-- --only catalogue,lighthouse --duration 10 ...]`;
// `npm run bench -- --help` lists the parts and options. By default every part runs, each in its
// own module under bench/parts/:
//
//   cold        cold start of the built server (fresh and initialised PGlite data dir)
//               (cold-start.ts)
//   load        resident memory, throughput/latency of the server-rendered `/` (and /healthz as a
//               no-render baseline), on the embedded PGlite with the demo catalogue (load.ts)
//   js          first-load JavaScript of `/`, a `/book/{id}` and an `/ebook/{id}` (gzip, 125 KB budget
//               each), and no admin code and no pdf.js or reader code on any of them (first-load-js.ts)
//   catalogue   a throwaway PostgreSQL server with the demo catalogue + 100,000 bulk books (the seed
//               CLI), then the search API (p95 <= 50 ms) and book pages (p99 <= 100 ms) under load,
//               and EXPLAIN (ANALYZE, BUFFERS) of typical searches through the service's own SQL
//               (catalogue.ts, catalogue-search.ts)
//   buying      the cart API (GET /api/cart/info, POST /api/cart: p99 <= 50 ms) and cash-on-delivery
//               checkouts under 50 signed-in shoppers, on the catalogue's PostgreSQL server (or a
//               throwaway one with the demo catalogue when the catalogue part does not run)
//               (buying.ts)
//   reference   product detail, a list, an uncached search and add-to-cart at 20 clients against a bare node:http + pg server
//               that replays the statements the shop sent (recorded from PostgreSQL's log), on the
//               catalogue's PostgreSQL server (or a throwaway one): the shop's share of the bare
//               server's requests a second (>= 60%) and its p99 against the bare one's (<= 2x)
//               (reference.ts)
//   reader      the e-book reader on the catalogue's PostgreSQL server (or a throwaway one with the
//               demo catalogue): 400 owners who bought the demo e-books through the sandbox; first
//               stamps (file cache cold and warm) and repeat reads one at a time, bytes per stamped and
//               demo page, 20 owners reading repeat pages and a 4:1 mix with first reads (repeat p95
//               <= 30 ms), the root loader's owned-items query, and Lighthouse (mobile, DevTools
//               throttling) on /ebook/{id}/read as an owner to the first page drawn (<= 2.5 s)
//               (reader.ts)
//   admin       the admin books list (GET /api/admin/books: a search, a filter and a sort, and variants)
//               under 10 staff connections (p95 <= 50 ms) and a CSV import of 10,000 books (preview
//               and apply, timed), on the catalogue's PostgreSQL server (or a throwaway one with the
//               demo catalogue and --books bulk books) (admin.ts)
//   backoffice  a throwaway PostgreSQL server with the demo catalogue and --orders orders over 13
//               months (the seed CLI's --orders): the orders list with a filter and a search under
//               10 staff connections (p95 <= 50 ms), last month's statement and the year's sales
//               report one at a time (<= 500 ms each), and a year's orders exported by a background
//               job, timed; an endpoint not in the build is reported as not measured (backoffice.ts)
//   results-day the whole results-day mix on a throwaway PostgreSQL primary with the demo catalogue
//               and --books bulk books, a streaming replica of it (pg_basebackup -R), and two servers
//               on the primary with the replica configured: pages signed in and out, the search page,
//               API and suggestions, cart reads, adds and cash-on-delivery checkouts, and e-book pages,
//               each call at its share of the plan's peak (resultsDayMix in capacity.ts), from
//               --connections clients for at least 60 s; p50/p95/p99 per call, every failed request
//               with its answer (none allowed), and the share of the catalogue's reads the replica
//               served (>= 95%); then each kind alone, ten one at a time, with the CPU it cost the
//               servers, the primary and the replica (results-day.ts)
//   lighthouse  Lighthouse performance (mobile, simulated slow 4G + 4x CPU), 3 runs each of `/`,
//               a `/book/{id}` with a cover and `/search?q=physics`: median score >= 98 and LCP <= 1.8 s
//               (issue 12); on the PostgreSQL
//               server when the catalogue part ran, else on PGlite with the demo catalogue
//               (lighthouse.ts)
//   usable      when pages paint, when their forms work and when they hydrate, on a slow phone: `/`,
//               a `/book/{id}`, `/search?q=physics`, and signed in with a book in the cart `/cart`
//               and `/cart/checkout`, cold loads in Chromium (Playwright) throttled through DevTools
//               on Lighthouse's mobile profile and on a 400 kbit/s, 400 ms line (4x CPU both):
//               FCP, the `pathagar:hydrated` mark, and "forms work at" (the first paint when every
//               key action is a native form in the server's HTML, else hydration), with which
//               actions are forms; hydrated <= 2.5 s on the Lighthouse profile and forms usable at
//               first paint; on PGlite with the demo shop (usable.ts)
//
// After the parts, when the catalogue, buying or reader part ran, the results-day capacity model
// of docs/scaling.md is worked out from the CPU per request they measured and checked against
// their throughput (capacity.ts).
//
// This runner decides which server each part measures, then prints each part's report and the
// targets. The throwaway PostgreSQL server and Chromium are set up as the tests set them up
// (tests/support/postgres.ts, tests/support/chromium.ts); the rest of the shared machinery is in
// bench/lib/.
//
// Everything is on loopback (127.0.0.1), every loop is bounded in count and in time, and every
// server, PostgreSQL cluster, browser and temp dir this script makes is removed when it ends
// (normally, on error, or on SIGINT/SIGTERM). Before each part the load average is printed; above
// --max-load the part waits (at most --max-wait seconds) for the machine to quieten.
// Results are printed as tables and written to bench/results/latest.json. The exit code is 1 when
// a target or check fails.

import { mkdirSync, readdirSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { join, relative } from "node:path";
import { CHROMIUM_PATH } from "../tests/support/chromium";
import { BUILD, ensureBuild, newerSource, RESULTS, ROOT, snapshotBuild } from "./lib/build";
import { cleanupSync } from "./lib/cleanup";
import { loadAvg, section, table } from "./lib/format";
import { opts, runs } from "./lib/options";
import { quietLog } from "./lib/quiet";
import type { Report } from "./lib/report";
import { bookWithCoverViaApi, getPage, memOf, startServer, stopServer, tempDataDir } from "./lib/server";
import { type AdminResult, adminOn, adminOnOwnPostgres, reportAdmin } from "./parts/admin";
import { type BackofficeResult, backofficeOnOwnPostgres, reportBackoffice } from "./parts/backoffice";
import { type BuyingResult, buyingOn, buyingOnOwnPostgres, reportBuying } from "./parts/buying";
import { costsOf, reportCapacity } from "./parts/capacity";
import { type Catalogue, catalogue, reportCatalogue } from "./parts/catalogue";
import { type ColdStarts, coldStarts, reportColdStarts } from "./parts/cold-start";
import { type Bundle, measureFirstLoadJs, reportFirstLoadJs } from "./parts/first-load-js";
import { type LighthouseResult, measureLighthouse, reportLighthouse } from "./parts/lighthouse";
import { type LoadResult, measureLoad, reportLoad } from "./parts/load";
import { type ReaderResult, readerOn, readerOnOwnPostgres, reportReader } from "./parts/reader";
import {
  type ReferenceResult,
  referenceOn,
  referenceOnOwnPostgres,
  reportReference,
} from "./parts/reference";
import { type ResultsDayResult, reportResultsDay, resultsDay } from "./parts/results-day";
import { measureUsable, reportUsable, type UsableResult } from "./parts/usable";

async function main() {
  const startedAt = new Date();
  const cpus = os.cpus();
  const conditions = {
    date: startedAt.toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    totalMemMB: Math.round(os.totalmem() / 1024 / 1024),
    loadAvgBefore: loadAvg(),
    loadAvgAfter: [] as number[],
    options: opts,
    note: "autocannon runs in this process, on the same machine as the server (and PostgreSQL); no Accept-Encoding (uncompressed responses)",
  };
  section("Conditions");
  console.log(
    table(
      ["condition", "value"],
      [
        ["date", conditions.date],
        ["CPUs", `${conditions.cpus} x ${conditions.cpuModel}`],
        ["node", conditions.node],
        ["platform", conditions.platform],
        ["memory", `${conditions.totalMemMB} MB`],
        ["load average before (1/5/15 min)", conditions.loadAvgBefore.join(" / ")],
        ["parts", opts.parts.join(", ")],
        [
          "options",
          `duration ${opts.duration}s, warm-up ${opts.warmup}s, ${opts.connections} connections, ${opts.runs} runs, LOG_LEVEL=${opts.logLevel}, NODE_ENV=production`,
        ],
        ...(runs("catalogue") || runs("results-day")
          ? [["catalogue", `${opts.books.toLocaleString("en")} bulk books on PostgreSQL`]]
          : []),
        ...(runs("lighthouse") || runs("reader")
          ? [["lighthouse", `${opts.lighthouseRuns} runs per page, ${CHROMIUM_PATH}`]]
          : []),
        ...(runs("usable")
          ? [["usable", `${opts.usableRuns} loads per page and profile, ${CHROMIUM_PATH}`]]
          : []),
      ],
      false,
    ),
  );

  ensureBuild();
  const stale = newerSource();
  if (stale) {
    console.log(
      `WARNING: ${stale.file} (${stale.modified}) is newer than build/main.js: the build may be stale (npm run build)`,
    );
  }
  const buildDir = snapshotBuild();
  const clientDir = join(buildDir, "client");
  const buildInfo = {
    mainJsModified: statSync(join(BUILD, "main.js")).mtime.toISOString(),
    manifest: readdirSync(join(clientDir, "assets")).filter((f) => /^manifest-[\w-]+\.js$/.test(f)),
    newerSource: stale,
  };
  console.log(`build: build/main.js of ${buildInfo.mainJsModified}, ${buildInfo.manifest.join(", ")}`);

  // ----- cold starts (PGlite)
  let cold: ColdStarts | undefined;
  if (runs("cold")) {
    section("running 1. cold starts");
    cold = await coldStarts(buildDir);
  }

  // ----- load, first-load JS (and Lighthouse without the catalogue part) on PGlite + demo catalogue
  let load: LoadResult | undefined;
  let bundles: Bundle[] = [];
  let lighthouse: LighthouseResult | undefined;
  let usable: UsableResult | undefined;
  const lighthouseOnPglite = runs("lighthouse") && !runs("catalogue");
  if (runs("load") || runs("js") || lighthouseOnPglite || runs("usable")) {
    section("running 2./3./4. on the embedded PGlite with the demo catalogue");
    const { server, ms } = await startServer(buildDir, { dataDir: cold?.dataDir ?? tempDataDir() });
    try {
      const afterStart = memOf(server.pid);
      const homeHtml = await getPage(server, "/");
      if (runs("load")) load = await measureLoad(server, ms, afterStart);
      const bookId = runs("js") || lighthouseOnPglite ? await bookWithCoverViaApi(server) : 0;
      if (runs("js")) bundles = await measureFirstLoadJs(server, clientDir, homeHtml, bookId);
      if (lighthouseOnPglite) {
        lighthouse = await measureLighthouse(
          server.base,
          bookId,
          "the embedded PGlite with the demo catalogue",
        );
      }
      if (runs("usable")) usable = await measureUsable(server, opts.usableRuns, opts.usableConsent);
    } finally {
      await stopServer(server);
    }
  }

  // ----- catalogue on PostgreSQL (and the buying part and Lighthouse on that server)
  let cat: Catalogue | undefined;
  let buying: BuyingResult | undefined;
  let reference: ReferenceResult | undefined;
  let reader: ReaderResult | undefined;
  let admin: AdminResult | undefined;
  if (runs("catalogue")) {
    section("running 5. catalogue on PostgreSQL");
    const { result, server, cluster } = await catalogue(buildDir);
    cat = result;
    try {
      if (runs("buying")) buying = await buyingOn(server, cluster);
      if (runs("reference")) reference = await referenceOn(server, cluster, buildDir);
      if (runs("reader")) reader = await readerOn(server, cluster);
      if (runs("admin")) admin = await adminOn(server, cluster);
      if (runs("lighthouse")) {
        lighthouse = await measureLighthouse(
          server.base,
          result.bookWithCover,
          `the PostgreSQL server (demo catalogue + ${opts.books.toLocaleString("en")} books)`,
        );
      }
    } finally {
      await stopServer(server);
      cluster.stop("fast");
    }
  }
  if (runs("buying") && !runs("catalogue")) buying = await buyingOnOwnPostgres(buildDir);
  if (runs("reference") && !runs("catalogue")) reference = await referenceOnOwnPostgres(buildDir);
  if (runs("reader") && !runs("catalogue")) reader = await readerOnOwnPostgres(buildDir);
  if (runs("admin") && !runs("catalogue")) admin = await adminOnOwnPostgres(buildDir);
  let backoffice: BackofficeResult | undefined;
  if (runs("backoffice")) backoffice = await backofficeOnOwnPostgres(buildDir);
  let day: ResultsDayResult | undefined;
  if (runs("results-day")) day = await resultsDay(buildDir);

  conditions.loadAvgAfter = loadAvg();

  // ----- report, in the order of the parts
  const report: Report = { targets: [], checks: {}, results: { conditions, build: buildInfo } };
  if (cold) reportColdStarts(cold, report);
  if (load) reportLoad(load, report);
  if (bundles.length) reportFirstLoadJs(bundles, report);
  if (cat) reportCatalogue(cat, report);
  if (buying) reportBuying(buying, report);
  if (reference) reportReference(reference, report);
  if (lighthouse) reportLighthouse(lighthouse, report);
  if (usable) reportUsable(usable, report);
  if (reader) reportReader(reader, report);
  if (admin) reportAdmin(admin, report);
  if (backoffice) reportBackoffice(backoffice, report);
  if (day) reportResultsDay(day, report);
  if (cat || buying || reader) reportCapacity(costsOf(cat, buying, reader), report);

  const { targets, checks, results } = report;
  section("Targets");
  if (targets.length) {
    console.log(
      table(
        ["target", "budget", "measured", "result"],
        targets.map((t) => [t.target, t.budget, t.measured, t.pass ? "PASS" : "FAIL"]),
        false,
      ),
    );
  } else {
    console.log("(no target among the parts run)");
  }
  if (Object.keys(checks).length) {
    console.log(
      `\nchecks: ${Object.entries(checks)
        .map(([k, ok]) => `${k} ${ok ? "PASS" : "FAIL"}`)
        .join(", ")}`,
    );
  }
  console.log("\nload average before each part (1/5/15 min):");
  console.log(
    table(
      ["part", "before", "waited s", "at start", "quiet?"],
      quietLog.map((q) => [
        q.part,
        q.loadAvgBefore.join(" / "),
        q.waitedS,
        q.loadAvgAtStart.join(" / "),
        q.quiet ? "yes" : "NO",
      ]),
      false,
    ),
  );
  console.log(`load average after (1/5/15 min): ${conditions.loadAvgAfter.join(" / ")}`);

  Object.assign(results, { quiet: quietLog, targets, checks });
  mkdirSync(RESULTS, { recursive: true });
  const out = join(RESULTS, "latest.json");
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results: ${relative(ROOT, out)}`);
  const failed = [
    ...targets.filter((t) => !t.pass).map((t) => t.target),
    ...Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([k]) => k),
  ];
  if (failed.length) {
    console.log(`FAILED: ${failed.join("; ")}`);
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error("benchmark failed:", err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => {
    cleanupSync();
    // Lighthouse or a stopped autocannon may leave handles open: end here, cleaned up.
    process.exit(process.exitCode ?? 0);
  });
