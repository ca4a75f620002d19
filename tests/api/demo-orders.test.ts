/**
 * The demo's first start (decision 51): bootServices on an empty database with the demo on makes
 * the catalogue and then an order history through the services, so the back office has something
 * to show; its sold counts are what those orders sold. A second start adds nothing, and a
 * production configuration seeds none of it. On PostgreSQL (TEST_DATABASE_URL) the demo start
 * runs against the harness's own database, with SEED_DEMO=true as a server needs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../src/contracts/order-status";
import { bootServices } from "../../src/server/boot";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { orders, outbox, products, users } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/logger";
import { DEMO_HISTORY } from "../../src/server/seed/demo-orders";
import { publicUserColumns, toPublicUser } from "../../src/server/services/accounts/users";
import { type AppDeps, contextFor } from "../../src/server/services/context";
import { aparMonths, listInvoicesFrom } from "../../src/server/services/money/admin-invoices";
import { salesReport } from "../../src/server/services/money/reports";
import { dashboard } from "../../src/server/services/money/sales";
import { codOutstanding, listCodRemittances } from "../../src/server/services/orders/cod-remittances";
import { findTracking } from "../../src/server/services/orders/tracking";
import { createHarness, type Harness } from "./harness";

let h: Harness;
let dataDir: string;
let database: Database;
let deps: AppDeps;
let bootMs: number;
const log = createLogger("silent");

/** The demo's settings: the embedded database under `dataDir`, or the harness's PostgreSQL database. */
function demoConfig() {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    ...(h.databaseUrl ? { DATABASE_URL: h.databaseUrl, SEED_DEMO: "true" } : {}),
  });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await deps.db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

async function staffCtx() {
  const [admin] = await deps.db.select(publicUserColumns).from(users).where(eq(users.role, "admin")).limit(1);
  return contextFor(deps, { user: toPublicUser(admin!), ip: "test" });
}

beforeAll(async () => {
  h = await createHarness();
  dataDir = mkdtempSync(join(tmpdir(), "pathagar-demo-"));
  const started = performance.now();
  ({ deps, database } = await bootServices(demoConfig(), log));
  bootMs = performance.now() - started;
}, 300_000);

