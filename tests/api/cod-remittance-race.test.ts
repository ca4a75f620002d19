/**
 * Two staff recording the same courier's payment at the same moment: exactly one remittance is
 * recorded, the other is refused with 409 naming the order. The race is forced, not hoped for: a
 * third connection holds `cod_remittances` so that neither request can write its remittance, the
 * first request is let in and seen waiting, then the second, and only then is the table let go.
 * Without the orders' row locks both requests read the orders as not remitted while they wait, and
 * both are recorded; with them the second waits for the first and then finds the orders remitted.
 *
 * PostgreSQL only (TEST_DATABASE_URL): the embedded PGlite runs one statement at a time, so the two
 * requests can never be inside their transactions together there.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodRemittanceRow } from "../../src/contracts/admin-invoices";
import { auditLog, codRemittances, orders } from "../../src/server/db/schema";
import { createLedgerOrder, markDelivered } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const SERVER_URL = process.env.TEST_DATABASE_URL;

describe.runIf(SERVER_URL)("two staff recording the same remittance at once (PostgreSQL)", () => {
  let h: Harness;
  let staff: TestUser;
  let holder: pg.Client;
  let watcher: pg.Client;
  let database = "";

  beforeAll(async () => {
    h = await createHarness();
    staff = await h.createUser({ role: "staff", permissions: ["invoices"], name: "Accounts Staff" });
    const found = (await h.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    database = found.rows[0]!.name;
    const url = new URL(SERVER_URL!);
    url.pathname = `/${database}`;
    holder = new pg.Client({ connectionString: url.toString() });
    watcher = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    await watcher.connect();
  }, 60_000);

  afterAll(async () => {
    await holder?.end();
    await watcher?.end();
    await h?.close();
  });

  /** Waits until `n` sessions of this database wait for a lock (each request is then where it blocks). */
  async function waitingForLocks(n: number) {
    const until = Date.now() + 10_000;
    for (;;) {
      const { rows } = await watcher.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
        [database],
      );
      if ((rows[0]?.n ?? 0) >= n) return;
      if (Date.now() > until) throw new Error(`expected ${n} sessions waiting for a lock, saw ${rows[0]?.n}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it("records it once: the second waits for the first, then is refused naming the order", async () => {
    const customer = await h.createUser({ name: "Customer" });
    const made = [];
    for (const total of [31_000, 12_345]) {
      const o = await createLedgerOrder(h.db, {
        userId: customer.user.id,
        paymentMethod: "cod",
        total,
        at: new Date("2031-02-05T04:00:00Z"),
        courier: "pathao",
      });
      await markDelivered(h.db, o.order.id, new Date("2031-02-07T04:00:00Z"));
      made.push(o.order);
    }
    const body = { courier: "pathao", orderIds: made.map((o) => o.id), reference: "PT-RACE-1" };
    const remit = () =>
      h.request<CodRemittanceRow>("POST", "/api/admin/cod/remittances", { cookie: staff.cookie, body });

    // Nobody may write a remittance until the holder lets go (an insert needs ROW EXCLUSIVE).
    await holder.query("begin");
    await holder.query("lock table cod_remittances in share mode");
    let first: ReturnType<typeof remit>;
    let second: ReturnType<typeof remit>;
    try {
      first = remit();
      await waitingForLocks(1);
      second = remit();
      await waitingForLocks(2);
    } finally {
      await holder.query("rollback");
    }
    const answers = await Promise.all([first!, second!]);

    expect(answers.map((a) => a.status)).toEqual([201, 409]);
    expect(answers[0]!.body.data).toMatchObject({ amount: 43_345, orderCount: 2, courier: "pathao" });
    expect(answers[1]!.body.message).toMatch(new RegExp(`^Order ${made[0]!.number} is already remitted`));
    const recorded = await h.db.select().from(codRemittances).where(eq(codRemittances.courier, "pathao"));
    expect(recorded).toHaveLength(1);
    const remitted = await h.db.select().from(orders).where(eq(orders.codRemittanceId, recorded[0]!.id));
    expect(remitted).toHaveLength(2);
    expect(await h.db.select().from(auditLog).where(eq(auditLog.action, "cod.remit"))).toHaveLength(1);
  });
});
