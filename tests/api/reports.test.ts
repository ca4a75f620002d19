/**
 * The sales report and the stationery shop's report: every total is the sum of the order rows
 * behind it (a property over random histories), Dhaka days, credit notes, the CSV tables and the
 * refusals.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOUGHT_STATUSES, ORDER_STATUSES, type OrderStatus } from "../../src/contracts/order-status";
import type { ReportSales, ShopReport } from "../../src/contracts/reports";
import { LOW_STOCK } from "../../src/contracts/stock";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { clearOrders, insertReportOrder, type ReportLine } from "./report-orders";

let h: Harness;
let admin: TestUser;
let buyerId: number;
let book: { id: number };
let pen: { id: number };
let course: { id: number };

const report = (query: string, u: TestUser = admin) =>
  h.request<ReportSales>("GET", `/api/admin/reports/sales${query}`, { cookie: u.cookie });
const csv = (query: string, u: TestUser = admin) =>
  h.request("GET", `/api/admin/reports/sales.csv${query}`, { cookie: u.cookie });
const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];
const taka = (s: string) => Math.round(Number(s) * 100);

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin" });
  buyerId = (await h.createUser({ name: "Report Buyer" })).user.id;
  book = await createProduct(h.db, { title: "Report Book", price: 40_000, stock: 50 });
  pen = await createProduct(h.db, { kind: "stationary", title: "Report Pen", price: 2_000, stock: 3 });
  course = await createProduct(h.db, { kind: "content", title: "Report Course", price: 90_000 });
  h.clock.set(new Date("2031-03-05T04:00:00Z"));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

beforeEach(async () => {
  await clearOrders(h.db);
});

const bookLine = (quantity: number, discount = 0): ReportLine => ({
  productId: book.id,
  kind: "book",
  quantity,
  unitPrice: 40_000,
  discount,
});

describe("GET /api/admin/reports/sales", () => {
  it("counts an order on its Dhaka day: 23:30 the same day, 00:30 the next", async () => {
    // 10 Feb 2031 23:30 in Dhaka is 17:30 UTC; 11 Feb 00:30 in Dhaka is still the 10th in UTC.
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-10T17:30:00Z"),
      status: "confirmed",
      lines: [bookLine(2)],
    });
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-10T18:30:00Z"),
      status: "delivered",
      lines: [bookLine(1, 4_000)],
    });
    const res = await report("?from=2031-02-10&to=2031-02-11");
    expect(res.status, res.text).toBe(200);
    const d = res.body.data!;
    expect(d.byDay).toEqual([
      { key: "2031-02-10", orders: 1, units: 2, sales: 80_000, credited: 0, net: 80_000 },
      { key: "2031-02-11", orders: 1, units: 1, sales: 36_000, credited: 0, net: 36_000 },
    ]);
    // 23:29 in Dhaka of the 9th is before the range.
    const before = await report("?from=2031-02-11&to=2031-02-11");
    expect(before.body.data!.totals.orders).toBe(1);
  });

  it("takes credit notes off the order's own day, never more than its sales", async () => {
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-10T06:00:00Z"),
      status: "delivered",
      lines: [bookLine(1)],
      credits: [10_000, 5_000],
    });
    // A credit note bigger than the sales (delivery given back too) lowers the sales to zero, no further.
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-10T07:00:00Z"),
      status: "delivered",
      lines: [bookLine(1)],
      credits: [46_000],
    });
    // A cancelled order is not a sale, nor are its credit notes taken off anything.
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-10T08:00:00Z"),
      status: "cancelled",
      lines: [bookLine(3)],
      credits: [126_000],
    });
    const res = await report("?from=2031-02-10&to=2031-02-10");
    expect(res.body.data!.totals).toEqual({
      orders: 2,
      units: 2,
      sales: 80_000,
      credited: 55_000,
      net: 25_000,
    });
  });

  it("resolves the presets in Dhaka days", async () => {
    // 5 Mar 2031, 10:00 in Dhaka.
    const cases: [string, string, string][] = [
      ["last7", "2031-02-27", "2031-03-05"],
      ["last30", "2031-02-04", "2031-03-05"],
      ["thisMonth", "2031-03-01", "2031-03-05"],
      ["lastMonth", "2031-02-01", "2031-02-28"],
      ["thisYear", "2031-01-01", "2031-03-05"],
    ];
    for (const [preset, from, to] of cases) {
      const res = await report(`?preset=${preset}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ from, to, preset });
    }
    // A range that happens to be a preset is named as it.
    expect((await report("?from=2031-03-01&to=2031-03-05")).body.data!.preset).toBe("thisMonth");
    expect((await report("?from=2031-03-02&to=2031-03-05")).body.data!.preset).toBeNull();
  });

  it.each([
    ["?from=2031-02-10&to=2031-02-01", "from"],
    ["?from=2029-01-01&to=2031-01-02", "to"],
    ["?from=2031-02-30", "from"],
    ["?to=yesterday", "to"],
    ["?preset=lastWeek", "preset"],
  ])("refuses %s with 400 naming %s", async (query, field) => {
    const res = await report(query);
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
  });

  it("refuses staff without the reports permission", async () => {
    const other = await h.createUser({ role: "staff", permissions: ["orders", "stationery"] });
    expect((await report("", other)).status).toBe(403);
    expect((await csv("?table=day", other)).status).toBe(403);
  });

  it("every total is the sum of the order rows behind it, to the poisha (random histories)", async () => {
    const day0 = Date.parse("2031-01-01T00:00:00+06:00");
    const line = fc.record({
      product: fc.constantFrom("book", "pen", "course"),
      quantity: fc.integer({ min: 1, max: 4 }),
      unitPrice: fc.integer({ min: 100, max: 90_000 }),
      discountShare: fc.integer({ min: 0, max: 30 }),
    });
    const order = fc.record({
      minute: fc.integer({ min: 0, max: 60 * 24 * 75 }),
      status: fc.constantFrom(...ORDER_STATUSES),
      source: fc.constantFrom("direct", "facebook", "REF123"),
      district: fc.constantFrom("Dhaka", "Sylhet", "Khulna"),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      credits: fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 12 }), async (history) => {
        await clearOrders(h.db);
        const products = { book, pen, course } as const;
        const kinds = { book: "book", pen: "stationary", course: "content" } as const;
        const expected = { orders: 0, units: 0, sales: 0, credited: 0 };
        for (const o of history) {
          const lines = o.lines.map((l) => ({
            productId: products[l.product].id,
            kind: kinds[l.product],
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            discount: Math.floor((l.unitPrice * l.quantity * l.discountShare) / 100),
          }));
          const createdAt = new Date(day0 + o.minute * 60_000);
          await insertReportOrder(h.db, { userId: buyerId, createdAt, ...o, lines });
          // The window is Jan and Feb 2031 in Dhaka: minutes past 59 days fall outside it.
          const inside = createdAt.getTime() < Date.parse("2031-03-01T00:00:00+06:00");
          if (!inside || !BOUGHT_STATUSES.includes(o.status as OrderStatus)) continue;
          const sales = lines.reduce((s, l) => s + l.unitPrice * l.quantity - l.discount, 0);
          expected.orders += 1;
          expected.units += lines.reduce((s, l) => s + l.quantity, 0);
          expected.sales += sales;
          expected.credited += Math.min(
            o.credits.reduce((s, c) => s + c, 0),
            sales,
          );
        }
        const res = await report("?from=2031-01-01&to=2031-02-28");
        expect(res.status, res.text).toBe(200);
        const d = res.body.data!;
        const want = { ...expected, net: expected.sales - expected.credited };
        expect(d.totals).toEqual(want);
        const sum = (
          rows: { orders: number; units: number; sales: number; credited: number; net: number }[],
        ) =>
          rows.reduce(
            (t, r) => ({
              orders: t.orders + r.orders,
              units: t.units + r.units,
              sales: t.sales + r.sales,
              credited: t.credited + r.credited,
              net: t.net + r.net,
            }),
            { orders: 0, units: 0, sales: 0, credited: 0, net: 0 },
          );
        expect(sum(d.byDay)).toEqual(want);
        expect(sum(d.byMonth)).toEqual(want);
        expect(sum(d.bySource)).toEqual(want);
        expect(sum(d.byDistrict)).toEqual(want);
        expect(d.byKind.reduce((s, k) => s + k.sales, 0)).toBe(want.sales);
        expect(d.byKind.reduce((s, k) => s + k.units, 0)).toBe(want.units);
        // The orders CSV lists exactly the rows behind the totals.
        const file = await csv("?from=2031-01-01&to=2031-02-28&table=orders");
        expect(file.status, file.text).toBe(200);
        const rows = rowsOf(file.text);
        expect(rows).toHaveLength(want.orders);
        expect(rows.reduce((s, r) => s + taka(r["Sales (taka)"]!), 0)).toBe(want.sales);
        expect(rows.reduce((s, r) => s + taka(r["Net (taka)"]!), 0)).toBe(want.net);
      }),
      { numRuns: 12, seed: 2031 },
    );
  }, 120_000);
});

describe("GET /api/admin/reports/sales.csv", () => {
  beforeEach(async () => {
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-10T06:00:00Z"),
      status: "delivered",
      source: "facebook",
      district: "Sylhet",
      lines: [
        bookLine(2),
        { productId: pen.id, kind: "stationary", quantity: 3, unitPrice: 2_000, discount: 0 },
      ],
    });
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-12T06:00:00Z"),
      status: "confirmed",
      lines: [{ productId: course.id, kind: "content", quantity: 1, unitPrice: 90_000, discount: 9_000 }],
    });
  });

  it("downloads each table, money in taka, private and not stored", async () => {
    const day = await csv("?from=2031-02-10&to=2031-02-12&table=day");
    expect(day.status, day.text).toBe(200);
    expect(day.headers.get("content-type")).toContain("text/csv");
    expect(day.headers.get("content-disposition")).toBe(
      'attachment; filename="sales-day-2031-02-10-to-2031-02-12.csv"',
    );
    expect(day.headers.get("cache-control")).toContain("no-store");
    expect(rowsOf(day.text)).toEqual([
      {
        Day: "2031-02-10",
        Orders: "1",
        Units: "5",
        "Sales (taka)": "860.00",
        "Credited (taka)": "0.00",
        "Net (taka)": "860.00",
      },
      {
        Day: "2031-02-11",
        Orders: "0",
        Units: "0",
        "Sales (taka)": "0.00",
        "Credited (taka)": "0.00",
        "Net (taka)": "0.00",
      },
      {
        Day: "2031-02-12",
        Orders: "1",
        Units: "1",
        "Sales (taka)": "810.00",
        "Credited (taka)": "0.00",
        "Net (taka)": "810.00",
      },
    ]);
    const kind = rowsOf((await csv("?from=2031-02-10&to=2031-02-12&table=kind")).text);
    expect(kind.filter((k) => k["Sales (taka)"] !== "0.00")).toEqual([
      { Kind: "book", Units: "2", "Sales (taka)": "800.00" },
      { Kind: "stationary", Units: "3", "Sales (taka)": "60.00" },
      { Kind: "content", Units: "1", "Sales (taka)": "810.00" },
    ]);
    const source = rowsOf((await csv("?from=2031-02-10&to=2031-02-12&table=source")).text);
    expect(source.map((s) => [s.Source, s["Net (taka)"]])).toEqual([
      ["Facebook", "860.00"],
      ["direct", "810.00"],
    ]);
    const products = rowsOf((await csv("?from=2031-02-10&to=2031-02-12&table=products")).text);
    expect(products.map((p) => p.Title)).toEqual(["Report Course", "Report Book", "Report Pen"]);
    const orders = rowsOf((await csv("?from=2031-02-10&to=2031-02-12&table=orders")).text);
    expect(orders.map((o) => [o["Placed (Dhaka)"], o.District, o["Net (taka)"]])).toEqual([
      ["2031-02-10 12:00", "Sylhet", "860.00"],
      ["2031-02-12 12:00", "Dhaka", "810.00"],
    ]);
  });

  it('names sources in words and the orders without a parcel\'s district "No delivery"', async () => {
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-11T06:00:00Z"),
      status: "confirmed",
      source: "REFCODE7",
      district: "",
      lines: [{ productId: course.id, kind: "content", quantity: 1, unitPrice: 50_000, discount: 0 }],
    });
    const source = rowsOf((await csv("?from=2031-02-10&to=2031-02-12&table=source")).text);
    expect(source.map((s) => s.Source)).toEqual(["Facebook", "direct", "Referral code REFCODE7"]);
    const district = rowsOf((await csv("?from=2031-02-10&to=2031-02-12&table=district")).text);
    expect(district.map((d) => [d.District, d.Orders])).toEqual([
      ["Sylhet", "1"],
      ["Dhaka", "1"],
      ["No delivery", "1"],
    ]);
    // The JSON keeps the keys; the page puts them in words in its language.
    const r = await report("?from=2031-02-10&to=2031-02-12");
    expect(r.body.data!.byDistrict.map((d: { key: string }) => d.key)).toContain("");
  });

  it("says a long range's orders go to a background job, and refuses an unknown table", async () => {
    const long = await csv("?from=2030-06-01&to=2031-02-28&table=orders");
    expect(long.status, long.text).toBe(400);
    expect((long.body as { message: string }).message).toContain("background job");
    const r = await report("?from=2030-06-01&to=2031-02-28");
    expect(r.body.data!.export).toEqual({ mode: "job", orders: 2 });
    expect((await report("?from=2031-02-01&to=2031-02-28")).body.data!.export).toEqual({
      mode: "stream",
      orders: 2,
    });
    // An aggregate table of a long range is small: it is answered at once.
    expect((await csv("?from=2030-06-01&to=2031-02-28&table=month")).status).toBe(200);
    const bad = await csv("?table=weeks");
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors?: object }).errors ?? {})).toContain("table");
  });
});

describe("GET /api/admin/reports/shop", () => {
  it("answers stationery sales, the stock's value at today's price and the low stock", async () => {
    await insertReportOrder(h.db, {
      userId: buyerId,
      createdAt: new Date("2031-02-10T06:00:00Z"),
      status: "delivered",
      lines: [
        bookLine(2),
        { productId: pen.id, kind: "stationary", quantity: 3, unitPrice: 2_000, discount: 500 },
      ],
    });
    const ruler = await createProduct(h.db, {
      kind: "stationary",
      title: "Report Ruler",
      price: 5_000,
      salePrice: 4_000,
      stock: 10,
    });
    const stationer = await h.createUser({ role: "staff", permissions: ["stationery"] });
    const res = await h.request<ShopReport>("GET", "/api/admin/reports/shop?from=2031-02-10&to=2031-02-11", {
      cookie: stationer.cookie,
    });
    expect(res.status, res.text).toBe(200);
    const d = res.body.data!;
    expect(d.totals).toEqual({ orders: 1, units: 3, sales: 5_500 });
    expect(d.byDay[0]).toEqual({ key: "2031-02-10", orders: 1, units: 3, sales: 5_500 });
    expect(d.products.map((p) => p.title)).toEqual(["Report Pen"]);
    // Pen: 3 × 20 taka; ruler: 10 × its sale price, 40 taka.
    expect(d.stock).toEqual({ products: 2, units: 13, value: 3 * 2_000 + 10 * 4_000 });
    expect(d.lowStock.map((p) => p.title)).toEqual(["Report Pen"]);
    expect(d.lowStockThreshold).toBe(LOW_STOCK);
    expect(ruler.id).toBeGreaterThan(0);
    const reporter = await h.createUser({ role: "staff", permissions: ["reports"] });
    expect((await h.request("GET", "/api/admin/reports/shop", { cookie: reporter.cookie })).status).toBe(403);
  });
});
