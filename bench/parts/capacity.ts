// Part `capacity`: the results-day capacity model of docs/scaling.md, fed with the CPU time per
// request the catalogue, buying and reader parts measured in this run, and checked against them.
//
// It measures nothing of its own. For each call it takes the server's and PostgreSQL's CPU
// milliseconds per request, multiplies them by the results-day peak rate of that call (the
// traffic profile below), and says how many cores the application servers and the database need,
// how many instances that is, and which resource runs out first. It then checks its own
// arithmetic on this machine: a call that is bound by CPU alone should run at
// cores × 1000 / (server + PostgreSQL + load generator ms) requests a second when everything
// shares the machine's cores, as the bench does; the ratio of the measured throughput to that
// figure says how far the model and the run agree (1.0: exactly; well below 1: something other
// than CPU, such as a lock or the network stack, holds the call back).
import os from "node:os";
import type { ClosedLoop } from "../lib/closed-loop";
import { f0, f1, section, table } from "../lib/format";
import type { Report } from "../lib/report";
import type { BuyingResult } from "./buying";
import type { Catalogue, ManyLoad } from "./catalogue";
import type { ReaderResult } from "./reader";

/** One kind of request and what it cost in this run. */
export type CallCost = {
  call: string;
  /** CPU ms per request in the Node server and in PostgreSQL (all its processes). */
  serverMs: number;
  postgresMs: number;
  /** CPU ms per request the load generator spent (it shares the machine in the bench). */
  loadGeneratorMs: number;
  /** Requests a second measured in the bench, and with how many connections. */
  measuredPerSecond: number;
  connections: number;
  /** Whether PostgreSQL's part may be sent to a read replica. */
  replicaSafe: boolean;
};

/** Results day, as the issue states it: 300,000 visitors and 20,000 orders in one hour. */
export const RESULTS_DAY = { visitors: 300_000, orders: 20_000 };

/**
 * What a visitor and an order cause, per call, in the peak hour. The assumptions are written out
 * in docs/scaling.md; `peakFactor` is the busiest minutes against the hour's mean.
 */
export const PROFILE = {
  peakFactor: 2,
  /** Product, list and home pages a visitor opens. */
  pagesPerVisitor: 6,
  /** Share of page views by signed-in visitors (never served from the public cache). */
  signedInShare: 0.5,
  /** Share of signed-out page views the public cache answers (results day: everyone on a few pages). */
  pageCacheHits: 0.8,
  /** Search requests per visitor (a search and the header's suggestions as they type). */
  searchesPerVisitor: 4,
  searchCacheHits: 0.5,
  /** Cart badge reads per visitor (signed-in pages ask for the cart's count). */
  cartInfosPerVisitor: 3,
  /** Cart adds per order beyond the one the checkout call includes. */
  extraAddsPerOrder: 1,
  /** Orders with an e-book, and pages each of those readers turns in the hour. */
  ebookOrderShare: 0.3,
  readerPagesPerEbookOrder: 30,
  /** Keep every resource below this share of its cores at the peak. */
  targetUtilisation: 0.6,
  /** Cores of one application instance (as this machine). */
  coresPerInstance: 2,
} as const;

/** The profile's assumptions, any values (the tests try others). */
export type Profile = { [K in keyof typeof PROFILE]: number };

/** The peak rate of each call, from the visitors, the orders and the profile. */
export function peakRates(
  visitors = RESULTS_DAY.visitors,
  orders = RESULTS_DAY.orders,
  p: Profile = PROFILE,
): Record<string, number> {
  const perSecond = (perHour: number) => (perHour / 3600) * p.peakFactor;
  const pages = visitors * p.pagesPerVisitor;
  const uncachedPages = pages * (p.signedInShare + (1 - p.signedInShare) * (1 - p.pageCacheHits));
  const searches = visitors * p.searchesPerVisitor;
  return {
    "product page (rendered)": perSecond(uncachedPages),
    "product page (cached copy)": perSecond(pages - uncachedPages),
    "search (uncached)": perSecond(searches * (1 - p.searchCacheHits)),
    "search (cached copy)": perSecond(searches * p.searchCacheHits),
    "cart info": perSecond(visitors * p.signedInShare * p.cartInfosPerVisitor),
    "cart add": perSecond(orders * p.extraAddsPerOrder),
    "checkout (with its add)": perSecond(orders),
    "reader page": perSecond(orders * p.ebookOrderShare * p.readerPagesPerEbookOrder),
  };
}

/**
 * How a visitor's page views and searches divide among the pages and endpoints a browser asks for
 * (the results-day mix sends these): of the pages, book pages, list pages (a track's, a
 * subject's) and the home page; of the searches, the search page, the search API and the header's
 * suggestions as one types.
 */
export const VISIT = {
  pages: { book: 4, list: 1, home: 1 },
  searches: { "search page": 1, "search API": 1, suggestions: 2 },
} as const;

