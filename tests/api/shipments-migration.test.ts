/**
 * Migration 0038 (decision 73): every physical order placed before parcels existed gets its first
 * parcel, with its printed lines, its consignment and courier, where it stands, the courier's last
 * word and when it was last asked; an order of e-books alone gets none; the courier's history
 * lines become the parcel's. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir } from "../../src/server/db/client";
import { migrationsBefore, openScratch, type Scratch } from "../support/scratch-migrations";

let db: Scratch;
let before: string;

beforeAll(async () => {
  before = migrationsBefore("0038_shipments");
  db = await openScratch("shipments");
});
afterAll(async () => {
  await db?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe("the migration that gives every order its first parcel", () => {
  it("makes parcel 1 of each physical order from the order's own columns, and none for e-books alone", async () => {
    await db.migrate(before);
    await db.query(`insert into users (id, name) overriding system value values (1, 'Buyer')`);
    await db.query(`
      insert into products (id, kind, slug, title, price) overriding system value values
        (1, 'book', 'printed', 'Printed', 30000), (2, 'ebook', 'digital', 'Digital', 15000)`);
    const order = (id: number, status: string, physical: boolean, extra: string) => `
      insert into orders (id, number, user_id, status, payment_method, name, phone, district, area, address,
        subtotal, discount, delivery, total, source, physical, courier, consignment, courier_checked_at,
        delivered_at) overriding system value values
        (${id}, '10000${id}', 1, '${status}', 'cod', 'Buyer', '01711111111', 'Dhaka', 'Mirpur', 'Road 1',
         30000, 0, 6000, 36000, 'website', ${physical}, ${extra})`;
    await db.query(order(1, "shipped", true, "'pathao', 'DL-1', '2026-11-01T10:00:00Z', null"));
    await db.query(order(2, "confirmed", true, "null, null, null, null"));
    await db.query(order(3, "delivered", true, "'hand', null, null, '2026-11-02T10:00:00Z'"));
    await db.query(order(4, "confirmed", false, "null, null, null, null"));
    await db.query(order(5, "cancelled", true, "null, null, null, null"));
    await db.query(`
      insert into order_lines (id, order_id, product_id, kind, title, unit_price, quantity, line_total, source)
        overriding system value values
        (1, 1, 1, 'book', 'Printed', 30000, 2, 60000, 'website'),
        (2, 1, 2, 'ebook', 'Digital', 15000, 1, 15000, 'website'),
        (3, 2, 1, 'book', 'Printed', 30000, 1, 30000, 'website'),
        (4, 3, 1, 'book', 'Printed', 30000, 1, 30000, 'website'),
        (5, 4, 2, 'ebook', 'Digital', 15000, 1, 15000, 'website'),
        (6, 5, 1, 'book', 'Printed', 30000, 1, 30000, 'website')`);
    await db.query(`
      insert into order_events (order_id, status, note, created_at) values
        (1, 'shipped', 'Consignment DL-1 (Pathao)', '2026-11-01T09:00:00Z'),
        (1, 'shipment:in_review', 'Pathao: Pending', '2026-11-01T09:00:00Z'),
        (1, 'shipment:in_transit', 'Pathao: In transit', '2026-11-01T10:00:00Z')`);
    await db.migrate(defaultMigrationsDir);
    const rows = await db.query(
      "select order_id, seq, lines, state, courier, consignment, parcel, checked_at is not null as checked, shipped_at is not null as shipped, delivered_at is not null as delivered from shipments order by order_id",
    );
    expect(rows).toEqual([
      {
        order_id: 1,
        seq: 1,
        lines: { "1": 2 },
        state: "shipped",
        courier: "pathao",
        consignment: "DL-1",
        parcel: "in_transit",
        checked: true,
        shipped: true,
        delivered: false,
      },
      {
        order_id: 2,
        seq: 1,
        lines: { "3": 1 },
        state: "ready",
        courier: null,
        consignment: null,
        parcel: null,
        checked: false,
        shipped: false,
        delivered: false,
      },
      {
        order_id: 3,
        seq: 1,
        lines: { "4": 1 },
        state: "delivered",
        courier: "hand",
        consignment: null,
        parcel: null,
        checked: false,
        shipped: false,
        delivered: true,
      },
      {
        order_id: 5,
        seq: 1,
        lines: { "6": 1 },
        state: "cancelled",
        courier: null,
        consignment: null,
        parcel: null,
        checked: false,
        shipped: false,
        delivered: false,
      },
    ]);
    const tagged = await db.query(
      "select status, shipment_id is not null as tagged from order_events where order_id = 1 order by id",
    );
    expect(tagged.map((e) => [e.status, e.tagged])).toEqual([
      ["shipped", false],
      ["shipment:in_review", true],
      ["shipment:in_transit", true],
    ]);
  });
});
