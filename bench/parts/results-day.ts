// Part `results-day`: the whole results-day mix (docs/scaling.md) against two servers and a
// streaming replica on this machine. A throwaway PostgreSQL primary with the demo catalogue and
// --books bulk books (the seed CLI), a replica of it made by `pg_basebackup -R`
// (tests/support/postgres.ts), and two servers of the build on the primary, each with the replica
// in DATABASE_REPLICA_URL and the page cache at results day's 120 s (the plan's advice). The load
// generator sends every request kind of `resultsDayMix` (capacity.ts: each call of the peak at
// exactly its share) in a closed loop of --connections clients, each request to the two servers
// in turn: pages signed in and signed out (popular ones, and a long tail the cache has not seen),
// the search page, the search API and the header's suggestions (popular queries and a long tail),
// cart reads, cart adds and cash-on-delivery checkouts by signed-in shoppers, and e-book pages
// turned by owners who bought them through the sandbox gateway.
//
// It reports, per request kind and per call of the model: requests, p50/p95/p99, and how often the
// public answer cache had the answer; every request that failed (a status other than the one the
// call answers, or no answer), with its body; and the replica split: the catalogue's reads each
// server handed to the replica or to the primary (their /healthz counts), the transactions each
// PostgreSQL server ran, and the CPU each spent. Then each kind is sent alone, ten one at a time,
// with the CPU it cost the servers, the primary and the replica: where the mix's CPU goes. Both
// servers run the periodic jobs: there is no setting to keep them to one, and each round is
// claimed by one server (decision 39).
import pg from "pg";
import { SORTS } from "../../src/contracts/catalog";
import { SUBJECT_CODES } from "../../src/contracts/subjects";
import { connectPostgres } from "../../src/server/db/client";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../tests/support/postgres";
import { type ClosedLoop, call, closedLoop, latencies } from "../lib/closed-loop";
import { f0, f1, section, sleep, table } from "../lib/format";
import { opts } from "../lib/options";
import { drainDatabase, pgCpuMs, type SeedResult, seedThrowaway } from "../lib/postgres";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import {
  BENCH_SESSION_SECRET,
  cpuMsOf,
  get,
  HOST,
  type Server,
  sequentialPass,
  startServer,
  stopServer,
  tempDataDir,
} from "../lib/server";
import { makeShoppers, stockedBooks } from "../lib/shoppers";
import { seeded, zipfPicker } from "./buying";
import { type MixKind, resultsDayMix } from "./capacity";
import { SEARCH_QUERIES } from "./catalogue-search";
import { type Ebook, ebookOwners, type Owner } from "./reader";

/** The mix is measured at least this long: its rarest calls (cart adds, checkouts) need the time. */
const MIX_SECONDS = 60;
/** Results day's page cache (docs/scaling.md: "set PAGE_CACHE_SECONDS to 120"). */
const PAGE_CACHE_SECONDS = 120;
/** Shoppers signed in for pages, cart reads, adds and checkouts; e-book owners turning pages. */
const SHOPPERS = 200;
const OWNERS = 40;
/** Popular books (the day's guides: most of the popular page views) and the long tail's pool. */
const POPULAR_BOOKS = 20;
const TAIL_BOOKS = 6_000;
const TAIL_QUERIES = 3_000;
/** The catalogue's reads the replica must serve while it keeps up. */
const REPLICA_SHARE_BUDGET = 0.95;
const FAILURES_KEPT = 20;
/** Requests of each kind sent one at a time after the mix, for its CPU cost. */
const ALONE = 10;

const TRACK_PATHS = ["/academic", "/engineering", "/medical", "/varsity"];
const ADDRESS = {
  name: "Bench Shopper",
  phone: "01712345678",
  district: "Dhaka",
  area: "Mirpur",
  address: "House 1, Road 2",
};

type Latency = ClosedLoop["latencyMs"];
type ReadCounts = { replica: number; primary: number; fellBack: number };

