/**
 * The built server (`node build/main.js`) when things go wrong (decision 49):
 *
 * - its PostgreSQL server stops: pages answer the shop's error page with 503, Retry-After and a
 *   plain message in the visitor's language (whether the session's lookup or a page's loader
 *   finds out), the API its envelope with 503, `/healthz` 503; once the database is back,
 *   everything answers as before, without a restart;
 * - a client sending its headers a byte at a time is closed with 408 once the headers' limit
 *   has passed (HTTP_HEADERS_TIMEOUT_SECONDS, short here).
 *
 * Needs `npm run build` and the PostgreSQL binaries (the cluster pass runs under
 * scripts/with-postgres.ts); the database is a PostgreSQL server of this file's own, which it
 * stops and starts again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from "../../src/server/db/unavailable";
import { freePort } from "../support/free-port";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/postgres";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = join(ROOT, "build", "main.js");
/** The Bangla of DATABASE_UNAVAILABLE, as the catalogue gives it. */
const DATABASE_UNAVAILABLE_BN = "দোকান এই মুহূর্তে তার ডেটাবেসের সাথে যোগাযোগ করতে পারছে না।";

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      if (await probe()) return;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}

describe.runIf(process.env.TEST_DATABASE_URL)("the built server when things go wrong", () => {
  let pg: ThrowawayPostgres;
  let child: ChildProcess;
  let output = "";
  let origin = "";
  let port = 0;
  let cookie = "";
  const dataDir = mkdtempSync(join(tmpdir(), "pathagar-faults-"));

  const call = (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", origin);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (typeof init.body === "string") headers.set("content-type", "application/json");
    return fetch(`${origin}${path}`, { ...init, headers, redirect: "manual" });
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error("no build/main.js: run `npm run build` first");
    pg = await startThrowawayPostgres();
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "error",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: pg.url,
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        PUBLIC_URL: origin,
        SESSION_SECRET: "faults-test-secret-that-is-at-least-32-characters",
        // Every page is made by its loaders, none served from the signed-out page cache.
        PAGE_CACHE_SECONDS: "0",
        HTTP_HEADERS_TIMEOUT_SECONDS: "2",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => {
      output += d;
    });
    child.stderr?.on("data", (d) => {
      output += d;
    });
    await waitFor(
      "the server to answer /healthz",
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
        return (await fetch(`${origin}/healthz`)).ok;
      },
      90_000,
    );
    const signedUp = await call("/api/auth/register", {
      method: "POST",
      body: JSON.stringify({
        name: "Faults Student",
        phone: "01911000047",
        password: "secret123",
        hsc_batch: "HSC 2026",
      }),
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(201);
    cookie =
      signedUp.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .find((c) => c.startsWith("pathagar_session=")) ?? "";
    expect(cookie).not.toBe("");
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    pg?.stop("immediate");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers pages, the API and /healthz with 503 while PostgreSQL is stopped, and as before once it is back", async () => {
    // Up.
    expect((await call("/bundles/2026")).status).toBe(200);
    expect((await call("/", { cookie })).status).toBe(200);

    pg.pause("fast");

    // A signed-out visitor: the page's loader finds the database gone.
    const page = await call("/bundles/2026");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    const html = await page.text();
    expect(html).toContain(DATABASE_UNAVAILABLE);
    expect(html).toContain(">503<");
    expect(html).not.toContain("Unexpected Server Error");

    // A signed-in visitor: the session's lookup, before any page code, finds it gone.
    const signedIn = await call("/", { cookie });
    expect(signedIn.status).toBe(503);
    expect(signedIn.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(signedIn.headers.get("content-type")).toMatch(/^text\/html/);
    expect(signedIn.headers.get("content-security-policy")).toMatch(/nonce-/);
    expect(await signedIn.text()).toContain(DATABASE_UNAVAILABLE);

    // In the visitor's language.
    const bangla = await call("/bundles/2026", { headers: { cookie: "pathagar_lang=bn" } });
    expect(bangla.status).toBe(503);
    const banglaHtml = await bangla.text();
    expect(banglaHtml).toContain('lang="bn"');
    expect(banglaHtml).toContain(DATABASE_UNAVAILABLE_BN);

    // A navigation in the browser (the page's data only) gets the same 503.
    const data = await call("/bundles/2026.data");
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await data.text()).toContain(DATABASE_UNAVAILABLE);

    // The API and the health check.
    const api = await call("/api/user", { cookie });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await api.json()).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE });
    const health = await call("/healthz");
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));

    // Back, without a restart.
    pg.resume();
    await waitFor("/healthz to answer 200 again", async () => (await call("/healthz")).ok, 30_000);
    expect((await call("/bundles/2026")).status).toBe(200);
    const home = await call("/", { cookie });
    expect(home.status).toBe(200);
    expect((await call("/api/user", { cookie })).status).toBe(200);
    expect(child.exitCode).toBeNull();
  }, 120_000);

  it("closes a client that sends its headers a byte at a time once the headers' limit has passed", async () => {
    const started = Date.now();
    const socket = connect({ host: "127.0.0.1", port });
    let text = "";
    socket.on("data", (d) => {
      text += d.toString("latin1");
    });
    socket.on("error", () => {});
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - started)));
    void (async () => {
      for (const ch of "GET / HTTP/1.1\r\nHost: shop.test\r\nUser-Agent: one byte a second\r\n\r\n") {
        if (socket.destroyed) return;
        socket.write(ch);
        await new Promise((r) => setTimeout(r, 1_000));
      }
    })();
    const after = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    // HTTP_HEADERS_TIMEOUT_SECONDS=2, and Node looks once a second.
    expect(after).toBeGreaterThanOrEqual(2_000);
    expect(after).toBeLessThan(4_500);
  }, 30_000);
});
