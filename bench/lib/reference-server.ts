// The bare reference of the benchmark's `reference` part: `node:http` and `pg`, nothing else. For
// a product detail and an add to the cart it sends PostgreSQL the statements the shop sent for the
// same request (recorded from PostgreSQL's log: the same text, prepared-statement names, order and
// transactions), with the request's product, the caller's user and session, and the time put in
// place of the recorded ones. It answers the rows as JSON. It checks nothing and builds nothing:
// what the database allows through one Node process, as the yardstick for the shop.
//
//   node --import tsx bench/lib/reference-server.ts <plan.json>   (prints "listening <port>")
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";

/** A recorded parameter: kept as it was, or the request's own value of that role. */
export type PlanParam = { value: string | null } | { from: "productId" | "userId" | "tokenHash" | "now" };
export type PlanStatement = { name: string | null; text: string; params: PlanParam[] };
export type PlanRoute = { method: "GET" | "POST"; path: string; status: number; statements: PlanStatement[] };
export type Plan = {
  databaseUrl: string;
  poolSize: number;
  /**
   * `/api/books/:id` (the id is the product), `/api/cart` (the JSON body's bookId is), or any
   * other path with its query, answered exactly as recorded (a list page).
   */
  routes: PlanRoute[];
  /** Session cookie value → the user and the stored hash the shop's session lookup sends. */
  sessions: Record<string, { userId: number; tokenHash: string }>;
  cookieName: string;
  /**
   * Sends each request's statements all at once on its connection, in order, without waiting
   * for each answer (pg's pipeline mode, one write): what the database allows when no statement
   * waits for another's round trip, a stricter yardstick than the shop's own sending.
   */
  pipelined?: boolean;
};

type Vars = { productId: string; userId?: string; tokenHash?: string };

function paramValue(p: PlanParam, vars: Vars): string | null {
  if ("value" in p) return p.value;
  if (p.from === "now") return new Date().toISOString();
  const v = vars[p.from];
  if (v === undefined) throw new Error(`no ${p.from} for this request`);
  return v;
}

function main() {
  const plan = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Plan;
  const pool = new pg.Pool({
    connectionString: plan.databaseUrl,
    max: plan.poolSize,
    ...(plan.pipelined ? { pipeline: true } : {}),
  });

  function send(client: pg.PoolClient, s: PlanStatement, vars: Vars) {
    const values = s.params.map((p) => paramValue(p, vars));
    return s.name
      ? client.query({ name: s.name, text: s.text, values })
      : values.length
        ? client.query(s.text, values)
        : client.query(s.text);
  }
  const byKey = new Map(plan.routes.map((r) => [`${r.method} ${r.path}`, r]));

  async function run(route: PlanRoute, vars: Vars): Promise<unknown[][]> {
    const client = await pool.connect();
    try {
      if (plan.pipelined) {
        // One write for all: the socket holds what the queries write until they are all asked.
        const socket = (client as unknown as { connection: { stream: import("node:net").Socket } }).connection
          .stream;
        socket.cork();
        const sent = route.statements.map((s) => send(client, s, vars));
        socket.uncork();
        const settled = await Promise.allSettled(sent);
        for (const r of settled) if (r.status === "rejected") throw r.reason;
        return settled.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value.rows);
      }
      const out: unknown[][] = [];
      for (const s of route.statements) out.push((await send(client, s, vars)).rows);
      return out;
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  function answer(res: http.ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }

  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const detail = /^\/api\/books\/(\d+)$/.exec(url);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      (async () => {
        let route: PlanRoute | undefined;
        let vars: Vars;
        // Only a path with a query is answered exactly as recorded; the others put the request in.
        const exact = url.includes("?") ? byKey.get(`${req.method} ${url}`) : undefined;
        if (exact) {
          // A fixed request (a list page): its statements as recorded, nothing put in.
          route = exact;
          vars = { productId: "" };
        } else if (req.method === "GET" && detail) {
          route = byKey.get("GET /api/books/:id");
          vars = { productId: detail[1]! };
        } else if (req.method === "POST" && url === "/api/cart") {
          route = byKey.get("POST /api/cart");
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { bookId: number };
          const token = /(?:^|;\s*)([^=;\s]+)=([^;]*)/g;
          let session: { userId: number; tokenHash: string } | undefined;
          for (let m = token.exec(req.headers.cookie ?? ""); m; m = token.exec(req.headers.cookie ?? "")) {
            if (m[1] === plan.cookieName) session = plan.sessions[decodeURIComponent(m[2]!)];
          }
          if (!session) return answer(res, 401, { message: "sign in" });
          vars = {
            productId: String(body.bookId),
            userId: String(session.userId),
            tokenHash: session.tokenHash,
          };
        } else return answer(res, 404, { message: "not here" });
        if (!route) return answer(res, 404, { message: "not recorded" });
        answer(res, route.status, { data: await run(route, vars) });
      })().catch((err: Error) => answer(res, 500, { message: err.message }));
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    const addr = server.address();
    console.log(`listening ${typeof addr === "object" && addr ? addr.port : 0}`);
  });
  const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[2]) main();