afterAll(async () => {
  await database?.close();
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo's first start", () => {
  it("places a few hundred orders over the last 60 days by a few dozen customers", async () => {
    const [o] = await rows<{ n: number; buyers: number; days: number; first: string; last: string }>(sql`
      select count(*)::int as n, count(distinct user_id)::int as buyers,
        count(distinct (created_at at time zone 'Asia/Dhaka')::date)::int as days,
        min(created_at)::text as first, max(created_at)::text as last
      from orders`);
    expect(o!.n).toBeGreaterThanOrEqual(200);
    expect(o!.n).toBeLessThanOrEqual(DEMO_HISTORY.orders + 1);
    expect(o!.buyers).toBeGreaterThanOrEqual(25);
    expect(o!.days).toBeGreaterThanOrEqual(40);
    const now = Date.now();
    expect(now - new Date(o!.first).getTime()).toBeLessThanOrEqual(60 * 86_400_000);
    expect(now - new Date(o!.first).getTime()).toBeGreaterThan(50 * 86_400_000);
    expect(now - new Date(o!.last).getTime()).toBeLessThan(86_400_000);
    console.log(`demo first start (catalogue and order history): ${(bootMs / 1000).toFixed(1)} s`);
  });

  it("has orders in every state, cash on delivery and online", async () => {
    const byStatus = await deps.db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .groupBy(orders.status);
    const seen = new Map(byStatus.map((s) => [s.status, s.n]));
    for (const status of ORDER_STATUSES) expect(seen.get(status) ?? 0, status).toBeGreaterThan(0);
    const methods = await rows<{ method: string; n: number }>(
      sql`select payment_method as method, count(*)::int as n from orders where status = 'delivered' group by 1`,
    );
    expect(methods.map((m) => m.method).sort()).toEqual(["cod", "gateway"]);
  });

  it("ships every shipped or delivered parcel with a consignment number and a courier", async () => {
    const [s] = await rows<{ n: number; bare: number }>(sql`
      select count(*)::int as n, count(*) filter (where consignment is null or courier is null)::int as bare
      from orders where physical and status in ('shipped', 'delivered')`);
    expect(s!.n).toBeGreaterThan(50);
    expect(s!.bare).toBe(0);
  });

  it("pays online through the sandbox gateway's confirmation and numbers an invoice for every confirmed order", async () => {
    const [p] = await rows<{ paid: number; online: number; uninvoiced: number }>(sql`
      select
        (select count(*)::int from payments where provider = 'sandbox' and status = 'paid') as paid,
        (select count(*)::int from orders where payment_method = 'gateway' and confirmed_at is not null) as online,
        (select count(*)::int from orders o where confirmed_at is not null
           and not exists (select 1 from invoices i where i.order_id = o.id and i.number like 'INV-%')) as uninvoiced`);
    expect(p!.paid).toBeGreaterThan(0);
    expect(p!.paid).toBe(p!.online);
    expect(p!.uninvoiced).toBe(0);
  });

  it("grants library access for the e-books and courses bought, and only for those still bought", async () => {
    const [e] = await rows<{ granted: number; unbought: number }>(sql`
      select count(*)::int as granted,
        count(*) filter (where o.status not in ('confirmed', 'processing', 'shipped', 'delivered'))::int as unbought
      from entitlements e join orders o on o.id = e.order_id`);
    expect(e!.granted).toBeGreaterThan(10);
    expect(e!.unbought).toBe(0);
  });

  it("has a cancellation, a refund with its credit note, refunds paid, and couriers' cash remitted and still out", async () => {
    const [m] = await rows<
      Record<
        | "cancelled"
        | "refunded"
        | "credit_notes"
        | "refunds_paid"
        | "refunds_credited"
        | "remittances"
        | "remitted",
        number
      >
    >(sql`
      select
        (select count(*)::int from orders where status = 'cancelled') as cancelled,
        (select count(*)::int from orders where status = 'refunded') as refunded,
        (select count(*)::int from credit_notes where number like 'CN-%') as credit_notes,
        (select count(*)::int from refunds where status = 'paid') as refunds_paid,
        (select count(*)::int from refunds r join orders o on o.id = r.order_id
           where o.status = 'refunded' and r.credit_note_id is not null) as refunds_credited,
        (select count(*)::int from cod_remittances) as remittances,
        (select count(*)::int from orders where cod_remittance_id is not null) as remitted`);
    expect(m!.cancelled).toBeGreaterThan(0);
    expect(m!.refunded).toBeGreaterThan(0);
    expect(m!.refunds_credited).toBeGreaterThan(0);
    // Every invoiced order cancelled or refunded has its credit note (the unpaid ones had no invoice).
    expect(m!.credit_notes).toBeGreaterThanOrEqual(m!.refunded + m!.cancelled);
    expect(m!.refunds_paid).toBeGreaterThan(0);
    expect(m!.remittances).toBeGreaterThan(3);
    expect(m!.remitted).toBeGreaterThan(20);
  });

  it("counts as sold exactly what the orders still bought, and ranks best-selling by it", async () => {
    const mismatched = await rows<{ id: number; sold: number; lines: number }>(sql`
      select p.id, p.sold_count as sold, coalesce(l.units, 0)::int as lines
      from products p left join (
        select ol.product_id, sum(ol.quantity) as units from order_lines ol join orders o on o.id = ol.order_id
        where o.status in ('confirmed', 'processing', 'shipped', 'delivered') group by ol.product_id
      ) l on l.product_id = p.id
      where p.sold_count <> coalesce(l.units, 0)`);
    expect(mismatched).toEqual([]);
    const [sold] = await deps.db.select({ n: sql<number>`sum(${products.soldCount})::int` }).from(products);
    expect(sold!.n).toBeGreaterThan(200);
    // An e-book's sales are its owners.
    const ebooks = await rows<{ sold: number; owners: number }>(sql`
      select p.sold_count as sold, (select count(*)::int from entitlements e where e.product_id = p.id) as owners
      from products p where p.kind = 'ebook'`);
    for (const e of ebooks) expect(e.sold).toBe(e.owners);
  });

  it("leaves no message pending: the history's SMS are recorded as sent at their event's time", async () => {
    const [m] = await rows<{ n: number; pending: number; late: number }>(sql`
      select count(*)::int as n, count(*) filter (where status <> 'sent')::int as pending,
        count(*) filter (where sent_at <> created_at)::int as late
      from outbox`);
    expect(m!.n).toBeGreaterThan(300);
    expect(m!.pending).toBe(0);
    expect(m!.late).toBe(0);
    const [sms] = await rows<{ n: number }>(sql`select count(*)::int as n from sms_outbox`);
    expect(sms!.n).toBe(0);
  });

  it("gives the demo student store credit from friends who came through their link (decision 71)", async () => {
    const [credit] = await rows<{ n: number; balance: number; referred: number }>(sql`
      select count(*)::int as n, coalesce(max(e.balance) filter (where e.seq = (
          select max(seq) from store_credit_entries where user_id = u.id)), 0)::int as balance,
        (select count(*)::int from orders o where o.referrer_id = u.id) as referred
      from users u left join store_credit_entries e on e.user_id = u.id and e.kind = 'referral'
      where u.phone = '01800000000' group by u.id`);
    expect(credit!.referred).toBeGreaterThan(0);
    expect(credit!.n).toBeGreaterThan(0);
    expect(credit!.balance).toBe(credit!.n * 5_000);
  });

  it("sends the demo student's order of a book in stock and a pre-order in two parcels, each with its own number and timeline", async () => {
    const [o] = await rows<{ id: number; number: string; status: string; wait_shipping: string }>(sql`
      select o.id, o.number, o.status, o.wait_shipping from orders o join users u on u.id = o.user_id
      where u.phone = '01800000000' and exists (select 1 from shipments s where s.order_id = o.id and s.seq = 2)`);
    expect(o, "the demo student's order in two parcels").toBeDefined();
    expect(o!).toMatchObject({ status: "shipped", wait_shipping: "split" });
    const parcels = await rows<{ seq: number; state: string; consignment: string | null; lines: number }>(sql`
      select seq, state, consignment, (select count(*)::int from jsonb_object_keys(lines)) as lines
      from shipments where order_id = ${o!.id} order by seq`);
    expect(parcels.map((p) => [p.seq, p.state, p.lines])).toEqual([
      [1, "delivered", 1],
      [2, "shipped", 1],
    ]);
    expect(new Set(parcels.map((p) => p.consignment)).size).toBe(2);
    for (const p of parcels) expect(p.consignment).toMatch(/^PT/);

    // The pre-order was released since and filled from stock: a "sold" row of the ledger names the
    // order, and the product's stock is its ledger's last figure.
    const [line] = await rows<{ waits: string; filled: boolean; product_id: number; released: boolean }>(sql`
      select l.waits, l.filled_at is not null as filled, l.product_id,
        p.release_date <= (now() at time zone 'Asia/Dhaka')::date as released
      from order_lines l join products p on p.id = l.product_id
      where l.order_id = ${o!.id} and l.waits is not null`);
    expect(line).toMatchObject({ waits: "preorder", filled: true, released: true });
    const [ledger] = await rows<{ sold: number; stock: number; last: number }>(sql`
      select
        (select count(*)::int from stock_movements m where m.product_id = p.id and m.order_id = ${o!.id}
           and m.reason = 'sold') as sold,
        p.stock,
        (select m.stock_after from stock_movements m where m.product_id = p.id order by m.id desc limit 1) as last
      from products p where p.id = ${line!.product_id}`);
    expect(ledger!.sold).toBe(1);
    expect(ledger!.last).toBe(ledger!.stock);

    // Each parcel's tracking page follows its own parcel: delivered, and on its way.
    const ctx = await staffCtx();
    const [one, two] = await Promise.all(
      parcels.map((p) => findTracking(ctx, p.consignment!, { waitMs: 0 })),
    );
    expect(one).toMatchObject({ parcel: { seq: 1, of: 2 }, shipment: "delivered", items: 1 });
    expect(two).toMatchObject({ parcel: { seq: 2, of: 2 }, shipment: "in_transit", status: "shipped" });
    expect(one!.events.length).toBeGreaterThanOrEqual(3);
    expect(two!.events.length).toBeGreaterThanOrEqual(3);
  });

  it("opts the demo student in to the forgotten-cart SMS", async () => {
    const [u] = await deps.db
      .select({ on: users.cartReminders })
      .from(users)
      .where(eq(users.phone, "01800000000"));
    expect(u?.on).toBe(true);
  });

  it("fills the dashboard, the reports, AP/AR, the invoices and the couriers' cash", async () => {
    const ctx = await staffCtx();
    const board = await dashboard(ctx);
    expect(board.sales!.month.orders + board.sales!.days.reduce((s, d) => s + d.revenue, 0)).toBeGreaterThan(
      0,
    );
    expect(board.sales!.top.length).toBeGreaterThan(3);
    const report = await salesReport(ctx, { preset: "last30" });
    expect(report.totals.orders).toBeGreaterThan(50);
    expect(report.byDistrict.length).toBeGreaterThan(5);
    expect(report.bySource.length).toBeGreaterThan(2);
    const { months } = await aparMonths(ctx);
    expect(months.length).toBeGreaterThanOrEqual(2);
    for (const figure of [
      "invoiced",
      "credited",
      "collectedOnline",
      "codCollected",
      "codRemitted",
      "refundsPaid",
    ] as const) {
      expect(
        months.reduce((s, m) => s + (m as unknown as Record<string, number>)[figure]!, 0),
        figure,
      ).toBeGreaterThan(0);
    }
    expect((await listInvoicesFrom(ctx, {})).total).toBeGreaterThan(100);
    expect((await codOutstanding(ctx)).total).toBeGreaterThan(0);
    expect((await listCodRemittances(ctx, {})).total).toBeGreaterThan(3);
  });

  it("adds nothing on a second start", async () => {
    const [before] = await deps.db.select({ n: count() }).from(orders);
    await database.close();
    ({ deps, database } = await bootServices(demoConfig(), log));
    const [after] = await deps.db.select({ n: count() }).from(orders);
    expect(after!.n).toBe(before!.n);
  }, 120_000);
});

