/**
 * A database that cannot be reached (decision 49): while the PostgreSQL server is stopped, the
 * API answers 503 with Retry-After and a plain message (never 500), `/healthz` says unhealthy
 * with 503, and once the server is back everything answers as before, without a restart.
 *
 * PostgreSQL only (the PostgreSQL pass of the test command, TEST_DATABASE_URL set, where the
 * binaries are known to be installed): a server of its own is started, stopped and started
 * again. The embedded PGlite lives inside the process and cannot go away on its own.
 * The pages' side (the error page, 503) is tests/cluster/database-outage.test.ts, on the build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { connectPostgres, type Database } from "../../src/server/db/client";
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from "../../src/server/db/unavailable";
import { createApp } from "../../src/server/http/app";
import { createIntegrations } from "../../src/server/integrations/deps";
import { createDiskStorage } from "../../src/server/integrations/storage/disk";
import { createLogger } from "../../src/server/logger";
import { SESSION_COOKIE } from "../../src/server/services/accounts/sessions";
import type { AppDeps } from "../../src/server/services/context";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/postgres";
import { createProduct } from "./factories";

const ORIGIN = "http://localhost:3000";

describe.runIf(process.env.TEST_DATABASE_URL)("a stopped PostgreSQL server", () => {
  let server: ThrowawayPostgres;
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let uploads: string;
  let cookie = "";
  let productId = 0;

  const ask = (method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        origin: ORIGIN,
        cookie,
        "x-forwarded-for": "10.7.0.1",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    database = connectPostgres(server.url, 4);
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      PUBLIC_URL: ORIGIN,
      TRUST_PROXY: "true",
      SEED_DEMO: "false",
      PAGE_CACHE_SECONDS: "0",
    });
    const log = createLogger("silent");
    uploads = mkdtempSync(join(tmpdir(), "pathagar-outage-"));
    const deps: AppDeps = {
      db: database.db,
      config,
      log,
      ...createIntegrations(config, log, database.db),
      storage: createDiskStorage(uploads),
      now: () => new Date(),
    };
    app = createApp({ deps, database, buildVersion: "test" });
    productId = (await createProduct(database.db, { stock: 5 })).id;
    const signedUp = await ask("POST", "/api/auth/register", {
      name: "Outage Student",
      phone: "01911000046",
      password: "secret123",
      hsc_batch: "HSC 2026",
    });
    expect(signedUp.status).toBe(201);
    const pair = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .find((p) => p.startsWith(`${SESSION_COOKIE}=`));
    cookie = pair ?? "";
    expect(cookie).not.toBe("");
  }, 120_000);

  afterAll(async () => {
    await database?.close().catch(() => {});
    server?.stop("immediate");
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After and a plain message while it is down, then as before once it is back", async () => {
    // Up: the signed-in caller, the cart and the health check answer.
    expect((await ask("GET", "/api/user")).status).toBe(200);
    expect((await ask("GET", "/healthz")).status).toBe(200);

    // Down: the server ends its sessions (57P01 admin_shutdown) and refuses new connections.
    server.pause("fast");

    const health = await ask("GET", "/healthz");
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await health.json()).toEqual({ status: "database unavailable" });

    for (const [method, path, body] of [
      // The session's lookup, before any handler.
      ["GET", "/api/user"],
      // The cart, whose service looks the session up with its own first statement.
      ["GET", "/api/cart/info"],
      // A write.
      ["POST", "/api/cart", { bookId: productId, quantity: 1, source: "test", type: "book" }],
      // A public read.
      ["GET", "/api/search?q=physics"],
    ] as const) {
      const res = await ask(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.headers.get("retry-after"), `${method} ${path}`).toBe(String(RETRY_AFTER_SECONDS));
      expect(await res.json()).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE });
    }

    // Back: the pool opens new connections; nothing needs a restart.
    server.resume();
    expect((await ask("GET", "/healthz")).status).toBe(200);
    const user = await ask("GET", "/api/user");
    expect(user.status).toBe(200);
    const added = await ask("POST", "/api/cart", {
      bookId: productId,
      quantity: 1,
      source: "test",
      type: "book",
    });
    expect(added.status).toBe(201);
  }, 120_000);
});