export type ResultsDayResult = {
  postgres: { version: string; settings: string[] };
  seed: SeedResult;
  products: number;
  /** Seconds to make the replica (pg_basebackup) and to start it. */
  replicaS: number;
  connections: number;
  seconds: number;
  warmupS: number;
  shoppers: number;
  owners: number;
  ebooks: number;
  loop: ClosedLoop;
  kinds: {
    kind: string;
    call: string;
    plannedShare: number;
    requests: number;
    share: number;
    /** Answers the public cache had (X-Cache: HIT) and made (MISS). */
    hits: number;
    misses: number;
    latencyMs: Latency;
  }[];
  calls: { call: string; requests: number; perSecond: number; latencyMs: Latency }[];
  /** Every request that failed, warm-up included; the first few with their answer. */
  failures: {
    count: number;
    byKind: Record<string, number>;
    first: { kind: string; server: number; path: string; status: number | string; body: string }[];
  };
  /** Requests each server answered in the measured time. */
  perServer: number[];
  replicaSplit: {
    /** The catalogue's reads both servers handed to the replica, to the primary, and fell back. */
    reads: ReadCounts;
    /** Of the catalogue's reads, the replica's share. */
    share: number;
    /** Transactions each PostgreSQL server ran (pg_stat_database), and the replica's share. */
    transactions: { primary: number; replica: number; share: number };
    /** CPU seconds in the measured time. */
    cpuS: { servers: number[]; primary: number; replica: number; loadGenerator: number };
    /** /healthz of both servers every two seconds: the fewest replicas serving, of how many asks. */
    servingMin: number;
    healthSamples: number;
    /** How far the replica was behind when the run ended. */
    lagAtEnd: { bytes: number; seconds: number | null };
  };
  pageCacheSeconds: number;
  /**
   * Each kind alone after the mix, `ALONE` requests one at a time: the median time, and CPU ms per
   * request of both servers, the primary and the replica (from /proc, in 10 ms ticks).
   */
  alone: { kind: string; medianMs: number; serverMs: number; primaryMs: number; replicaMs: number }[];
};

type Health = { status: string; replicas?: { serving: number; of: number; reads: ReadCounts } };

async function healthOf(s: Server): Promise<Health> {
  const r = await get(`${s.base}/healthz`, 5_000);
  if (r.status !== 200) throw new Error(`GET /healthz answered ${r.status}: ${r.body.slice(0, 300)}`);
  return JSON.parse(r.body) as Health;
}

async function transactions(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      "select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()",
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

async function one<T extends pg.QueryResultRow>(url: string, text: string): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows[0]!;
  } finally {
    await c.end();
  }
}

/**
 * What shoppers type beyond the day's few queries, each once: the catalogue part's other queries
 * (typos, two words, Bangla, Banglish, authors, publishers, prefixes), titles cut after two, three
 * and four words, and the names of authors and publishers; in a fixed shuffled order.
 */
async function tailQueries(
  url: string,
  popular: Set<string>,
  n: number,
  rand: () => number,
): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const titles = await c.query<{ t: string }>(
      "select lower(title) as t from products where kind = 'book' and published order by md5(id::text) limit 40000",
    );
    const names = await c.query<{ t: string }>(
      "select lower(name) as t from authors union select lower(publisher) from book_details where publisher is not null",
    );
    const out = new Set<string>();
    const add = (q: string) => {
      const clean = q
        .replace(/[^\p{L}\p{N}\s]/gu, " ")
        .replace(/\s+/g, " ")
        .trim();
      if (clean.length >= 2 && !popular.has(clean)) out.add(clean);
    };
    for (const g of SEARCH_QUERIES) for (const q of g.q) add(q);
    for (const words of [2, 3, 4])
      for (const { t } of titles.rows) add(t.split(/\s+/).slice(0, words).join(" "));
    for (const { t } of names.rows) add(t);
    return shuffled([...out], rand).slice(0, n);
  } finally {
    await c.end();
  }
}

