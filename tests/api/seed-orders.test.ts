/**
 * The seeded order history (`npm run db:seed -- --orders N`): its money rows agree with each
 * other as decision 29 has them, and its invoices and credit notes are numbered without gaps.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedOrders } from "../../src/server/seed/orders";
import { createCoupon, createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

let h: Harness;
const N = 400;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await h.db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

beforeAll(async () => {
  h = await createHarness();
  for (let i = 0; i < 8; i++) await createProduct(h.db, { price: 20_000 + i * 5_000, stock: 50 });
  await createProduct(h.db, { kind: "stationary", price: 2_000, stock: 100 });
  await createProduct(h.db, { kind: "ebook", price: 15_000 });
  await createCoupon(h.db, { value: 10 });
  const added = await seedOrders(h.db, N, {
    customers: 60,
    now: new Date("2031-03-01T08:00:00Z"),
    seed: "test",
  });
  expect(added).toBe(N);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("seedOrders", () => {
  it("writes the orders over the last 13 months, with lines, in every kind of state", async () => {
    const [o] = await rows<{
      n: number;
      first: string;
      statuses: number;
      cod: number;
      coupons: number;
      refs: number;
    }>(sql`
      select count(*)::int as n, min(created_at)::text as first, count(distinct status)::int as statuses,
        count(*) filter (where payment_method = 'cod')::int as cod, count(coupon_code)::int as coupons,
        count(referrer_id)::int as refs
      from orders`);
    expect(o!.n).toBe(N);
    expect(o!.first >= "2030-01-29").toBe(true);
    expect(o!.statuses).toBeGreaterThanOrEqual(5);
    expect(o!.cod).toBeGreaterThan(0);
    expect(o!.coupons).toBeGreaterThan(0);
    expect(o!.refs).toBeGreaterThan(0);
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders o
      where o.subtotal <> (select sum(line_total) from order_lines l where l.order_id = o.id)
         or o.discount <> (select sum(discount) from order_lines l where l.order_id = o.id)`);
    expect(bad!.n).toBe(0);
  });

  it("numbers invoices and credit notes without gaps per year, and moves the counters on", async () => {
    for (const [table, counters] of [
      ["invoices", "invoice_counters"],
      ["credit_notes", "credit_note_counters"],
    ] as const) {
      const years = await rows<{ year: number; n: number; last: number; counter: number }>(
        sql.raw(`select substring(d.number from '-(\\d{4})-')::int as year, count(*)::int as n,
          max(substring(d.number from '(\\d{6})$')::int) as last, max(c.last) as counter
          from ${table} d join ${counters} c on c.year = substring(d.number from '-(\\d{4})-')::int group by 1`),
      );
      expect(years.length).toBeGreaterThan(0);
      for (const y of years) expect([y.n, y.counter]).toEqual([y.last, y.last]);
    }
  });

  it("keeps the ledger's rows consistent with the orders (decision 29)", async () => {
    const checks = await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from orders o where (o.confirmed_at is not null) <> exists (select 1 from invoices i where i.order_id = o.id)) as invoice_mismatch,
        (select count(*)::int from invoices i join orders o on o.id = i.order_id where i.total <> o.total) as invoice_total,
        (select count(*)::int from payments where status = 'paid' and paid_at is null) as paid_without_time,
        (select count(*)::int from orders o where o.payment_method = 'gateway' and o.confirmed_at is not null
           and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'paid')) as unpaid_confirmed,
        (select count(*)::int from orders where status = 'delivered' and delivered_at is null) as delivered_without_time,
        (select count(*)::int from cod_remittances r where r.amount <> (select coalesce(sum(total), 0) from orders o where o.cod_remittance_id = r.id)) as remittance_sum,
        (select count(*)::int from orders where cod_remittance_id is not null and (payment_method <> 'cod' or delivered_at is null)) as remitted_not_collected,
        (select count(*)::int from orders o where (select coalesce(sum(amount), 0) from credit_notes c where c.order_id = o.id) > o.total) as over_credited,
        (select count(*)::int from orders o where o.status in ('cancelled', 'refunded') and o.confirmed_at is not null
           and not exists (select 1 from credit_notes c where c.order_id = o.id)) as cancelled_without_credit,
        (select count(*)::int from refunds f join orders o on o.id = f.order_id
           where f.amount > (select coalesce(sum(amount), 0) from payments p where p.order_id = o.id and p.status = 'paid')
             + case when o.payment_method = 'cod' and o.delivered_at is not null then o.total else 0 end) as refund_over_taken`);
    expect(checks[0]).toEqual({
      invoice_mismatch: 0,
      invoice_total: 0,
      paid_without_time: 0,
      unpaid_confirmed: 0,
      delivered_without_time: 0,
      remittance_sum: 0,
      remitted_not_collected: 0,
      over_credited: 0,
      cancelled_without_credit: 0,
      refund_over_taken: 0,
    });
    const [counts] = await rows<{ remitted: number; credits: number; refunds: number }>(sql`
      select (select count(*)::int from orders where cod_remittance_id is not null) as remitted,
        (select count(*)::int from credit_notes) as credits, (select count(*)::int from refunds) as refunds`);
    expect(counts!.remitted).toBeGreaterThan(0);
    expect(counts!.credits).toBeGreaterThan(0);
    expect(counts!.refunds).toBeGreaterThan(0);
  });
});
