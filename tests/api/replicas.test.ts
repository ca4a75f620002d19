/**
 * Catalogue reads on a real streaming replica (decision 57): a throwaway primary and a replica of
 * it made by `pg_basebackup -R`, the shop connected to both (DATABASE_REPLICA_URL). Shoppers'
 * catalogue reads are served by the replica (seen by what it still shows while its replay is
 * paused); staff's reads, the cart, checkout, orders, the back office and every write by the
 * primary; a replica that falls behind, or stops in the middle of a burst of requests, is left
 * for the primary with no error to anyone.
 *
 * PostgreSQL only (TEST_DATABASE_URL set, as in the test command); on PGlite it is skipped.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, ProductCard } from "../../src/contracts/catalog";
import { connectPostgres } from "../../src/server/db/client";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/postgres";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MAX_LAG_SECONDS = 4;

let primary: ThrowawayPostgres;
let replica: ThrowawayPostgres;
let h: Harness;
let productId: number;

const urlOf = (server: ThrowawayPostgres, db: string) => server.url.replace(/\/postgres$/, `/${db}`);

async function onReplica<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: urlOf(replica, "shop") });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** Waits until `ok`; a throw is "not yet" (the replica may not have replayed the tables yet). */
async function until(what: string, ok: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      if (await ok()) return;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`, { cause: last });
    await new Promise((r) => setTimeout(r, 100));
  }
}

const replicas = () => h.deps.replicas!;
const search = async (q: string, cookie?: string) => {
  const res = await h.request<Page<ProductCard>>("GET", `/api/search?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status).toBe(200);
  return res.body.data!.items.map((i) => i.title);
};

