// The benchmark's command line (`npm run bench -- --help`), parsed once when the runner starts:
// a bad value ends the run with status 2 before anything is started.
import { parseArgs } from "node:util";

export const PARTS = [
  "cold",
  "load",
  "js",
  "catalogue",
  "buying",
  "reference",
  "lighthouse",
  "usable",
  "reader",
  "admin",
  "backoffice",
  "results-day",
] as const;
export type Part = (typeof PARTS)[number];

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    skip: { type: "string" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "20" },
    runs: { type: "string", default: "3" },
    books: { type: "string", default: "100000" },
    orders: { type: "string", default: "100000" },
    "lighthouse-runs": { type: "string", default: "3" },
    "usable-runs": { type: "string", default: "3" },
    "usable-consent": { type: "string" },
    "max-load": { type: "string", default: "2" },
    "max-wait": { type: "string", default: "120" },
    "log-level": { type: "string", default: "warn" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`npm run bench -- [options]
  --only <parts>          comma-separated parts to run (default: all): ${PARTS.join(", ")}
  --skip <parts>          comma-separated parts not to run
  --duration <s>          measured autocannon run per URL or URL set, seconds (default 10; the
                          results-day mix runs at least 60)
  --warmup <s>            autocannon warm-up per URL or URL set, seconds (default 3)
  --connections <n>       autocannon connections, and the results-day mix's clients (default 20; the
                          targets are stated at 20)
  --runs <n>              cold starts per case, median reported (default 3)
  --books <n>             bulk books seeded into PostgreSQL for the catalogue, admin and results-day parts
                          (default 100000)
  --orders <n>            orders seeded into PostgreSQL for the backoffice part (default 100000)
  --lighthouse-runs <n>   Lighthouse runs per page (and of the reader), median reported (default 3)
  --usable-runs <n>       cold loads of each page per throttling profile in the usable part (default 3)
  --usable-consent <c>    the usable part's visitor has made this cookie choice (analytics-ads, analytics,
                          ads, none); the third-party tags' hosts answer empty stand-in scripts
                          (default: no choice made, the cookie notice shows)
  --max-load <x>          wait before a part while the 1-minute load average is above x (default 2)
  --max-wait <s>          ... but at most this long (default 120)
  --log-level <lvl>       server LOG_LEVEL (default warn: no per-request log lines)`);
  process.exit(0);
}

function intArg(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value?.replace(/_/g, ""));
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got ${value})`);
    process.exit(2);
  }
  return n;
}
function partsArg(name: string, value: string | undefined): Part[] {
  if (value === undefined) return [];
  const list = value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => (s === "catalog" ? "catalogue" : s));
  const bad = list.filter((s) => !(PARTS as readonly string[]).includes(s));
  if (bad.length) {
    console.error(`--${name}: unknown part ${bad.join(", ")}; the parts are ${PARTS.join(", ")}`);
    process.exit(2);
  }
  return list as Part[];
}
const usableConsent = args["usable-consent"];
if (usableConsent !== undefined && !["analytics-ads", "analytics", "ads", "none"].includes(usableConsent)) {
  console.error(`--usable-consent must be analytics-ads, analytics, ads or none (got ${usableConsent})`);
  process.exit(2);
}
const maxLoad = Number(args["max-load"]);
if (!Number.isFinite(maxLoad) || maxLoad <= 0) {
  console.error(`--max-load must be a positive number (got ${args["max-load"]})`);
  process.exit(2);
}
const only = partsArg("only", args.only);
const skip = partsArg("skip", args.skip);
export const opts = {
  parts: PARTS.filter((p) => (only.length === 0 || only.includes(p)) && !skip.includes(p)),
  duration: intArg("duration", args.duration, 1, 600),
  warmup: intArg("warmup", args.warmup, 0, 120),
  connections: intArg("connections", args.connections, 1, 1000),
  runs: intArg("runs", args.runs, 1, 20),
  books: intArg("books", args.books, 0, 2_000_000),
  orders: intArg("orders", args.orders, 1, 2_000_000),
  lighthouseRuns: intArg("lighthouse-runs", args["lighthouse-runs"], 1, 9),
  usableRuns: intArg("usable-runs", args["usable-runs"], 1, 9),
  usableConsent: usableConsent ?? null,
  maxLoad,
  maxWaitS: intArg("max-wait", args["max-wait"], 0, 1800),
  logLevel: args["log-level"] ?? "warn",
};
if (opts.parts.length === 0) {
  console.error("no part left to run");
  process.exit(2);
}
/** Whether a part is among those asked for. */
export const runs = (p: Part) => opts.parts.includes(p);