function shuffled<T>(xs: T[], rand: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

export async function resultsDay(buildDir: string): Promise<ResultsDayResult> {
  section("running 12. results day: the whole mix on two servers and a replica");
  await awaitQuiet("results-day: PostgreSQL + seed");
  const primary = await startThrowawayPostgres();
  let replica: ThrowawayPostgres | undefined;
  const servers: Server[] = [];
  try {
    console.log(
      `  ${primary.version} on ${HOST}:${primary.port} (${primary.settings.join(", ")}: throwaway)`,
    );
    const dataDir = tempDataDir(); // uploads: the covers and e-book files the seed writes, shared by both servers
    const seed = await seedThrowaway(primary, dataDir, opts.books);

    const pool = new pg.Pool({ connectionString: primary.url, max: 1 });
    let products: number;
    let popularBooks: number[];
    let tailBooks: number[];
    try {
      // As autovacuum would soon after a bulk load, before the replica copies the cluster.
      await pool.query("vacuum (analyze)");
      products = Number((await pool.query("select count(*)::int as n from products")).rows[0].n);
      popularBooks = (
        await pool.query(
          "select id from products where kind = 'book' and published order by sold_count desc, id limit $1",
          [POPULAR_BOOKS],
        )
      ).rows.map((r: { id: number }) => Number(r.id));
      tailBooks = (
        await pool.query(
          "select id from products where kind = 'book' and published and not (id = any($1)) order by md5(id::text) limit $2",
          [popularBooks, TAIL_BOOKS],
        )
      ).rows.map((r: { id: number }) => Number(r.id));
    } finally {
      await pool.end();
    }
    const popularQueries = SEARCH_QUERIES.find((g) => g.kind === "word")!.q.slice(0, 12);
    const tail = await tailQueries(primary.url, new Set(popularQueries), TAIL_QUERIES, seeded(29));
    console.log(
      `  ${products.toLocaleString("en")} products; ${popularBooks.length} popular books, ${tailBooks.length} in the long tail; ` +
        `${popularQueries.length} popular queries, ${tail.length} in the long tail`,
    );

    const t0 = performance.now();
    replica = await startThrowawayPostgres({ replicaOf: primary });
    const replicaS = (performance.now() - t0) / 1000;
    console.log(
      `  replica: pg_basebackup -R and started in ${replicaS.toFixed(1)} s, on port ${replica.port}`,
    );

    for (let i = 0; i < 2; i++) {
      const { server, ms } = await startServer(
        buildDir,
        { dataDir, databaseUrl: primary.url },
        {
          SESSION_SECRET: BENCH_SESSION_SECRET,
          DATABASE_REPLICA_URL: replica.url,
          PAGE_CACHE_SECONDS: String(PAGE_CACHE_SECONDS),
        },
      );
      servers.push(server);
      console.log(`  server ${i + 1} on port ${server.port}, started in ${ms.toFixed(0)} ms`);
    }
    // A replica starts out left for the primary until a server's first check finds it well.
    for (let i = 0; ; i++) {
      const h = await Promise.all(servers.map(healthOf));
      if (h.every((x) => x.replicas?.serving === 1)) break;
      if (i >= 60) throw new Error(`the replica is not serving: ${JSON.stringify(h)}`);
      await sleep(500);
    }

    const database = connectPostgres(primary.url, 4);
    let shoppers: string[];
    let buyers: string[];
    let books: number[];
    let ebooks: Ebook[];
    let owners: Owner[];
    try {
      books = await stockedBooks(database, 200);
      shoppers = (
        await makeShoppers(database, {
          databaseUrl: primary.url,
          sessionSecret: BENCH_SESSION_SECRET,
          n: Math.max(SHOPPERS, opts.connections),
          label: "results-day",
        })
      ).map((s) => s.cookie);
      buyers = shoppers.slice(0, opts.connections);
      ({ ebooks, owners } = await ebookOwners({
        base: servers[0]!.base,
        databaseUrl: primary.url,
        database,
        n: OWNERS,
        label: "results-day",
      }));
    } finally {
      await database.close();
    }
    if (buyers.length < opts.connections)
      throw new Error(`${buyers.length} buyers for ${opts.connections} clients`);

    // ----- what each kind of request asks for
    const rand = seeded(2026);
    const pickPopularBook = zipfPicker(popularBooks.length);
    const pickStocked = zipfPicker(books.length);
    const pickQuery = zipfPicker(popularQueries.length);
    let nextTailBook = 0;
    let nextTailQuery = 0;
    let nextTailList = 0;
    // The long tail of lists: a track's later pages in another order, and (every other one) a
    // subject's list, as the filter form makes them.
    const bySort = shuffled(
      TRACK_PATHS.flatMap((t) =>
        SORTS.flatMap((sort) => [2, 3, 4, 5, 6, 7, 8, 9].map((page) => `${t}?sort=${sort}&page=${page}`)),
      ),
      rand,
    );
    const bySubject = shuffled(
      TRACK_PATHS.flatMap((t) =>
        SUBJECT_CODES.flatMap((s) =>
          SORTS.flatMap((sort) => [1, 2, 3].map((page) => `${t}?subject=${s}&sort=${sort}&page=${page}`)),
        ),
      ),
      rand,
    );
    const tailLists = bySort.flatMap((x, i) => [x, bySubject[i % bySubject.length]!]);
    const popularList = () => TRACK_PATHS[Math.floor(rand() * TRACK_PATHS.length)]!;
    const popularBook = () => `/book/${popularBooks[pickPopularBook(rand())]}`;
    const tailBook = () => `/book/${tailBooks[nextTailBook++ % tailBooks.length]}`;
    const tailQuery = () => tail[nextTailQuery++ % tail.length]!;
    const searchOf = (what: string, q: string) =>
      what === "search page"
        ? `/search?q=${encodeURIComponent(q)}`
        : what === "search API"
          ? `/api/search?q=${encodeURIComponent(q)}`
          : `/api/search/suggest?q=${encodeURIComponent(q)}`;
    /** The path a page or search kind asks for. */
    const pathOf = (k: MixKind): string => {
      if (k.call.startsWith("search")) {
        return searchOf(k.what, k.popular ? popularQueries[pickQuery(rand())]! : tailQuery());
      }
      if (k.what === "home") return "/";
      if (k.what === "list")
        return k.popular === false ? tailLists[nextTailList++ % tailLists.length]! : popularList();
      // Signed in: the day's popular books most of the time, the long tail the rest.
      if (k.popular === null) return rand() < 0.7 ? popularBook() : tailBook();
      return k.popular ? popularBook() : tailBook();
    };

    const mix = resultsDayMix();
    const cumulative: number[] = [];
    let sum = 0;
    for (const k of mix) {
      sum += k.share;
      cumulative.push(sum);
    }
    const draw = (u: number) => {
      const x = u * sum;
      const i = cumulative.findIndex((c) => c >= x);
      return mix[i < 0 ? mix.length - 1 : i]!;
    };

    // ----- the e-book pages each owner turns, in order, round the books again when done
    const pageList = ebooks.flatMap((e) =>
      Array.from({ length: e.pageCount }, (_, n) => `/api/ebooks/${e.id}/pages/${n + 1}`),
    );
    const cursor = new Array<number>(owners.length).fill(0);

    // ----- counting
    let measuring = false;
    let nextServer = 0;
    const samples = new Map<string, number[]>();
    const cache = new Map<string, { hits: number; misses: number }>();
    const perServer = [0, 0];
    const failures: ResultsDayResult["failures"] = { count: 0, byKind: {}, first: [] };
    const fail = (kind: string, server: number, path: string, status: number | string, body: string) => {
      failures.count += 1;
      failures.byKind[kind] = (failures.byKind[kind] ?? 0) + 1;
      if (failures.first.length < FAILURES_KEPT)
        failures.first.push({ kind, server, path, status, body: body.slice(0, 400) });
    };
    /** One request: its answer must have `want` as its status; timed and counted when measuring. */
    const ask = async (
      kind: string,
      method: string,
      path: string,
      cookie: string,
      want: number,
      body?: unknown,
    ): Promise<number | false> => {
      const s = nextServer++ % servers.length;
      const t = performance.now();
      let a: Awaited<ReturnType<typeof call>>;
      try {
        a = await call(servers[s]!.base, method, path, cookie, body);
      } catch (e) {
        fail(kind, s + 1, path, "no answer", (e as Error).message);
        return false;
      }
      const ms = performance.now() - t;
      if (a.status !== want) {
        fail(kind, s + 1, path, a.status, a.text);
        return false;
      }
      if (measuring) {
        perServer[s]! += 1;
        if (a.cache) {
          const c = cache.get(kind) ?? { hits: 0, misses: 0 };
          if (a.cache === "HIT") c.hits += 1;
          else c.misses += 1;
          cache.set(kind, c);
        }
      }
      return ms;
    };
    const record = (kind: string, ms: number | false) => {
      if (ms === false) return false;
      if (measuring) {
        const list = samples.get(kind) ?? [];
        list.push(ms);
        samples.set(kind, list);
      }
      return { ms, kind };
    };

    const workers = opts.connections;
    /** One request of kind `k` by client `w`, its `i`-th. */
    const send = async (k: MixKind, w: number, i: number) => {
      // Each client keeps to its own shoppers and owners: a shopper's adds and checkouts never overlap.
      const shopper =
        shoppers[(w + workers * (i % Math.max(1, Math.floor(shoppers.length / workers)))) % shoppers.length]!;
      switch (k.call) {
        case "cart info":
          return record(k.kind, await ask(k.kind, "GET", "/api/cart/info", shopper, 200));
        case "cart add":
          return record(
            k.kind,
            await ask(k.kind, "POST", "/api/cart", buyers[w]!, 201, {
              bookId: books[pickStocked(rand())],
              quantity: 1,
              source: "bench",
              type: "book",
            }),
          );
        case "checkout (with its add)": {
          const added = await ask(k.kind, "POST", "/api/cart", buyers[w]!, 201, {
            bookId: books[pickStocked(rand())],
            quantity: 1,
            source: "bench",
            type: "book",
          });
          if (added === false) return false;
          // Timed: the checkout alone, as the buying part times it.
          return record(
            k.kind,
            await ask(k.kind, "POST", "/api/checkout", buyers[w]!, 201, { ...ADDRESS, paymentMethod: "cod" }),
          );
        }
        case "reader page": {
          const o = (w + workers * (i % Math.max(1, Math.floor(owners.length / workers)))) % owners.length;
          const path = pageList[cursor[o]!++ % pageList.length]!;
          return record(k.kind, await ask(k.kind, "GET", path, owners[o]!.cookie, 200));
        }
        default:
          return record(k.kind, await ask(k.kind, "GET", pathOf(k), k.signedIn ? shopper : "", 200));
      }
    };
    const op = (w: number, i: number) => send(draw(rand()), w, i);

    // ----- warm-up: every popular page and query once on each server, a few of the rest
    for (const s of servers) {
      const warm = await sequentialPass(
        s.base,
        [
          "/",
          ...TRACK_PATHS,
          ...popularBooks.map((id) => `/book/${id}`),
          ...popularQueries.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
          ...tailBooks.slice(-20).map((id) => `/book/${id}`),
        ],
        120,
      );
      for (const x of warm.non200.slice(0, 5)) console.log(`  WARNING: warm-up ${x}`);
    }

    await drainDatabase(primary);
    await awaitQuiet("results-day: the mix under load");
    const seconds = Math.max(opts.duration, MIX_SECONDS);
    console.log(
      `  the mix: ${workers} clients over 2 servers, ${opts.warmup}s warm-up, then ${seconds}s measured ...`,
    );
    const cpuNow = () => ({
      servers: servers.map((s) => cpuMsOf(s.pid)),
      primary: pgCpuMs(primary) ?? Number.NaN,
      replica: pgCpuMs(replica!) ?? Number.NaN,
    });
    let cpu0 = cpuNow();
    let cpu1 = cpu0;
    let self0 = process.cpuUsage();
    let selfMs = 0;
    let health0: Health[] = [];
    let health1: Health[] = [];
    let xact0 = { primary: 0, replica: 0 };
    let xact1 = xact0;
    let servingMin = 1;
    let healthSamples = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        await sleep(2_000);
        try {
          const h = await Promise.all(servers.map(healthOf));
          healthSamples += 1;
          servingMin = Math.min(servingMin, ...h.map((x) => x.replicas?.serving ?? 0));
        } catch {
          servingMin = 0;
        }
      }
    })();
    const xacts = async () => ({
      primary: await transactions(primary.url),
      replica: await transactions(replica!.url),
    });
    let loop: ClosedLoop;
    try {
      loop = await closedLoop(
        "results-day mix",
        workers,
        seconds,
        opts.warmup,
        () => {
          const c = cpuNow();
          return { server: c.servers.reduce((a, b) => a + b, 0), postgres: c.primary + c.replica };
        },
        op,
        {
          start: async () => {
            health0 = await Promise.all(servers.map(healthOf));
            xact0 = await xacts();
            cpu0 = cpuNow();
            self0 = process.cpuUsage();
            measuring = true;
          },
          end: async () => {
            measuring = false;
            cpu1 = cpuNow();
            const self = process.cpuUsage(self0);
            selfMs = (self.user + self.system) / 1000;
            health1 = await Promise.all(servers.map(healthOf));
            xact1 = await xacts();
          },
        },
      );
    } finally {
      watching = false;
      await watch;
    }
    // ----- each kind alone, one request at a time: where the CPU of the mix goes
    await drainDatabase(primary);
    console.log(`  each kind alone: ${ALONE} requests one at a time ...`);
    const alone: ResultsDayResult["alone"] = [];
    for (const k of mix) {
      const c0 = cpuNow();
      const ms: number[] = [];
      for (let j = 0; j < ALONE; j++) {
        const r = await send(k, 0, j);
        if (r !== false) ms.push(r.ms);
      }
      const c1 = cpuNow();
      const per = (a: number, b: number) => (b - a) / ALONE;
      alone.push({
        kind: k.kind,
        medianMs: latencies(ms).p50,
        serverMs: per(
          c0.servers.reduce((x, y) => x + y, 0),
          c1.servers.reduce((x, y) => x + y, 0),
        ),
        primaryMs: per(c0.primary, c1.primary),
        replicaMs: per(c0.replica, c1.replica),
      });
    }
    const lag = await one<{ lsn: string }>(primary.url, "select pg_current_wal_lsn()::text as lsn");
    const behind = await one<{ bytes: string | null; seconds: number | null }>(
      replica.url,
      `select pg_wal_lsn_diff('${lag.lsn}'::pg_lsn, pg_last_wal_replay_lsn())::text as bytes,
         extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as seconds`,
    );

    const readsOf = (h: Health[]) =>
      h.reduce(
        (a, x) => ({
          replica: a.replica + (x.replicas?.reads.replica ?? 0),
          primary: a.primary + (x.replicas?.reads.primary ?? 0),
          fellBack: a.fellBack + (x.replicas?.reads.fellBack ?? 0),
        }),
        { replica: 0, primary: 0, fellBack: 0 },
      );
    const r0 = readsOf(health0);
    const r1 = readsOf(health1);
    const reads = {
      replica: r1.replica - r0.replica,
      primary: r1.primary - r0.primary,
      fellBack: r1.fellBack - r0.fellBack,
    };
    const tx = { primary: xact1.primary - xact0.primary, replica: xact1.replica - xact0.replica };

    const all = [...samples.values()].reduce((n, l) => n + l.length, 0);
    const kinds = mix.map((k) => {
      const xs = samples.get(k.kind) ?? [];
      const c = cache.get(k.kind) ?? { hits: 0, misses: 0 };
      return {
        kind: k.kind,
        call: k.call,
        plannedShare: k.share,
        requests: xs.length,
        share: xs.length / Math.max(1, all),
        hits: c.hits,
        misses: c.misses,
        latencyMs: latencies([...xs]),
      };
    });
    const calls = [...new Set(mix.map((k) => k.call))].map((c) => {
      const xs = mix.filter((k) => k.call === c).flatMap((k) => samples.get(k.kind) ?? []);
      return { call: c, requests: xs.length, perSecond: xs.length / loop.seconds, latencyMs: latencies(xs) };
    });
    if (failures.count > 0) {
      for (const [i, s] of servers.entries())
        console.log(`  server ${i + 1}'s log (its end):\n${s.log().slice(-4_000)}`);
    }
    return {
      postgres: { version: primary.version, settings: primary.settings },
      seed,
      products,
      replicaS,
      connections: workers,
      seconds: loop.seconds,
      warmupS: opts.warmup,
      shoppers: shoppers.length,
      owners: owners.length,
      ebooks: ebooks.length,
      loop,
      kinds,
      calls,
      failures,
      perServer,
      replicaSplit: {
        reads,
        share: reads.replica / Math.max(1, reads.replica + reads.primary),
        transactions: { ...tx, share: tx.replica / Math.max(1, tx.primary + tx.replica) },
        cpuS: {
          servers: cpu1.servers.map((x, i) => (x - cpu0.servers[i]!) / 1000),
          primary: (cpu1.primary - cpu0.primary) / 1000,
          replica: (cpu1.replica - cpu0.replica) / 1000,
          loadGenerator: selfMs / 1000,
        },
        servingMin,
        healthSamples,
        lagAtEnd: { bytes: Number(behind.bytes ?? 0), seconds: behind.seconds },
      },
      pageCacheSeconds: PAGE_CACHE_SECONDS,
      alone,
    };
  } finally {
    for (const s of servers) await stopServer(s);
    replica?.stop("fast");
    primary.stop("fast");
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function reportResultsDay(r: ResultsDayResult, report: Report) {
  section("12. Results day: the whole mix on two servers and a streaming replica");
  const rs = r.replicaSplit;
  console.log(
    table(
      ["condition", "value"],
      [
        [
          "PostgreSQL",
          `${r.postgres.version}, ${r.postgres.settings.join(", ")}: a primary and a streaming replica (pg_basebackup -R, ${r.replicaS.toFixed(1)} s)`,
        ],
        [
          "catalogue",
          `${r.products.toLocaleString("en")} products (demo + ${r.seed.books.toLocaleString("en")} bulk books, seeded in ${r.seed.wallS.toFixed(0)} s)`,
        ],
        [
          "servers",
          `2 of the build on the primary, DATABASE_REPLICA_URL the replica, PAGE_CACHE_SECONDS=${r.pageCacheSeconds}, both running the jobs`,
        ],
        [
          "load",
          `${r.connections} clients in a closed loop, each request to the next server in turn; ${r.warmupS}s warm-up, ${r.seconds.toFixed(0)}s measured`,
        ],
        [
          "accounts",
          `${r.shoppers} signed-in shoppers; ${r.owners} owners of the ${r.ebooks} demo e-books (bought through the sandbox gateway)`,
        ],
      ],
      false,
    ),
  );
  console.log(
    `\n${r.loop.ok.toLocaleString("en")} requests answered in ${r.seconds.toFixed(0)} s (${f0(r.loop.perSecond)} a second; server 1 ${r.perServer[0]}, server 2 ${r.perServer[1]}); failed: ${r.failures.count} (warm-up and the one-at-a-time pass below included)`,
  );
  console.log("\nPer call of the model (docs/scaling.md):");
  console.log(
    table(
      ["call", "requests", "a second", "p50 ms", "p95 ms", "p99 ms", "max ms"],
      r.calls.map((c) => [
        c.call,
        c.requests,
        f1(c.perSecond),
        f1(c.latencyMs.p50),
        f1(c.latencyMs.p95),
        f1(c.latencyMs.p99),
        f1(c.latencyMs.max),
      ]),
    ),
  );
  console.log(
    "\nPer kind of request (planned share: resultsDayMix in capacity.ts; cache: X-Cache HIT of the answers asked):",
  );
  console.log(
    table(
      ["request", "planned", "sent", "requests", "cache hits", "p50 ms", "p95 ms", "p99 ms", "failed"],
      r.kinds.map((k) => [
        k.kind,
        pct(k.plannedShare),
        pct(k.share),
        k.requests,
        k.hits + k.misses ? pct(k.hits / (k.hits + k.misses)) : "-",
        f1(k.latencyMs.p50),
        f1(k.latencyMs.p95),
        f1(k.latencyMs.p99),
        r.failures.byKind[k.kind] ?? 0,
      ]),
    ),
  );
  console.log(
    `(a checkout's time is its POST /api/checkout alone, after the add it includes)\n` +
      `\nThe replica split, in the measured time:\n` +
      `- the catalogue's reads (both servers' /healthz): ${rs.reads.replica.toLocaleString("en")} to the replica, ${rs.reads.primary.toLocaleString("en")} to the primary for want of one: ${pct(rs.share)} on the replica; ${rs.reads.fellBack} statements fell back to the primary\n` +
      `- transactions (pg_stat_database): primary ${rs.transactions.primary.toLocaleString("en")}, replica ${rs.transactions.replica.toLocaleString("en")}: ${pct(rs.transactions.share)} on the replica\n` +
      `- CPU seconds: server 1 ${f1(rs.cpuS.servers[0] ?? Number.NaN)}, server 2 ${f1(rs.cpuS.servers[1] ?? Number.NaN)}, primary ${f1(rs.cpuS.primary)}, replica ${f1(rs.cpuS.replica)}, load generator ${f1(rs.cpuS.loadGenerator)}\n` +
      `- replicas serving on /healthz every 2 s: at least ${rs.servingMin} of 1 in ${rs.healthSamples} asks of both servers; at the end the replica was ${rs.lagAtEnd.bytes} bytes of WAL behind`,
  );
  console.log(
    `\nEach kind alone after the mix, ${ALONE} requests one at a time (CPU from /proc in 10 ms ticks: ±${f1(10 / ALONE)} ms a request; ` +
      "the popular kinds were in the cache, the long tail's were not):",
  );
  console.log(
    table(
      ["request", "median ms", "servers CPU ms", "primary CPU ms", "replica CPU ms"],
      r.alone.map((a) => [a.kind, f1(a.medianMs), f1(a.serverMs), f1(a.primaryMs), f1(a.replicaMs)]),
    ),
  );
  for (const f of r.failures.first)
    console.log(
      `  FAILED ${f.kind} (server ${f.server}) ${f.path}: ${f.status} ${f.body.replace(/\s+/g, " ")}`,
    );
  report.results.resultsDay = r;
  report.targets.push({
    target: `results-day mix on 2 servers and a replica: requests that failed (${r.connections} clients, ${r.products.toLocaleString("en")} products)`,
    budget: "0",
    measured: `${r.failures.count} of ${r.loop.ok.toLocaleString("en")}`,
    pass: r.failures.count === 0,
  });
  report.targets.push({
    target: "results-day mix: the catalogue's reads served by the replica",
    budget: `>= ${REPLICA_SHARE_BUDGET * 100}%`,
    measured: `${pct(rs.share)} (${rs.reads.fellBack} fell back; ${pct(rs.transactions.share)} of all transactions)`,
    pass: rs.share >= REPLICA_SHARE_BUDGET,
  });
  report.targets.push({
    target: "results-day mix: p95 per call",
    budget: "report",
    measured: r.calls.map((c) => `${c.call} ${f0(c.latencyMs.p95)} ms`).join("; "),
    pass: true,
  });
  report.checks.resultsDayWithoutErrors = r.failures.count === 0;
  report.checks.resultsDayReplicaServing = rs.servingMin === 1 && rs.share >= REPLICA_SHARE_BUDGET;
}