// Skipped without TEST_DATABASE_URL: PGlite has no replication, and the shop ignores replicas there.
describe.skipIf(!onPostgres)(
  "catalogue reads on a streaming replica (PostgreSQL only: TEST_DATABASE_URL)",
  () => {
    beforeAll(async () => {
      primary = await startThrowawayPostgres();
      replica = await startThrowawayPostgres({ replicaOf: primary });
      const admin = new pg.Client({ connectionString: primary.url });
      await admin.connect();
      await admin.query("create database shop");
      await admin.end();
      h = await createHarness({
        database: async () => ({
          database: connectPostgres(urlOf(primary, "shop"), 5, undefined, true, {
            urls: [urlOf(replica, "shop")],
            maxLagSeconds: MAX_LAG_SECONDS,
          }),
          drop: async () => {},
        }),
      });
      productId = (await createProduct(h.db, { title: "Replica Physics Guide", price: 25000, stock: 5 })).id;
      // The replica has replayed the product, and the shop knows it is well.
      await until("the replica to show the product", async () => {
        const rows = await onReplica<{ n: number }>(
          `select count(*)::int as n from products where id = ${productId}`,
        );
        return rows[0]?.n === 1;
      });
      await replicas().check();
      expect(replicas().health()[0]).toMatchObject({ up: true, error: null });
    }, 120_000);

    afterAll(async () => {
      await h?.close();
      replica?.stop("immediate");
      primary?.stop("immediate");
    });

    it("is a replica of the primary: a standby, replaying what the primary writes", async () => {
      const [row] = await onReplica<{ standby: boolean }>("select pg_is_in_recovery() as standby");
      expect(row?.standby).toBe(true);
    });

    it("serves shoppers' catalogue reads from the replica, and staff's from the primary", async () => {
      const before = { ...replicas().counts };
      expect(await search("replica physics")).toEqual(["Replica Physics Guide"]);
      expect((await h.request("GET", `/api/books/${productId}`)).status).toBe(200);
      expect((await h.request("GET", "/sitemap.xml")).status).toBe(200);
      expect(replicas().counts.replica).toBeGreaterThanOrEqual(before.replica + 3);
      expect(replicas().counts.primary).toBe(before.primary);
      // The health check says where the reads went, for a bench or a dashboard to show the share.
      const health = await h.request<{ replicas: unknown }>("GET", "/healthz");
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({
        status: "ok",
        replicas: { serving: 1, of: 1, reads: { ...replicas().counts } },
      });

      const customer = await h.createUser();
      const asCustomer = { ...replicas().counts };
      expect(await search("replica physics", customer.cookie)).toEqual(["Replica Physics Guide"]);
      expect(replicas().counts.replica).toBe(asCustomer.replica + 1);

      // Staff see what they just saved: never a replica.
      const staff = await h.createUser({ role: "staff", permissions: ["books"] });
      const asStaff = { ...replicas().counts };
      expect(await search("replica physics", staff.cookie)).toEqual(["Replica Physics Guide"]);
      expect(replicas().counts).toEqual(asStaff);
    });

    it("shows what the replica has replayed, and a staff change once the replica is left or catches up", async () => {
      await onReplica("select pg_wal_replay_pause()");
      try {
        // Written on the primary as a staff edit would be; the replica replays nothing for now.
        await h.db.execute(
          sql`update products set title = 'Replica Chemistry Guide', search_names = 'Replica Chemistry Guide' where id = ${productId}`,
        );
        await replicas().check();
        // Within the allowed lag the replica still answers, with the old title: it is the one reading.
        expect(await search("replica guide")).toEqual(["Replica Physics Guide"]);
        // Past the lag it is left for the primary, which has the change.
        await until("the replica to be left behind", async () => {
          await replicas().check();
          return replicas().health()[0]?.up === false;
        });
        expect(replicas().health()[0]?.error).toMatch(/behind/);
        const before = { ...replicas().counts };
        expect(await search("replica guide")).toEqual(["Replica Chemistry Guide"]);
        expect(replicas().counts.primary).toBeGreaterThan(before.primary);
      } finally {
        await onReplica("select pg_wal_replay_resume()");
      }
      await until("the replica to catch up", async () => {
        await replicas().check();
        return replicas().health()[0]?.up === true;
      });
      const before = { ...replicas().counts };
      expect(await search("replica guide")).toEqual(["Replica Chemistry Guide"]);
      expect(replicas().counts.replica).toBe(before.replica + 1);
    }, 60_000);

    it("keeps the session, the cart, checkout and the back office on the primary", async () => {
      const customer = await h.createUser();
      const staff = await h.createUser({ role: "staff", permissions: ["authors", "orders"] });
      await onReplica("select pg_wal_replay_pause()");
      try {
        // Written after the replica stopped replaying: only the primary has it.
        const book = await createProduct(h.db, { title: "Primary Only Atlas", price: 30000, stock: 3 });
        const before = { ...replicas().counts };
        const placed = await checkout(h, customer, { items: [{ productId: book.id }] });
        expect((await h.request("GET", "/api/cart/info", { cookie: customer.cookie })).status).toBe(200);
        expect(
          (await h.request("GET", `/api/orders/${placed.orderId}`, { cookie: customer.cookie })).status,
        ).toBe(200);
        const author = await h.request("POST", "/api/admin/authors", {
          body: { name: "Primary Only Author" },
          cookie: staff.cookie,
        });
        expect(author.status, author.text).toBe(201);
        expect((await h.request("GET", "/api/admin/orders", { cookie: staff.cookie })).status).toBe(200);
        // None of them asked for a replica's handle; the replica still has neither the book nor the order.
        expect(replicas().counts).toEqual(before);
        const [seen] = await onReplica<{ books: number; orders: number }>(
          `select (select count(*)::int from products where id = ${book.id}) as books,
           (select count(*)::int from orders where id = ${placed.orderId}) as orders`,
        );
        expect(seen).toEqual({ books: 0, orders: 0 });
      } finally {
        await onReplica("select pg_wal_replay_resume()");
      }
      await until("the replica to catch up", async () => {
        await replicas().check();
        return replicas().health()[0]?.up === true;
      });
    }, 60_000);

    it("runs a transaction again, whole, on the primary when its replica connection is cut half way", async () => {
      const db = replicas().pick();
      expect(db).not.toBeNull();
      const before = { ...replicas().counts };
      const runs: boolean[][] = [];
      const standby = await db!.transaction(async (tx) => {
        const seen: boolean[] = [];
        runs.push(seen);
        const first = (await tx.execute(
          sql`select pg_is_in_recovery() as standby, pg_backend_pid() as pid`,
        )) as unknown as {
          rows: { standby: boolean; pid: number }[];
        };
        seen.push(first.rows[0]!.standby);
        // The replica ends this connection, as a restart or a conflict with replay would.
        if (first.rows[0]!.standby) await onReplica(`select pg_terminate_backend(${first.rows[0]!.pid})`);
        const second = (await tx.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as {
          rows: { standby: boolean }[];
        };
        seen.push(second.rows[0]!.standby);
        return second.rows[0]!.standby;
      });
      // Once on the replica (cut after its first statement), then whole on the primary.
      expect(runs).toEqual([[true], [false, false]]);
      expect(standby).toBe(false);
      expect(replicas().counts.fellBack).toBe(before.fellBack + 1);
      expect(replicas().health()[0]?.up).toBe(false);
      await until("the replica to be taken back", async () => {
        await replicas().check();
        return replicas().health()[0]?.up === true;
      });
    }, 30_000);

    it("keeps answering, from the primary, when the replica stops in the middle of a burst", async () => {
      const burst = async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 15; i++) {
          const answers = await Promise.all([
            h.request("GET", "/api/search?q=replica"),
            h.request("GET", `/api/books/${productId}`),
            h.request("GET", "/api/search/suggest?q=repl"),
          ]);
          statuses.push(...answers.map((a) => a.status));
        }
        return statuses;
      };
      const before = { ...replicas().counts };
      const [statuses] = await Promise.all([
        burst(),
        (async () => {
          await new Promise((r) => setTimeout(r, 30));
          replica.pause("immediate");
        })(),
      ]);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      // The replica served the first of them, the primary the rest (some run again after failing).
      expect(replicas().counts.replica).toBeGreaterThan(before.replica);
      expect(replicas().counts.fellBack + replicas().counts.primary).toBeGreaterThan(
        before.fellBack + before.primary,
      );
      await replicas().check();
      expect(replicas().health()[0]?.up).toBe(false);
      const after = await burst();
      expect(after.filter((s) => s !== 200)).toEqual([]);
    }, 60_000);
  },
);
