/**
 * The back office's sales: a product's units and revenue per Dhaka day or month (JSON and CSV),
 * and the dashboard. The figures are held against orders placed through the shop's own checkout
 * at chosen times: cancelled, refunded and unpaid orders do not count, a coupon's share is taken
 * off, and an order counts on the Dhaka day it was placed, not the UTC one.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard, ProductSales } from "../../src/contracts/sales";
import { SALES_MEANING } from "../../src/contracts/sales";
import { LOW_STOCK } from "../../src/contracts/stock";
import { ADDRESS, checkout } from "./buying";
import { addBundleItems, createCoupon, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let admin: TestUser;
let buyer: TestUser;
let book: { id: number };
let bundle: { id: number };
let stationery: { id: number };
let lowBook: { id: number };
let content: { id: number };

const at = (iso: string) => h.clock.set(new Date(iso));

async function moveOrder(orderId: number, status: string) {
  const res = await h.request("PATCH", `/api/admin/orders/${orderId}/status`, {
    body: { status },
    cookie: admin.cookie,
  });
  expect(res.status, res.text).toBe(200);
}

function sales(id: number, query = "", u: TestUser = admin) {
  return h.request<ProductSales>("GET", `/api/admin/products/${id}/sales${query}`, { cookie: u.cookie });
}

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin" });
  buyer = await h.createUser({ name: "Sales Buyer" });
  book = await createProduct(h.db, {
    title: "Physics First Paper",
    titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
    price: 40_000,
    stock: 100,
  });
  const item = await createProduct(h.db, { title: "Bundle Item", price: 30_000, stock: 100 });
  bundle = await createProduct(h.db, { kind: "bundle", title: "HSC Set", price: 50_000, stock: null });
  await addBundleItems(h.db, bundle.id, [{ itemId: item.id, quantity: 2 }]);
  stationery = await createProduct(h.db, { kind: "stationary", title: "Blue Pen", price: 2_000, stock: 100 });
  lowBook = await createProduct(h.db, { title: "Almost Gone", price: 10_000, stock: 2 });
  await createProduct(h.db, { kind: "stationary", title: "Last Ruler", price: 1_000, stock: LOW_STOCK });
  await createProduct(h.db, { title: "Hidden Low", price: 10_000, stock: 1, published: false });
  content = await createProduct(h.db, { kind: "content", title: "Chemistry Course", price: 90_000 });

  // 10 Feb 2031, 23:30 in Dhaka (17:30 UTC): two copies, cash on delivery, confirmed at once.
  at("2031-02-10T17:30:00Z");
  await checkout(h, buyer, { items: [{ productId: book.id, quantity: 2 }] });
  // 11 Feb, 00:30 in Dhaka, still 10 Feb in UTC: one copy, with 10% off.
  at("2031-02-10T18:30:00Z");
  const coupon = await createCoupon(h.db, { value: 10 });
  const added = await h.request("POST", "/api/cart", {
    body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
    cookie: buyer.cookie,
  });
  expect(added.status, added.text).toBe(201);
  const applied = await h.request("POST", "/api/coupon/apply", {
    body: { code: coupon.code },
    cookie: buyer.cookie,
  });
  expect(applied.status, applied.text).toBe(200);
  const placed = await h.request("POST", "/api/checkout", {
    body: { ...ADDRESS, phone: buyer.phone, paymentMethod: "cod" },
    cookie: buyer.cookie,
  });
  expect(placed.status, placed.text).toBe(201);
  // 12 Feb: one cancelled, one refunded, one waiting for an online payment: none of them a sale.
  at("2031-02-12T06:00:00Z");
  await moveOrder(
    (await checkout(h, buyer, { items: [{ productId: book.id, quantity: 5 }] })).orderId,
    "cancelled",
  );
  await moveOrder(
    (await checkout(h, buyer, { items: [{ productId: book.id, quantity: 7 }] })).orderId,
    "refunded",
  );
  await checkout(h, buyer, { items: [{ productId: book.id, quantity: 3 }], paymentMethod: "gateway" });
  // 14 Feb: a bundle (its own line; the book inside is not a sale of the book) and a pen.
  at("2031-02-14T04:00:00Z");
  await checkout(h, buyer, { items: [{ productId: bundle.id, type: "bundle" }] });
  // 2 Mar (this month), and today, 5 Mar at 10:00 in Dhaka.
  at("2031-03-02T04:00:00Z");
  await checkout(h, buyer, { items: [{ productId: book.id, quantity: 1 }] });
  at("2031-03-05T04:00:00Z");
  await checkout(h, buyer, {
    items: [
      { productId: book.id, quantity: 1 },
      { productId: stationery.id, quantity: 4, type: "stationary" },
    ],
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("GET /api/admin/products/{id}/sales", () => {
  it("counts bought orders by Dhaka day, zero-filled, with totals that reconcile", async () => {
    const res = await sales(book.id, "?from=2031-02-09&to=2031-02-15");
    expect(res.status, res.text).toBe(200);
    const data = res.body.data!;
    expect(data.product).toEqual({
      id: book.id,
      kind: "book",
      title: "Physics First Paper",
      titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
    });
    expect(data).toMatchObject({ group: "day", from: "2031-02-09", to: "2031-02-15" });
    expect(data.rows).toEqual([
      { period: "2031-02-09", units: 0, revenue: 0 },
      // 23:30 in Dhaka counts for that Dhaka day.
      { period: "2031-02-10", units: 2, revenue: 80_000 },
      // 00:30 in Dhaka is the next day there, though still the 10th in UTC; 10% off is taken off.
      { period: "2031-02-11", units: 1, revenue: 36_000 },
      // Cancelled, refunded and unpaid: nothing.
      { period: "2031-02-12", units: 0, revenue: 0 },
      { period: "2031-02-13", units: 0, revenue: 0 },
      { period: "2031-02-14", units: 0, revenue: 0 },
      { period: "2031-02-15", units: 0, revenue: 0 },
    ]);
    expect(data.totals).toEqual({ units: 3, revenue: 116_000 });
  });

  it("groups by Dhaka month, every month of the range present", async () => {
    const res = await sales(book.id, "?group=month&from=2031-01-15&to=2031-03-31");
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.rows).toEqual([
      { period: "2031-01", units: 0, revenue: 0 },
      { period: "2031-02", units: 3, revenue: 116_000 },
      { period: "2031-03", units: 2, revenue: 80_000 },
    ]);
    expect(res.body.data!.totals).toEqual({ units: 5, revenue: 196_000 });
  });

  it("defaults to the last 30 Dhaka days by day, today last", async () => {
    at("2031-03-05T20:00:00Z"); // 6 Mar, 02:00 in Dhaka
    const res = await sales(book.id);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data!;
    expect(data).toMatchObject({ group: "day", from: "2031-02-05", to: "2031-03-06" });
    expect(data.rows).toHaveLength(30);
    expect(data.rows.at(-1)).toEqual({ period: "2031-03-06", units: 0, revenue: 0 });
    expect(data.rows.find((r) => r.period === "2031-03-05")).toEqual({
      period: "2031-03-05",
      units: 1,
      revenue: 40_000,
    });
    expect(data.totals).toEqual({ units: 5, revenue: 196_000 });
  });

  it("counts a bundle's sales on the bundle", async () => {
    const res = await sales(bundle.id, "?from=2031-02-14&to=2031-02-14");
    expect(res.body.data!.rows).toEqual([{ period: "2031-02-14", units: 1, revenue: 50_000 }]);
  });

  it.each([
    ["?from=2031-02-10&to=2031-02-01", "from"],
    ["?from=2029-01-01&to=2031-01-02", "to"],
    ["?from=2031-02-30", "from"],
    ["?from=10-02-2031", "from"],
    ["?group=week", "group"],
  ])("refuses %s with 400 naming %s", async (query, field) => {
    const res = await sales(book.id, query);
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
  });

  it("answers a range of exactly two years", async () => {
    const res = await sales(book.id, "?group=month&from=2029-03-06&to=2031-03-06");
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.rows).toHaveLength(25);
  });

  it("answers 404 for a product that does not exist", async () => {
    expect((await sales(999_999)).status).toBe(404);
  });

  it("refuses staff without the product's area before looking for it: 403 for a missing id too", async () => {
    const clerk = await h.createUser({ role: "staff", permissions: ["orders"] });
    const stationer = await h.createUser({ role: "staff", permissions: ["stationery"] });
    for (const who of [clerk, stationer]) {
      for (const path of ["sales", "sales.csv"]) {
        const missing = await h.request("GET", `/api/admin/products/999999/${path}`, { cookie: who.cookie });
        const real = await h.request("GET", `/api/admin/products/${book.id}/${path}`, { cookie: who.cookie });
        expect([missing.status, real.status], missing.text).toEqual([403, 403]);
        expect(missing.body.message).toBe(real.body.message);
      }
    }
  });

  it("asks for the product's own area: books, bundles, stationery, content", async () => {
    const only = async (area: "books" | "bundles" | "stationery" | "content") =>
      h.createUser({ role: "staff", permissions: [area] });
    const [books, bundles, stationers, editors] = await Promise.all([
      only("books"),
      only("bundles"),
      only("stationery"),
      only("content"),
    ]);
    const cases: [number, TestUser, number][] = [
      [book.id, books, 200],
      [book.id, bundles, 403],
      [bundle.id, bundles, 200],
      [bundle.id, books, 403],
      [stationery.id, stationers, 200],
      [stationery.id, books, 403],
      [content.id, editors, 200],
      [content.id, books, 403],
    ];
    for (const [id, who, status] of cases) {
      const res = await sales(id, "", who);
      expect(res.status, `${who.user.permissions.join()} on ${id}: ${res.text}`).toBe(status);
      const csv = await h.request("GET", `/api/admin/products/${id}/sales.csv`, { cookie: who.cookie });
      expect(csv.status).toBe(status);
    }
    expect((await h.request("GET", `/api/admin/products/${book.id}/sales`)).status).toBe(401);
    expect((await sales(book.id, "", buyer)).status).toBe(403);
  });
});

describe("GET /api/admin/products/{id}/sales.csv", () => {
  it("downloads the same figures as a CSV attachment with a byte-order mark and the Bangla title", async () => {
    const res = await h.request(
      "GET",
      `/api/admin/products/${book.id}/sales.csv?from=2031-02-10&to=2031-02-12`,
      {
        cookie: admin.cookie,
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="sales-${book.id}-2031-02-10-to-2031-02-12-by-day.csv"`,
    );
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(res.text.replace(/^\uFEFF/, "")) as string[][];
    expect(rows).toEqual([
      ["Product", "Day", "Units", "Revenue (taka)"],
      ["Physics First Paper (পদার্থবিজ্ঞান প্রথম পত্র)", "2031-02-10", "2", "800.00"],
      ["Physics First Paper (পদার্থবিজ্ঞান প্রথম পত্র)", "2031-02-11", "1", "360.00"],
      ["Physics First Paper (পদার্থবিজ্ঞান প্রথম পত্র)", "2031-02-12", "0", "0.00"],
    ]);
  });

  it("refuses a bad range with the JSON 400", async () => {
    const res = await h.request(
      "GET",
      `/api/admin/products/${book.id}/sales.csv?from=2031-03-01&to=2030-01-01`,
      {
        cookie: admin.cookie,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("from");
  });
});

describe("GET /api/admin/dashboard", () => {
  const dashboardAs = (u: TestUser) =>
    h.request<Dashboard>("GET", "/api/admin/dashboard", { cookie: u.cookie });

  it("shows today's and this month's sales, 30 days, top products and orders by status", async () => {
    at("2031-03-05T12:00:00Z"); // 5 Mar, 18:00 in Dhaka
    const res = await dashboardAs(admin);
    expect(res.status, res.text).toBe(200);
    const d = res.body.data!;
    expect(d.salesMeaning).toBe(SALES_MEANING);
    expect(d.today).toBe("2031-03-05");
    const s = d.sales!;
    // Today: one book and four pens in one order.
    expect(s.today).toEqual({ orders: 1, units: 5, revenue: 40_000 + 8_000 });
    // This month: that order and the one on 2 March.
    expect(s.month).toEqual({ orders: 2, units: 6, revenue: 88_000 });
    expect(s.days).toHaveLength(30);
    expect(s.days[0]!.period).toBe("2031-02-04");
    expect(s.days.at(-1)).toEqual({ period: "2031-03-05", units: 5, revenue: 48_000 });
    const inDays = s.days.reduce((sum, r) => sum + r.revenue, 0);
    expect(inDays).toBe(196_000 + 50_000 + 8_000);
    expect(s.top.map((t) => [t.id, t.units, t.revenue])).toEqual([
      [book.id, 5, 196_000],
      [bundle.id, 1, 50_000],
      [stationery.id, 4, 8_000],
    ]);
    const byStatus = Object.fromEntries(s.ordersByStatus.map((o) => [o.status, o.count]));
    expect(byStatus).toMatchObject({
      confirmed: 5,
      cancelled: 1,
      refunded: 1,
      pending_payment: 1,
      shipped: 0,
    });
    expect(d.lowStock!.threshold).toBe(LOW_STOCK);
    expect(d.lowStock!.items.map((i) => i.title)).toEqual(["Almost Gone", "Last Ruler"]);
    expect(d.lowStock!.items[0]).toMatchObject({ id: lowBook.id, kind: "book", stock: 2 });
    expect(d.lowStock!.total).toBe(2);
  });

  it("answers only the parts the caller may see", async () => {
    const as = async (permissions: ("orders" | "reports" | "books" | "stationery" | "users")[]) =>
      (await dashboardAs(await h.createUser({ role: "staff", permissions }))).body.data!;
    const none = await as(["users"]);
    expect(none.sales).toBeNull();
    expect(none.lowStock).toBeNull();
    expect((await as(["orders"])).sales).not.toBeNull();
    const reports = await as(["reports"]);
    expect(reports.sales).not.toBeNull();
    expect(reports.lowStock).toBeNull();
    const books = await as(["books"]);
    expect(books.sales).toBeNull();
    expect(books.lowStock!.items.map((i) => i.title)).toEqual(["Almost Gone"]);
    expect((await as(["stationery"])).lowStock!.items.map((i) => i.title)).toEqual(["Last Ruler"]);
  });

  it("is for staff only", async () => {
    expect((await h.request("GET", "/api/admin/dashboard")).status).toBe(401);
    expect((await dashboardAs(buyer)).status).toBe(403);
  });
});