export type Visit = { pages: Record<string, number>; searches: Record<string, number> };

/**
 * One kind of request of the results-day mix: what is asked (`what`: a key of VISIT or the call),
 * by whom, whether the public answer cache should have it (`popular`: one of the few pages or
 * queries everyone asks for; `false`: the long tail, asked once; null: never cached), the model's
 * call it counts as, and its share of all requests at the peak.
 */
export type MixKind = {
  kind: string;
  call: string;
  what: string;
  signedIn: boolean;
  popular: boolean | null;
  share: number;
};

/**
 * The peak's calls (`peakRates`) as the requests a load generator sends, each with its share of
 * the whole: every call keeps exactly its share of the peak. Page views are signed in (rendered
 * for the visitor), signed out and popular (the cached copy) or signed out in the long tail
 * (rendered: the cache has not seen them); the home page is one address, so the long tail is
 * book and list pages only. Searches are cached or not by the query alone (the cache is the same
 * for everyone), so they are sent signed out.
 */
export function resultsDayMix(rates = peakRates(), p: Profile = PROFILE, visit: Visit = VISIT): MixKind[] {
  const total = Object.values(rates).reduce((s, r) => s + r, 0);
  const out: MixKind[] = [];
  const split = (
    rate: number,
    weights: Record<string, number>,
    call: string,
    who: { signedIn: boolean; popular: boolean | null },
    label: (what: string) => string,
  ) => {
    const sum = Object.values(weights).reduce((s, w) => s + w, 0);
    for (const [what, w] of Object.entries(weights)) {
      if (w > 0) out.push({ kind: label(what), call, what, ...who, share: (rate * w) / sum / total });
    }
  };
  const rendered = rates["product page (rendered)"] ?? 0;
  const cached = rates["product page (cached copy)"] ?? 0;
  // Of all page views, the signed-in share is rendered for its visitor; the rest of the rendered
  // ones are signed-out views the cache has not seen.
  const signedIn = (rendered + cached) * p.signedInShare;
  const tail = Object.fromEntries(Object.entries(visit.pages).filter(([what]) => what !== "home"));
  split(
    signedIn,
    visit.pages,
    "product page (rendered)",
    { signedIn: true, popular: null },
    (w) => `${w} page, signed in`,
  );
  split(
    rendered - signedIn,
    tail,
    "product page (rendered)",
    { signedIn: false, popular: false },
    (w) => `${w} page, long tail`,
  );
  split(
    cached,
    visit.pages,
    "product page (cached copy)",
    { signedIn: false, popular: true },
    (w) => `${w} page, popular`,
  );
  split(
    rates["search (uncached)"] ?? 0,
    visit.searches,
    "search (uncached)",
    { signedIn: false, popular: false },
    (w) => `${w}, long tail`,
  );
  split(
    rates["search (cached copy)"] ?? 0,
    visit.searches,
    "search (cached copy)",
    { signedIn: false, popular: true },
    (w) => `${w}, popular`,
  );
  for (const call of ["cart info", "cart add", "checkout (with its add)", "reader page"]) {
    out.push({
      kind: call,
      call,
      what: call,
      signedIn: true,
      popular: null,
      share: (rates[call] ?? 0) / total,
    });
  }
  return out;
}

export type Plan = {
  rows: {
    call: string;
    perSecond: number;
    serverCores: number;
    postgresCores: number;
    replicaCores: number;
  }[];
  serverCores: number;
  postgresCores: number;
  /** PostgreSQL cores that replicas may take (catalogue reads). */
  replicaCores: number;
  instances: number;
  primaryCores: number;
  missing: string[];
};

/** Cores and instances the peak needs, from the per-request costs. */
export function plan(costs: CallCost[], rates = peakRates(), p: Profile = PROFILE): Plan {
  const byCall = new Map(costs.map((c) => [c.call, c]));
  const rows: Plan["rows"] = [];
  const missing: string[] = [];
  for (const [call, perSecond] of Object.entries(rates)) {
    const c = byCall.get(call);
    if (!c) {
      missing.push(call);
      continue;
    }
    const postgresCores = (perSecond * c.postgresMs) / 1000;
    rows.push({
      call,
      perSecond,
      serverCores: (perSecond * c.serverMs) / 1000,
      postgresCores,
      replicaCores: c.replicaSafe ? postgresCores : 0,
    });
  }
  const sum = (k: "serverCores" | "postgresCores" | "replicaCores") => rows.reduce((s, r) => s + r[k], 0);
  const serverCores = sum("serverCores");
  const postgresCores = sum("postgresCores");
  const replicaCores = sum("replicaCores");
  return {
    rows,
    serverCores,
    postgresCores,
    replicaCores,
    instances: Math.max(2, Math.ceil(serverCores / (p.coresPerInstance * p.targetUtilisation))),
    primaryCores: (postgresCores - replicaCores) / p.targetUtilisation,
    missing,
  };
}

