// Part `cold`: cold start of the built server on the embedded PGlite, fresh and initialised.
import { rmSync } from "node:fs";
import { median, section, table } from "../lib/format";
import { opts } from "../lib/options";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import { memOf, startServer, stopServer, tempDataDir } from "../lib/server";

export type ColdStart = { runsMs: number[]; medianMs: number; rssAfterStartKB: (number | null)[] };

export type ColdStarts = { fresh: ColdStart; restart: ColdStart; dataDir: string };

/**
 * Server starts, spawn to the first 200 on /healthz: on a fresh DATA_DIR (migrations and accounts)
 * and again on the one the first start initialised, which is kept for the next parts.
 */
export async function coldStarts(buildDir: string): Promise<ColdStarts> {
  await awaitQuiet("cold starts");
  const fresh: number[] = [];
  const freshRss: (number | null)[] = [];
  let initialised = "";
  for (let i = 0; i < opts.runs; i++) {
    const dir = tempDataDir();
    const { server, ms } = await startServer(buildDir, { dataDir: dir });
    fresh.push(ms);
    freshRss.push(memOf(server.pid)?.rssKB ?? null);
    await stopServer(server);
    console.log(`  fresh data dir, run ${i + 1}/${opts.runs}: ${ms.toFixed(0)} ms`);
    if (!initialised) initialised = dir;
    else rmSync(dir, { recursive: true, force: true });
  }
  const restart: number[] = [];
  const restartRss: (number | null)[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const { server, ms } = await startServer(buildDir, { dataDir: initialised });
    restart.push(ms);
    restartRss.push(memOf(server.pid)?.rssKB ?? null);
    await stopServer(server);
    console.log(`  restart on initialised data dir, run ${i + 1}/${opts.runs}: ${ms.toFixed(0)} ms`);
  }
  return {
    fresh: { runsMs: fresh, medianMs: median(fresh), rssAfterStartKB: freshRss },
    restart: { runsMs: restart, medianMs: median(restart), rssAfterStartKB: restartRss },
    dataDir: initialised,
  };
}

export function reportColdStarts(cold: ColdStarts, report: Report) {
  section("1. Cold start (spawn -> first 200 on /healthz)");
  console.log(
    table(
      ["case", "median ms", "runs ms", "RSS after start MB"],
      [
        [
          "fresh DATA_DIR (migrations + accounts)",
          cold.fresh.medianMs.toFixed(0),
          cold.fresh.runsMs.map((x) => x.toFixed(0)).join(", "),
          cold.fresh.rssAfterStartKB.map((k) => (k === null ? "n/a" : (k / 1024).toFixed(0))).join(", "),
        ],
        [
          "restart, initialised DATA_DIR",
          cold.restart.medianMs.toFixed(0),
          cold.restart.runsMs.map((x) => x.toFixed(0)).join(", "),
          cold.restart.rssAfterStartKB.map((k) => (k === null ? "n/a" : (k / 1024).toFixed(0))).join(", "),
        ],
      ],
    ),
  );
  report.results.coldStart = { fresh: cold.fresh, restart: cold.restart };
}
