/**
 * Two servers, one shop (decision 39): two `node build/main.js` processes on one throwaway
 * PostgreSQL database and one local S3-compatible bucket (each with a data folder of its own, so
 * nothing is shared through a disk), behind a small round-robin proxy written here (what a
 * load balancer does: each request to the next server; a refused connection tried on the other).
 *
 * - a shopper signs in, fills the cart, checks out and pays, each request on the other server;
 * - staff change a book's price and title on one server; a signed-out visitor sees it on the other
 *   within a second, with the page cache on (its default time);
 * - a picture uploaded through one server is served by the other (from the bucket: neither
 *   server's own folder holds it);
 * - one server is sent SIGTERM in the middle of 50 buyers (each: add to the cart, look at it,
 *   check out) at once: no request fails,
 *   the server exits 0, and every order is there.
 *
 * Needs `npm run build` and TEST_DATABASE_URL (scripts/with-postgres.ts gives it):
 *
 *   npx tsx scripts/with-postgres.ts -- npx vitest run --project cluster
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer, type IncomingMessage, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { count, eq, inArray } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type Database } from "../../src/server/db/client";
import { orders, products, users } from "../../src/server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../src/server/seed/accounts";
import { freePort } from "../support/free-port";
import { type LocalS3, startLocalS3 } from "../support/local-s3";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = join(ROOT, "build", "main.js");
const BUYERS = 50;
/** Server 0 is sent SIGTERM once this many of the buyers' requests have been answered (and it has some under way). */
const STOP_AFTER = 30;

type Upstream = { name: number; port: number; child: ChildProcess; output: () => string };
type Hop = { client: string; method: string; path: string; server: number; status: number; retried: boolean };

/**
 * A round-robin proxy: each client's requests take turns between the servers; when the connection
 * to the server whose turn it is fails before any answer (refused, or reset: a kept-alive
 * connection closed as idle just as the request went out, or a connection still in the kernel's
 * queue when the listener closed), the next alive one gets the request, as a balancer retrying
 * on another server does. That retry is only safe because the stopping server is checked to have
 * cut no request it took in (it exits 0 and logs no cut), and every order is counted exactly
 * once. Each failed attempt is kept in `failures`. It appends the client's address
 * (`x-test-client`, standing in for the socket's) to
 * X-Forwarded-For and records which server answered each request.
 */