/** Requests a second a CPU-bound call reaches when server, PostgreSQL and load generator share `cores`. */
export function cpuBoundPerSecond(c: CallCost, cores = os.cpus().length): number {
  return (cores * 1000) / (c.serverMs + c.postgresMs + c.loadGeneratorMs);
}

function fromMany(call: string, l: ManyLoad, replicaSafe: boolean): CallCost | null {
  if (!(l.requests > 0) || l.cpuMsPerRequest.postgres === null) return null;
  return {
    call,
    serverMs: l.cpuMsPerRequest.server,
    postgresMs: l.cpuMsPerRequest.postgres,
    loadGeneratorMs: l.cpuMsPerRequest.loadGenerator,
    measuredPerSecond: l.reqPerSecMean,
    connections: l.connections,
    replicaSafe,
  };
}

function fromLoop(call: string, l: ClosedLoop, replicaSafe: boolean): CallCost | null {
  if (!(l.ok > 0) || l.cpuMsPerOp.postgres === null) return null;
  return {
    call,
    serverMs: l.cpuMsPerOp.server,
    postgresMs: l.cpuMsPerOp.postgres,
    loadGeneratorMs: l.cpuMsPerOp.loadGenerator,
    measuredPerSecond: l.perSecond,
    connections: l.workers,
    replicaSafe,
  };
}

/** The costs this run measured, under the model's names for the calls. */
export function costsOf(cat?: Catalogue, buying?: BuyingResult, reader?: ReaderResult): CallCost[] {
  const costs = [
    cat && fromMany("product page (rendered)", cat.uncached.book, true),
    cat && fromMany("product page (cached copy)", cat.book, true),
    cat && fromMany("search (uncached)", cat.uncached.search, true),
    cat && fromMany("search (cached copy)", cat.search, true),
    // Cart, checkout and the reader's access check must read what the shopper just wrote.
    buying && fromLoop("cart info", buying.cartInfo, false),
    buying && fromLoop("cart add", buying.cartAdd, false),
    buying && fromLoop("checkout (with its add)", buying.checkout, false),
    reader && fromLoop("reader page", reader.repeatOnly, false),
  ];
  return costs.filter((c): c is CallCost => Boolean(c));
}

export function reportCapacity(costs: CallCost[], report: Report): void {
  section("Capacity: the results-day model (docs/scaling.md) on this run's CPU per request");
  if (costs.length === 0) {
    console.log("(needs the catalogue, buying or reader part in the same run)");
    return;
  }
  const cores = os.cpus().length;
  console.log(
    `Per call on this machine (${cores} cores shared by the server, PostgreSQL and the load generator): ` +
      "if CPU is all that limits a call, it runs at cores × 1000 / (server + PostgreSQL + load generator ms) a second.",
  );
  const agreement = costs.map((c) => ({ c, predicted: cpuBoundPerSecond(c, cores) }));
  console.log(
    table(
      [
        "call",
        "conns",
        "server ms",
        "PostgreSQL ms",
        "load gen ms",
        "CPU-bound /s",
        "measured /s",
        "measured ÷ model",
      ],
      agreement.map(({ c, predicted }) => [
        c.call,
        c.connections,
        f1(c.serverMs),
        f1(c.postgresMs),
        f1(c.loadGeneratorMs),
        f0(predicted),
        f0(c.measuredPerSecond),
        (c.measuredPerSecond / predicted).toFixed(2),
      ]),
    ),
  );
  const p = plan(costs);
  console.log(
    `\nResults day: ${RESULTS_DAY.visitors.toLocaleString("en")} visitors and ${RESULTS_DAY.orders.toLocaleString("en")} orders in an hour, ` +
      `the busiest minutes at ${PROFILE.peakFactor}× the hour's mean:`,
  );
  console.log(
    table(
      ["call", "peak /s", "server cores", "PostgreSQL cores", "of which a replica may take"],
      p.rows.map((r) => [
        r.call,
        f0(r.perSecond),
        f1(r.serverCores),
        f1(r.postgresCores),
        f1(r.replicaCores),
      ]),
    ),
  );
  if (p.missing.length)
    console.log(`not measured in this run (left out of the sums): ${p.missing.join(", ")}`);
  console.log(
    `in all: ${f1(p.serverCores)} cores of application server → ${p.instances} instances of ${PROFILE.coresPerInstance} cores ` +
      `at ${PROFILE.targetUtilisation * 100}% utilisation; PostgreSQL ${f1(p.postgresCores)} cores of work, ` +
      `${f1(p.replicaCores)} of it catalogue reads a replica may serve; the primary needs ${f1(p.primaryCores)} cores at ${PROFILE.targetUtilisation * 100}%.`,
  );
  report.results.capacity = {
    profile: PROFILE,
    resultsDay: RESULTS_DAY,
    costs: agreement.map(({ c, predicted }) => ({ ...c, cpuBoundPerSecond: predicted })),
    plan: p,
  };
}
