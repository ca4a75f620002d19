// Part `buying`: the cart API (GET /api/cart/info, POST /api/cart: p99 <= 50 ms) and
// cash-on-delivery checkouts under 50 signed-in shoppers on a real PostgreSQL server: the
// catalogue part's when it runs, else a throwaway one with the demo catalogue. Shoppers and their
// sessions are made straight in the database (the same session service the server uses, with the
// server's secret), so no password hashing or sign-in rate limit sits in the way; everything
// measured goes through HTTP.
import { sql } from "drizzle-orm";
import pg from "pg";
import { connectPostgres } from "../../src/server/db/client";
import type { ThrowawayPostgres } from "../../tests/support/postgres";
import { type ClosedLoop, type Cpu, call, closedLoop } from "../lib/closed-loop";
import { f0, f1, section } from "../lib/format";
import { opts } from "../lib/options";
import { onOwnDemoPostgres, pgCpuMs } from "../lib/postgres";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import { BENCH_SESSION_SECRET, cpuMsOf, type Server } from "../lib/server";
import { makeShoppers, stockedBooks } from "../lib/shoppers";

const CART_P99_BUDGET_MS = 50;
/** The issue states the cart budget at 50 connections (signed-in sessions). */
const BUYING_SHOPPERS = 50;
/** How many different books each shopper adds in turn in the add run. */
const CART_BOOKS = 10;

export type BuyingResult = {
  shoppers: number;
  books: number;
  cartInfo: ClosedLoop;
  cartAdd: ClosedLoop;
  checkout: ClosedLoop;
  /** The share of the checkout orders' lines that went to the most popular book, and to the top 10. */
  mix: { topBook: number; top10: number; linesPerOrder: number };
  /**
   * What the server's PostgreSQL sessions were doing during the checkout run, sampled every 50 ms
   * from pg_stat_activity: the most frequent states (a lock wait names the statement that waits).
   */
  waits: { samples: number; top: { what: string; perSample: number }[] };
  /** Orders, invoices and stock after the checkout run, read back from the database. */
  consistency: { orders: number; invoices: number; invoiceGaps: number; negativeStock: number };
};