function startProxy(upstreams: () => Upstream[]) {
  const hops: Hop[] = [];
  const failures: { server: number; code: string; reused: boolean }[] = [];
  /** Requests sent to each server and not yet answered. */
  const inFlight = [0, 0];
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const turns = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const headers = { ...req.headers };
    const client = (headers["x-test-client"] as string | undefined) ?? "10.0.0.1";
    delete headers["x-test-client"];
    headers["x-forwarded-for"] = client;
    // Each client's requests take turns (the other server than its last), whatever else is
    // going on: a gateway's notice in between does not put two of a shopper's requests on one.
    const first = turns.get(client) ?? next++;
    turns.set(client, first + 1);
    const list = upstreams();
    for (let attempt = 0; attempt < list.length * 3; attempt++) {
      const up = list[(first + attempt) % list.length]!;
      try {
        inFlight[up.name]! += 1;
        const answer = await new Promise<IncomingMessage>((resolve, reject) => {
          const r = request(
            { host: "127.0.0.1", port: up.port, method: req.method, path: req.url, headers, agent },
            resolve,
          );
          r.on("error", (err: NodeJS.ErrnoException) => {
            const beforeAnswer = ["ECONNREFUSED", "ECONNRESET", "EPIPE"].includes(err.code ?? "");
            failures.push({ server: up.name, code: err.code ?? String(err), reused: r.reusedSocket });
            reject(Object.assign(err, { retry: beforeAnswer }));
          });
          r.end(body);
        }).finally(() => {
          inFlight[up.name]! -= 1;
        });
        hops.push({
          client,
          method: req.method ?? "",
          path: req.url ?? "",
          server: up.name,
          status: answer.statusCode ?? 0,
          retried: attempt > 0,
        });
        const out = { ...answer.headers, "x-served-by": String(up.name) };
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        return;
      } catch (err) {
        if (!(err as { retry?: boolean }).retry) {
          hops.push({
            client,
            method: req.method ?? "",
            path: req.url ?? "",
            server: up.name,
            status: 502,
            retried: false,
          });
          res.writeHead(502).end(String(err));
          return;
        }
      }
    }
    res.writeHead(503).end("no server answered");
  });
  return {
    hops,
    failures,
    inFlight,
    listen: (port: number) => new Promise<void>((r) => server.listen(port, "127.0.0.1", r)),
    close: () =>
      new Promise<void>((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function waitFor(what: string, probe: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!SERVER_URL)("two servers behind a round-robin proxy (PostgreSQL: TEST_DATABASE_URL)", () => {
  const dbName = `pathagar_cluster_${randomBytes(4).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), "pathagar-cluster-"));
  let s3: LocalS3 | undefined;
  let databaseUrl = "";
  let database: Database;
  const servers: Upstream[] = [];
  let proxy: ReturnType<typeof startProxy>;
  let origin = "";
  let clients = 0;

  /** A request through the proxy, as a browser on the shop's origin sends it. */
  async function call(path: string, init: RequestInit & { cookie?: string; client?: string } = {}) {
    clients += 1;
    const headers = new Headers(init.headers);
    headers.set("origin", origin);
    headers.set("x-test-client", init.client ?? `10.1.${clients >> 8}.${clients & 255}`);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (typeof init.body === "string" && !headers.has("content-type"))
      headers.set("content-type", "application/json");
    return fetch(`${origin}${path}`, { ...init, headers, redirect: "manual" });
  }
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("pathagar_session=") && c.length > 17);

  function startServer(name: number, port: number, env: Record<string, string>): Upstream {
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => {
      output += d;
    });
    child.stderr?.on("data", (d) => {
      output += d;
    });
    return { name, port, child, output: () => output };
  }

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error("no build/main.js: run `npm run build` first");
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const url = new URL(SERVER_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    database = connectPostgres(databaseUrl, 4);

    s3 = await startLocalS3();
    const proxyPort = await freePort();
    origin = `http://127.0.0.1:${proxyPort}`;
    const env: Record<string, string> = {
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      // Files in one bucket (the local S3 server's); each server's DATA_DIR is its own.
      ...s3.env,
      SEED_DEMO: "true",
      PUBLIC_URL: origin,
      TRUST_PROXY: "1",
      SESSION_SECRET: "cluster-test-secret-that-is-at-least-32-characters",
      SHUTDOWN_GRACE_SECONDS: "10",
    };
    // The first server migrates and seeds (the demo catalogue and its order history, decision 51);
    // the second starts on what it made.
    for (const name of [0, 1]) {
      const port = await freePort();
      const s = startServer(name, port, { ...env, DATA_DIR: join(dataDir, `server-${name}`) });
      servers.push(s);
      await waitFor(
        `server ${name} to answer /healthz`,
        async () => {
          if (s.child.exitCode !== null) throw new Error(`server ${name} exited: ${s.output()}`);
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
        },
        150_000,
      );
    }
    proxy = startProxy(() => servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null));
    await proxy.listen(proxyPort);
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    for (const s of servers) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await database?.close();
    if (SERVER_URL) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a shopper signs in, fills the cart, checks out and pays, each request on the other server", async () => {
    const from = proxy.hops.length;
    const client = "10.2.0.1";
    const login = await call("/api/auth/login", {
      method: "POST",
      client,
      body: JSON.stringify({ cred: DEMO_CUSTOMER.phone, password: DEMO_CUSTOMER.password }),
    });
    expect(login.status).toBe(200);
    const cookie = sessionOf(login)!;
    expect(cookie).toBeTruthy();
    const books = (await (await call("/api/books?limit=1", { client })).json()) as {
      data: { items: { id: number }[] };
    };
    const bookId = books.data.items[0]!.id;
    const add = await call("/api/cart", {
      method: "POST",
      cookie,
      client,
      body: JSON.stringify({ bookId, quantity: 1, source: "test", type: "book" }),
    });
    expect(add.status, await add.clone().text()).toBe(201);
    const placed = await call("/api/checkout", {
      method: "POST",
      cookie,
      client,
      body: JSON.stringify({
        name: "Nusrat Jahan",
        district: "Sylhet",
        area: "Zindabazar",
        address: "House 12, Road 3",
        phone: DEMO_CUSTOMER.phone,
        paymentMethod: "gateway",
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = ((await placed.json()) as { data: { orderId: number; tranx: string; redirectUrl: string } })
      .data;
    // The sandbox gateway's page, then its return to the shop.
    const pressed = await call(new URL(order.redirectUrl).pathname, {
      method: "POST",
      client,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ outcome: "pay" }).toString(),
    });
    expect(pressed.status).toBe(303);
    const back = new URL(pressed.headers.get("location")!, origin);
    await call(`${back.pathname}${back.search}`, { client, cookie });
    const mine = await call(`/api/orders/${order.orderId}`, { cookie, client });
    expect(mine.status).toBe(200);
    const view = ((await mine.json()) as { data: { status: string } }).data;
    expect(view.status).toBe("confirmed");

    const hops = proxy.hops.slice(from).filter((h) => h.client === client);
    expect(hops.length).toBe(7);
    for (let i = 1; i < hops.length; i++)
      expect(hops[i]!.server, JSON.stringify(hops)).not.toBe(hops[i - 1]!.server);
  });

  it("shows a book's new price and title, changed through one server, on the other within a second", async () => {
    const [a, b] = servers as [Upstream, Upstream];
    const direct = (s: Upstream, path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${s.port}${path}`, { ...init, redirect: "manual" });
    const login = await call("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ cred: DEMO_ADMIN.phone, password: DEMO_ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const cookie = sessionOf(login)!;
    const list = (await (await direct(a, "/api/books?limit=2")).json()) as {
      data: { items: { id: number }[] };
    };
    const id = list.data.items[1]!.id;
    const current = (await (await direct(a, `/api/admin/books/${id}`, { headers: { cookie } })).json()) as {
      data: { version: number; price: number; title: string };
    };
    // A signed-out visitor's page on server b, rendered once and then served from its copy.
    const page = () => direct(b, `/book/${id}`);
    expect((await page()).status).toBe(200);
    const kept = await page();
    expect(kept.headers.get("x-cache")).toBe("HIT");
    const title = `${current.data.title} (new edition)`;
    const edit = await direct(a, `/api/admin/books/${id}`, {
      method: "PATCH",
      headers: { cookie, origin, "content-type": "application/json" },
      body: JSON.stringify({ title, price: current.data.price + 1_000, version: current.data.version }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const changed = Date.now();
    let html = await (await page()).text();
    while (!html.includes(title) && Date.now() - changed < 2_000) {
      await new Promise((r) => setTimeout(r, 50));
      html = await (await page()).text();
    }
    const took = Date.now() - changed;
    expect(html).toContain(title);
    expect(took, `seen after ${took} ms`).toBeLessThan(1_000);
  });

  it("serves a picture uploaded through one server from the other", async () => {
    const [a, b] = servers as [Upstream, Upstream];
    const login = await call("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ cred: DEMO_ADMIN.phone, password: DEMO_ADMIN.password }),
    });
    const cookie = sessionOf(login)!;
    const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const up = await fetch(`http://127.0.0.1:${a.port}/api/admin/images`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "image/png" },
      body: new Uint8Array(png),
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { key } = ((await up.json()) as { data: { key: string } }).data;
    const served = await fetch(`http://127.0.0.1:${b.port}/media/images/${key}-320.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/image\/webp/);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
    // From the bucket, not from a folder the two happen to share.
    for (const name of [0, 1]) {
      expect(existsSync(join(dataDir, `server-${name}`, "uploads", "images", `${key}-320.webp`))).toBe(false);
    }
    const head = await fetch(s3!.objectUrl(`images/${key}-320.webp`), { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it("loses no request and no order when one server is sent SIGTERM in the middle of 50 buyers", async () => {
    const [stopping] = servers as [Upstream, Upstream];
    // 50 buyers, each with an account of their own, signed in (through the proxy).
    const [book] = (
      (await (await call("/api/books?limit=3")).json()) as { data: { items: { id: number }[] } }
    ).data.items.slice(2);
    await database.db.update(products).set({ stock: 10_000 }).where(eq(products.id, book!.id));
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const client = `10.3.${i >> 8}.${i & 255}`;
        const phone = `016${String(20_000_000 + i).slice(-8)}`;
        const res = await call("/api/auth/register", {
          method: "POST",
          client,
          body: JSON.stringify({
            name: `Buyer ${i}`,
            phone,
            password: "buyer-secret-1",
            hsc_batch: "HSC 2025",
          }),
        });
        expect(res.status, await res.clone().text()).toBe(201);
        return { client, phone, cookie: sessionOf(res)! };
      }),
    );
    const from = proxy.hops.length;
    let answered = 0;
    let signalled = false;
    let stoppedAt = 0;
    const exited = new Promise<number | null>((r) => stopping.child.once("exit", (code) => r(code)));
    const counted = async (res: Response) => {
      answered += 1;
      // In the middle, and while it has requests under way.
      if (answered >= STOP_AFTER && proxy.inFlight[0]! > 0 && !signalled) {
        signalled = true;
        stoppedAt = proxy.hops.length - from;
        stopping.child.kill("SIGTERM");
      }
      return res;
    };
    const outcomes = await Promise.all(
      buyers.map(async (buyer) => {
        const add = await counted(
          await call("/api/cart", {
            method: "POST",
            cookie: buyer.cookie,
            client: buyer.client,
            body: JSON.stringify({ bookId: book!.id, quantity: 1, source: "test", type: "book" }),
          }),
        );
        // The buyer looks at the cart before paying.
        const cart = await counted(
          await call("/api/cart/info", { cookie: buyer.cookie, client: buyer.client }),
        );
        const placed = await counted(
          await call("/api/checkout", {
            method: "POST",
            cookie: buyer.cookie,
            client: buyer.client,
            body: JSON.stringify({
              name: "Rafiq Islam",
              district: "Dhaka",
              area: "Mirpur",
              address: "House 1, Road 1",
              phone: buyer.phone,
              paymentMethod: "cod",
            }),
          }),
        );
        return { add: add.status, cart: cart.status, checkout: placed.status, body: await placed.text() };
      }),
    );
    expect(signalled).toBe(true);
    expect(await exited).toBe(0);
    expect(stopping.output()).not.toMatch(/requests still in flight/);

    for (const o of outcomes) {
      expect(o.add).toBe(201);
      expect(o.cart).toBe(200);
      expect(o.checkout, o.body).toBe(201);
    }
    const hops = proxy.hops.slice(from);
    // The stopping server answered what it had taken in, and what it refused went to the other.
    const summary = JSON.stringify({
      stoppedAt,
      hops: hops.map((h) => `${h.server}${h.retried ? "r" : ""}`).join(" "),
    });
    expect(
      hops.slice(stoppedAt).some((h) => h.server === 0),
      summary,
    ).toBe(true);
    expect(
      hops.some((h) => h.retried && h.server === 1),
      summary,
    ).toBe(true);
    // Only connections to the stopping server failed.
    expect(
      proxy.failures.every((f) => f.server === 0),
      JSON.stringify(proxy.failures),
    ).toBe(true);
    expect(hops.every((h) => h.status < 500)).toBe(true);

    const ids = (
      await database.db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.phone,
            buyers.map((b) => b.phone),
          ),
        )
    ).map((u) => u.id);
    const [placedOrders] = await database.db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.userId, ids));
    expect(placedOrders!.n).toBe(BUYERS);
  }, 120_000);
});
