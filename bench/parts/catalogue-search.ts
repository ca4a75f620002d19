// The searches of the `catalogue` part: what shoppers type, each timed alone, and EXPLAIN
// (ANALYZE, BUFFERS) of the service's own SQL for typical ones.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { listQuerySchema, toListQuery } from "../../src/contracts/catalog-query";
import type { Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema";
import { listProducts } from "../../src/server/services/catalog/catalog";
import { median } from "../lib/format";
import { type Server, sequentialPass } from "../lib/server";

/**
 * What shoppers type, from the seeded vocabulary (src/server/seed/catalog-data.ts, bulk.ts):
 * title words, one-letter typos, two-word queries, Bangla words, author and publisher names and
 * short prefixes (as the header's suggestions see them while one types).
 */
export const BANGLISH_KIND = "banglish";

export const SEARCH_QUERIES: { kind: string; q: string[] }[] = [
  {
    kind: "word",
    q: [
      "physics",
      "chemistry",
      "biology",
      "accounting",
      "economics",
      "geography",
      "sociology",
      "ict",
      "english",
      "bangla",
      "vectors",
      "thermodynamics",
      "electrochemistry",
      "optics",
      "gravitation",
      "genetics",
      "respiration",
      "integration",
      "partnership",
      "suggestion",
      "admission",
      "medical",
      "engineering",
      "varsity",
    ],
  },
  {
    kind: "typo",
    q: [
      "phisics",
      "chemestry",
      "phisics frist",
      "biolgy",
      "acounting",
      "economcs",
      "geografy",
      "sociolgy",
      "thermodinamics",
      "electrochemestry",
      "gravitaton",
      "integraton",
      "sugestion",
      "admision",
      "medicel",
      "enginering",
      "vecters",
    ],
  },
  {
    kind: "two words",
    q: [
      "physics second",
      "organic chemistry",
      "higher math",
      "question bank",
      "model tests",
      "biology mcq",
      "revision notes",
      "formula handbook",
      "medical admission",
      "dhaka university",
      "cell division",
      "current electricity",
      "solved problems",
      "test papers",
    ],
  },
  {
    kind: "bangla",
    q: [
      "পদার্থবিজ্ঞান",
      "রসায়ন",
      "জীববিজ্ঞান",
      "গণিত",
      "উচ্চতর গণিত",
      "হিসাববিজ্ঞান",
      "অর্থনীতি",
      "ভূগোল",
      "সমাজবিজ্ঞান",
      "প্রশ্নব্যাংক",
      "সাজেশন",
      "মডেল টেস্ট",
      "ভর্তি",
      "বাংলা",
      "ইংরেজি",
    ],
  },
  {
    kind: "author",
    q: [
      "rafiqul",
      "rafiqul islam",
      "nazma begum",
      "karim",
      "tanvir ahmed",
      "farhana",
      "mahbubur",
      "sadia",
      "kamrul hasan",
      "nusrat",
      "imtiaz chowdhury",
      "subrata das",
      "rokeya",
      "রফিকুল",
      "নাজমা",
    ],
  },
  {
    kind: "publisher",
    q: ["panjeree", "lecture publications", "hasan book house", "sopan", "meghna academic"],
  },
  { kind: "prefix", q: ["ph", "che", "bio", "acc", "eco", "geo", "mat", "eng", "adm", "ques", "mod", "রসা"] },
  {
    // Bangla titles typed in Latin letters, as students spell them (some with a typo); loaded on
    // their own so their p95 stands beside the English one.
    kind: BANGLISH_KIND,
    q: [
      "podartho biggan",
      "podarthobiggan",
      "rosayon",
      "rasayan prothom potro",
      "uchchotor gonit",
      "jibobiggan",
      "bhugol",
      "orthoniti",
      "pouroniti",
      "ingreji ditio potro",
      "bangla prothom potro",
      "hisabbiggan",
      "prosnobank",
      "sohayika",
      "model test",
      "bisshobiddaloy bhorti",
      "podar",
      "rosa",
      "rosayoon",
      "podartoh biggan",
    ],
  },
];

export const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;

export type ExplainedStatement = {
  sql: string;
  params: unknown[];
  planningMs: number | null;
  executionMs: number | null;
  plan: string[];
};

export type Explain = {
  label: string;
  q: string;
  total: number;
  serviceMs: number;
  /** Sums over the statements the search ran. */
  planningMs: number;
  executionMs: number;
  trigramIndex: boolean;
  fullTextIndex: boolean;
  seqScanOnProducts: boolean;
  tempBlocks: { read: number; written: number };
  statements: ExplainedStatement[];
};

/**
 * The search SQL exactly as the service sends it: listProducts runs through a drizzle instance
 * whose logger keeps every statement, then all of them are replayed in order in one transaction
 * (rolled back): `set_config` ones as they are, for the one statement after them (the similarity
 * threshold of the typo lookup, the planner settings of the count), every other one under EXPLAIN
 * (ANALYZE, BUFFERS). However many statements the service's search takes
 * (ranking, cards, a typo fallback), each is explained.
 */
export async function explainSearch(url: string, label: string, q: string): Promise<Explain> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const captured: { sql: string; params: unknown[] }[] = [];
    const db = drizzle(pool, {
      schema,
      casing: "snake_case",
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    const t0 = performance.now();
    const page = await listProducts({ db }, toListQuery(listQuerySchema.parse({ q })));
    const serviceMs = performance.now() - t0;
    const stmts = captured.filter((s) => !/^\s*(begin|commit|rollback)\b/i.test(s.sql));
    if (stmts.length === 0) throw new Error(`no SQL captured for ${q}`);
    const client = await pool.connect();
    const statements: ExplainedStatement[] = [];
    try {
      await client.query("begin");
      // A transaction-local setting holds for the one statement after it (the service sets it in
      // a transaction of that statement alone): a savepoint before it, rolled back after.
      let scoped = false;
      for (const s of stmts) {
        if (/^\s*select set_config\(/i.test(s.sql)) {
          if (!scoped) await client.query("savepoint scoped");
          scoped = true;
          await client.query(s.sql, s.params);
          continue;
        }
        const r = await client.query(`explain (analyze, buffers) ${s.sql}`, s.params);
        if (scoped) await client.query("rollback to savepoint scoped");
        scoped = false;
        const plan = r.rows.map((row: Record<string, string>) => row["QUERY PLAN"] ?? "");
        const text = plan.join("\n");
        const num = (re: RegExp) => {
          const m = re.exec(text);
          return m ? Number(m[1]) : null;
        };
        statements.push({
          sql: s.sql,
          params: s.params,
          planningMs: num(/Planning Time: ([\d.]+) ms/),
          executionMs: num(/Execution Time: ([\d.]+) ms/),
          plan,
        });
      }
      await client.query("rollback");
    } finally {
      client.release();
    }
    const text = statements.flatMap((st) => st.plan).join("\n");
    let tempRead = 0;
    let tempWritten = 0;
    for (const st of statements) {
      // Buffers lines repeat each child's counts: a plan's first one is the whole statement's.
      const temp = /temp read=(\d+)(?: written=(\d+))?|temp written=(\d+)/.exec(st.plan.join("\n"));
      if (temp) {
        tempRead += Number(temp[1] ?? 0);
        tempWritten += Number(temp[2] ?? temp[3] ?? 0);
      }
    }
    const sum = (k: "planningMs" | "executionMs") => statements.reduce((a, st) => a + (st[k] ?? 0), 0);
    return {
      label,
      q,
      total: page.total,
      serviceMs,
      planningMs: sum("planningMs"),
      executionMs: sum("executionMs"),
      trigramIndex: /Index Scan (?:using|on) (?:products_search_names|search_words_word)_trgm_idx/.test(text),
      fullTextIndex: /Index Scan (?:using|on) products_search_(?:tiered|tagged)_idx/.test(text),
      seqScanOnProducts: /Seq Scan on products\s+\(/.test(text),
      tempBlocks: { read: tempRead, written: tempWritten },
      statements,
    };
  } finally {
    await pool.end();
  }
}

/**
 * Which queries are slow, one at a time: the median of up to 3 rounds (bounded in time; the
 * kinds of query take turns, so a cut-short round still covers every kind).
 */
export type PerQuery = { kind: string; q: string; total: number | null; medianMs: number };

export async function timeEachSearch(
  server: Server,
  queryTotals: { kind: string; q: string; total: number | null }[],
): Promise<PerQuery[]> {
  console.log("  timing each search alone (up to 3 rounds) ...");
  const byTurns = [...SEARCH_QUERIES.map((g) => g.q)];
  const interleaved: string[] = [];
  for (let i = 0; i < Math.max(...byTurns.map((q) => q.length)); i++) {
    for (const q of byTurns) if (q[i] !== undefined) interleaved.push(searchPath(q[i]!));
  }
  const rounds: Map<string, number>[] = [];
  const tProfile = performance.now();
  for (let i = 0; i < 3 && performance.now() - tProfile < 150_000; i++) {
    const left = Math.max(1, 150 - (performance.now() - tProfile) / 1000);
    rounds.push((await sequentialPass(server.base, interleaved, left)).ms);
  }
  return queryTotals
    .map((x) => ({
      ...x,
      medianMs: median(rounds.map((r) => r.get(searchPath(x.q))).filter((v): v is number => v !== undefined)),
    }))
    .filter((x) => Number.isFinite(x.medianMs))
    .sort((a, b) => b.medianMs - a.medianMs);
}
