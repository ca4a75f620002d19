/**
 * Two servers on one database (decision 39): the once-a-minute sweep runs on one of them per
 * round, and a change made through one drops the other's copies of public answers within a
 * second. On the real PostgreSQL run (TEST_DATABASE_URL) the second server has its own connection
 * pool, as a second process would; on PGlite both share the one embedded database.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../src/contracts/answers/staff-catalog";
import { loadConfig } from "../../src/server/config";
import { connectPostgres, type Database } from "../../src/server/db/client";
import { orders, periodicRuns, relatedProducts } from "../../src/server/db/schema";
import { createApp } from "../../src/server/http/app";
import { SWEEP_NAME, sweepOnce } from "../../src/server/jobs";
import type { AppDeps } from "../../src/server/services/context";
import { CONTENT_VERSION_READ_MS } from "../../src/server/services/public-content";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let second: Database;
let staff: TestUser;
let buyer: TestUser;

/** A server as main.ts builds one, on the harness's database, with the page cache on. */
function serverOn(database: Database) {
  const config = loadConfig({ ...rawEnv(), PAGE_CACHE_SECONDS: "30" });
  const deps: AppDeps = { ...h.deps, db: database.db, config };
  return { deps, app: createApp({ deps, database, buildVersion: "test" }) };
}
const rawEnv = () => ({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SHOP_NAME: "Pathagar",
  SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
  TRUST_PROXY: "true",
  SEED_DEMO: "false",
});

beforeAll(async () => {
  h = await createHarness();
  second = h.databaseUrl ? connectPostgres(h.databaseUrl, 5) : h.database;
  staff = await h.createUser({ role: "staff", permissions: ["books"] });
  buyer = await h.createUser();
});
afterAll(async () => {
  if (second && second !== h.database) await second.close();
  await h?.close();
});

describe("the sweep on two servers", () => {
  it("runs each round on one server only, whoever asks first, and again a minute later", async () => {
    const a = serverOn(h.database).deps;
    const b = serverOn(second).deps;
    const book = await createProduct(h.db, { stock: 3 });
    const order = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    h.clock.advance(31 * 60_000);

    // Both servers' timers fire at the same moment, three times each.
    const ran = await Promise.all([a, b, a, b, a, b].map((deps) => sweepOnce(deps, h.deps.log)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    const [row] = await h.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe("cancelled");
    // The round's hourly part ran too: the related products are kept, the new book's with them.
    const kept = await h.db.select().from(relatedProducts).where(eq(relatedProducts.productId, book.id));
    expect(kept).toHaveLength(1);

    // Within the minute nobody runs it again.
    expect(await sweepOnce(b, h.deps.log)).toBe(false);
    // A minute on (by the database's clock), one of them does.
    await h.db
      .update(periodicRuns)
      .set({ ranAt: sql`now() - interval '61 seconds'` })
      .where(eq(periodicRuns.name, SWEEP_NAME));
    const next = await Promise.all([sweepOnce(b, h.deps.log), sweepOnce(a, h.deps.log)]);
    expect(next.filter(Boolean)).toHaveLength(1);
  });
});

describe("the public answer cache on two servers", () => {
  it("shows a price and a title changed through one server on the other within a second", async () => {
    const a = serverOn(h.database).app;
    const b = serverOn(second).app;
    const create = await h.request<AdminProduct>("POST", "/api/admin/books", {
      body: { kind: "book", title: "Organic Chemistry Made Plain", price: 30_000, stock: 5, published: true },
      cookie: staff.cookie,
    });
    expect(create.status, create.text).toBe(201);
    const made = create.body.data!;
    const search = async () => {
      const res = await b.request("/api/search?q=chemistry", { headers: { "x-forwarded-for": "10.9.9.9" } });
      expect(res.status).toBe(200);
      return { cache: res.headers.get("x-cache"), text: await res.text() };
    };
    // Server b's copy is made, then served.
    await new Promise((r) => setTimeout(r, CONTENT_VERSION_READ_MS));
    expect((await search()).cache).toBe("MISS");
    const kept = await search();
    expect(kept.cache).toBe("HIT");
    expect(kept.text).toContain("30000");

    // Staff change the price and title through server a (as a load balancer would send them).
    const edit = await a.request(`/api/admin/books/${made.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", cookie: staff.cookie, "x-forwarded-for": "10.9.9.8" },
      body: JSON.stringify({ price: 27_500, title: "Organic Chemistry Made Plainer", version: made.version }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const changedAt = Date.now();
    let seen = await search();
    while (!seen.text.includes("27500") && Date.now() - changedAt < 1_000) {
      await new Promise((r) => setTimeout(r, 25));
      seen = await search();
    }
    expect(seen.text).toContain("27500");
    expect(seen.text).toContain("Organic Chemistry Made Plainer");
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });
});

describe("a server that is stopping", () => {
  it("tells the load balancer it is not ready and keeps no connection open", async () => {
    const drain = { draining: false };
    const app = createApp({ deps: h.deps, database: h.database, buildVersion: "test", drain });
    const up = await app.request("/healthz");
    expect(up.status).toBe(200);
    expect(up.headers.get("connection")).toBeNull();
    drain.draining = true;
    const down = await app.request("/healthz");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "draining" });
    // Requests it still gets are answered, each on a connection closed after it.
    const version = await app.request("/api/version");
    expect(version.status).toBe(200);
    expect(version.headers.get("connection")).toBe("close");
  });
});