describe("production", () => {
  const productionSettings = (dir: string) => ({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: dir,
    SESSION_SECRET: "production-secret-that-is-at-least-32-characters",
    PUBLIC_URL: "https://pathagar.com.bd",
    PAYMENT_PROVIDER: "sslcommerz",
    SSLCOMMERZ_STORE_ID: "shop01",
    SSLCOMMERZ_STORE_PASSWORD: "shop01@ssl",
    ADMIN_PHONE: "01712345678",
    ADMIN_PASSWORD: "a-strong-admin-password",
  });

  it("seeds no catalogue and no orders on an empty database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pathagar-production-"));
    const config = loadConfig(productionSettings(dir));
    expect(config.seedDemo).toBe(false);
    const booted = await bootServices(config, log);
    try {
      const [p] = await booted.deps.db.select({ n: count() }).from(products);
      const [o] = await booted.deps.db.select({ n: count() }).from(orders);
      const [m] = await booted.deps.db.select({ n: count() }).from(outbox);
      expect([p!.n, o!.n, m!.n]).toEqual([0, 0, 0]);
    } finally {
      await booted.database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("with SEED_DEMO=true shows the demo catalogue but places no order history", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pathagar-production-demo-"));
    const config = loadConfig({ ...productionSettings(dir), SEED_DEMO: "true" });
    expect(config.seedDemo).toBe(true);
    const booted = await bootServices(config, log);
    try {
      const [p] = await booted.deps.db.select({ n: count() }).from(products);
      const [o] = await booted.deps.db.select({ n: count() }).from(orders);
      const [m] = await booted.deps.db.select({ n: count() }).from(outbox);
      expect(p!.n).toBeGreaterThan(0);
      expect([o!.n, m!.n]).toEqual([0, 0]);
    } finally {
      await booted.database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