/** The cart calls and checkouts under `workers` signed-in shoppers on the server at `base`. */
async function benchBuying(o: {
  base: string;
  databaseUrl: string;
  sessionSecret: string;
  workers: number;
  seconds: number;
  warmupS: number;
  cpu: Cpu;
  log: (line: string) => void;
}): Promise<BuyingResult> {
  const database = connectPostgres(o.databaseUrl, 4);
  try {
    // 200 printed books with stock enough for every checkout of the run.
    const books = await stockedBooks(database, 200);

    const cookies = (
      await makeShoppers(database, {
        databaseUrl: o.databaseUrl,
        sessionSecret: o.sessionSecret,
        n: o.workers,
        label: "buying",
      })
    ).map((s) => s.cookie);
    const shoppers = cookies.length;
    o.log(`  ${shoppers} signed-in shoppers, ${books.length} books with stock`);

    // Every shopper starts with two books in the cart.
    for (const [w, cookie] of cookies.entries()) {
      for (const b of [books[w % books.length]!, books[(w + 1) % books.length]!]) {
        await call(o.base, "POST", "/api/cart", cookie, {
          bookId: b,
          quantity: 1,
          source: "bench",
          type: "book",
        });
      }
    }

    o.log(`  GET /api/cart/info: ${shoppers} shoppers, ${o.seconds}s ...`);
    const cartInfo = await closedLoop(
      "GET /api/cart/info",
      shoppers,
      o.seconds,
      o.warmupS,
      o.cpu,
      async (w) => {
        return (await call(o.base, "GET", "/api/cart/info", cookies[w]!)).status === 200;
      },
    );

    o.log(`  POST /api/cart: ${shoppers} shoppers, ${o.seconds}s ...`);
    const cartAdd = await closedLoop(
      "POST /api/cart",
      shoppers,
      o.seconds,
      o.warmupS,
      o.cpu,
      async (w, i) => {
        // Ten books a shopper, in turn: the cart stays the few lines a shopper's has. (Earlier runs
        // walked all 200 books, so a cart grew to 150 lines and the add timed a 40 KB answer.)
        const bookId = books[(w * 7 + (i % CART_BOOKS)) % books.length]!;
        const r = await call(o.base, "POST", "/api/cart", cookies[w]!, {
          bookId,
          quantity: 1,
          source: "bench",
          type: "book",
        });
        return r.status === 201;
      },
    );

    // Checkout: each shopper puts one or two books in the cart and places a cash-on-delivery order
    // (the whole confirmation: stock, invoice, sale counts). On results day everyone buys from the
    // same short list of guides and test papers, and the rest spread over the catalogue: the books
    // are drawn from a Zipf distribution over the 200 (the first takes about 17% of the lines, the
    // first ten about half), so the stock rows of popular books are as hot as they would be.
    for (const cookie of cookies) {
      const info = JSON.parse((await call(o.base, "GET", "/api/cart/info", cookie)).text) as {
        data?: { lines: { id: number }[] };
      };
      for (const line of info.data?.lines ?? [])
        await call(o.base, "DELETE", "/api/cart", cookie, { id: line.id });
    }
    const address = {
      name: "Bench Shopper",
      phone: "01712345678",
      district: "Dhaka",
      area: "Mirpur",
      address: "House 1, Road 2",
    };
    const pick = zipfPicker(books.length);
    const drawn = new Map<number, number>();
    let lines = 0;
    let placed = 0;
    const sampler = sampleWaits(o.databaseUrl);
    o.log(`  POST /api/checkout (cash on delivery): ${shoppers} buyers, ${o.seconds}s ...`);
    const checkout = await closedLoop(
      "POST /api/checkout",
      shoppers,
      o.seconds,
      o.warmupS,
      o.cpu,
      async (w, i) => {
        const rand = seeded(w * 100_003 + i);
        const wanted = new Set([pick(rand())]);
        if (rand() < 0.5) wanted.add(pick(rand()));
        for (const k of wanted) {
          await call(o.base, "POST", "/api/cart", cookies[w]!, {
            bookId: books[k]!,
            quantity: 1,
            source: "bench",
            type: "book",
          });
        }
        const t = performance.now();
        const r = await call(o.base, "POST", "/api/checkout", cookies[w]!, {
          ...address,
          paymentMethod: "cod",
        });
        if (r.status !== 201) return false;
        const ms = performance.now() - t;
        placed += 1;
        for (const k of wanted) {
          drawn.set(k, (drawn.get(k) ?? 0) + 1);
          lines += 1;
        }
        return ms;
      },
    );
    const waits = await sampler.stop();
    const counts = [...drawn.values()].sort((a, b) => b - a);
    const mix = {
      topBook: (counts[0] ?? 0) / Math.max(1, lines),
      top10: counts.slice(0, 10).reduce((n, c) => n + c, 0) / Math.max(1, lines),
      linesPerOrder: lines / Math.max(1, placed),
    };

    const read = async (q: ReturnType<typeof sql>) =>
      Number(((await database.db.execute(q)) as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
    const consistency = {
      orders: await read(sql`select count(*) as n from orders`),
      invoices: await read(sql`select count(*) as n from invoices`),
      invoiceGaps: await read(
        sql`select count(*) as n from (select number, lag(number) over (order by number) as prev from invoices) t
            where prev is not null and right(number, 6)::int <> right(prev, 6)::int + 1 and left(number, 8) = left(prev, 8)`,
      ),
      negativeStock: await read(sql`select count(*) as n from products where stock < 0`),
    };
    return { shoppers, books: books.length, cartInfo, cartAdd, checkout, mix, waits, consistency };
  } finally {
    await database.close();
  }
}

/** Draws an index below `n` with probability proportional to 1 / (index + 1) (Zipf, s = 1). */
export function zipfPicker(n: number): (u: number) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / (k + 1);
    cumulative.push(sum);
  }
  return (u) => {
    const x = u * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** A small seeded generator (mulberry32), so a run's mix can be repeated. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Samples pg_stat_activity every 50 ms on a connection of its own until `stop`: each other
 * session in a transaction is counted as waiting for a lock (with the statement that waits),
 * working in PostgreSQL, or idle in its transaction while the server (Node) prepares its next
 * statement.
 */
function sampleWaits(url: string) {
  const client = new pg.Client({ connectionString: url });
  const seen = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `select case
           when wait_event_type = 'Lock' then 'lock wait (' || wait_event || '): ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60)
           when state = 'idle in transaction' then 'idle in transaction (waiting for the server)'
           when wait_event_type is null then 'running in PostgreSQL'
           else wait_event_type || ':' || wait_event end as what
         from pg_stat_activity
         where backend_type = 'client backend' and pid <> pg_backend_pid() and datname = current_database()
           and state in ('active', 'idle in transaction')`,
      );
      samples += 1;
      for (const r of rows) seen.set(r.what, (seen.get(r.what) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop(): Promise<BuyingResult["waits"]> {
      running = false;
      await loop.catch(() => {});
      await client.end().catch(() => {});
      const top = [...seen]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([what, n]) => ({ what, perSample: n / Math.max(1, samples) }));
      return { samples, top };
    },
  };
}

/** The lines the report prints for the buying part. */
function buyingReport(b: BuyingResult): string[] {
  const row = (l: ClosedLoop) =>
    `${l.name.padEnd(20)} ${String(l.workers).padStart(7)} ${f1(l.perSecond).padStart(7)} ${f1(l.latencyMs.p50).padStart(7)} ${f1(
      l.latencyMs.p95,
    ).padStart(
      7,
    )} ${f1(l.latencyMs.p99).padStart(7)} ${f1(l.latencyMs.max).padStart(8)} ${String(l.ok).padStart(7)} ${String(
      l.failed,
    ).padStart(
      6,
    )}   server ${f1(l.cpuMsPerOp.server)} ms, PostgreSQL ${l.cpuMsPerOp.postgres === null ? "n/a" : f1(l.cpuMsPerOp.postgres)} ms`;
  return [
    `${b.shoppers} signed-in shoppers in a closed loop (each sends its next request when the last is answered); ${b.books} books`,
    `${"call".padEnd(20)} ${"workers".padStart(7)} ${"ops/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(8)} ${"ok".padStart(7)} ${"failed".padStart(6)}   CPU per op`,
    row(b.cartInfo),
    row(b.cartAdd),
    row(b.checkout),
    `(each checkout op adds one or two books, then places the order; ops/s counts placed orders, the latency is the POST /api/checkout alone)`,
    `checkout mix: ${f1(b.mix.linesPerOrder)} books per order; the most popular book ${f0(b.mix.topBook * 100)}% of the lines, the top 10 ${f0(b.mix.top10 * 100)}%`,
    `where checkout's database sessions were (pg_stat_activity every 50 ms, ${b.waits.samples} samples; sessions per sample):`,
    ...b.waits.top.map((w) => `  ${w.perSample.toFixed(2).padStart(6)}  ${w.what}`),
    `after the run: ${b.consistency.orders} orders, ${b.consistency.invoices} invoices, ${b.consistency.invoiceGaps} gaps in invoice numbers, ${b.consistency.negativeStock} products below zero stock`,
  ];
}

/** The buying part against a running server on a PostgreSQL cluster. */
export async function buyingOn(server: Server, cluster: ThrowawayPostgres): Promise<BuyingResult> {
  section("running 7. buying: the cart API and checkout under 50 signed-in shoppers");
  await awaitQuiet("buying");
  return benchBuying({
    base: server.base,
    databaseUrl: cluster.url,
    sessionSecret: BENCH_SESSION_SECRET,
    workers: BUYING_SHOPPERS,
    seconds: opts.duration,
    warmupS: opts.warmup,
    cpu: () => ({ server: cpuMsOf(server.pid), postgres: pgCpuMs(cluster) }),
    log: (line) => console.log(line),
  });
}

/** The buying part on a throwaway PostgreSQL server of its own, seeded with the demo catalogue. */
export async function buyingOnOwnPostgres(buildDir: string): Promise<BuyingResult> {
  section("running 7. buying on PostgreSQL (demo catalogue)");
  return onOwnDemoPostgres(buildDir, buyingOn);
}

export function reportBuying(buying: BuyingResult, report: Report) {
  section("7. Buying on PostgreSQL: the cart API and checkout under 50 signed-in shoppers");
  for (const line of buyingReport(buying)) console.log(line);
  report.results.buying = buying;
  for (const l of [buying.cartInfo, buying.cartAdd]) {
    report.targets.push({
      target: `${l.name} p99 with ${l.workers} signed-in shoppers (PostgreSQL)`,
      budget: `<= ${CART_P99_BUDGET_MS} ms`,
      measured: `${f1(l.latencyMs.p99)} ms (p50 ${f1(l.latencyMs.p50)}, ${f0(l.perSecond)} req/s)`,
      pass: l.latencyMs.p99 <= CART_P99_BUDGET_MS,
    });
  }
  report.checks.buyingWithoutFailures = [buying.cartInfo, buying.cartAdd, buying.checkout].every(
    (l) => l.failed === 0,
  );
  report.checks.invoicesWithoutGaps = buying.consistency.invoiceGaps === 0;
  report.checks.noNegativeStock = buying.consistency.negativeStock === 0;
}
