/**
 * The orders area of the back office: the orders list (each search kind, each filter, bad views
 * refused), its bulk actions with a result per order (status, courier, packing slips), the shop's
 * stationery orders (listed with the stationery permission, marked delivered in one go by id or
 * typed number), orders by source with its CSV, and who may do what.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type {
  AdminOrderPage,
  OrderBulkResult,
  OrderSources,
  PackingSlips,
} from "../../src/contracts/admin-orders";
import { auditLog, invoices, orderEvents, orders, refunds } from "../../src/server/db/schema";
import {
  type FakeSteadfast,
  startFakeSteadfast,
} from "../../src/server/integrations/couriers/fakes/steadfast-fake";
import { createSteadfast } from "../../src/server/integrations/couriers/steadfast";
import { checkout, orderRow, payAtSandbox } from "./buying";
import { createCoupon, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;
let shopStaff: TestUser;
let booksStaff: TestUser;
let rahim: TestUser;
let karim: TestUser;
let nusrat: TestUser;
/** A: Rahim's book (COD). B: Karim's pens (COD, coupon). C: Nusrat's e-book (paid online). D: Rahim's cycle book, a day later. */
const o = { A: 0, B: 0, C: 0, D: 0 };
const num = { A: "", B: "", C: "", D: "" };

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  shopStaff = await h.createUser({ role: "staff", permissions: ["stationery"] });
  booksStaff = await h.createUser({ role: "staff", permissions: ["books"] });
  rahim = await h.createUser({ phone: "01712345678" });
  karim = await h.createUser();
  nusrat = await h.createUser();
  const book = await createProduct(h.db, { title: "Physics First Paper", price: 40_000 });
  const cycleBook = await createProduct(h.db, { title: "Cycle Chemistry", price: 30_000, tracks: ["cycle"] });
  const pen = await createProduct(h.db, { kind: "stationary", title: "Blue Pen", price: 2_000, stock: 50 });
  const ebook = await createProduct(h.db, { kind: "ebook", title: "Maths E-book", price: 15_000 });
  const coupon = await createCoupon(h.db, { code: "PENS10", kind: "percent", value: 10 });

  const a = await checkout(h, rahim, { items: [{ productId: book.id }] });
  h.clock.advance(60_000);
  const b = await checkout(h, karim, { items: [{ productId: pen.id, quantity: 2, type: "stationary" }] });
  h.clock.advance(60_000);
  const c = await checkout(h, nusrat, {
    items: [{ productId: ebook.id, type: "ebook" }],
    paymentMethod: "gateway",
  });
  await payAtSandbox(h, c.tranx!);
  h.clock.advance(86_400_000);
  const d = await checkout(h, rahim, { items: [{ productId: cycleBook.id }] });
  Object.assign(o, { A: a.orderId, B: b.orderId, C: c.orderId, D: d.orderId });
  Object.assign(num, { A: a.orderNumber, B: b.orderNumber, C: c.orderNumber, D: d.orderNumber });
  // Names and districts as buyers type them (the checkout helper sends one address for all).
  await h.db
    .update(orders)
    .set({ name: "Rahim Uddin" })
    .where(inArray(orders.id, [o.A, o.D]));
  await h.db
    .update(orders)
    .set({ name: "Karim Hasan", district: "Dhaka", couponId: coupon.id, couponCode: "PENS10" })
    .where(eq(orders.id, o.B));
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const list = (query: string, u: TestUser | null = staff) =>
  h.request<AdminOrderPage>("GET", `/api/admin/orders${query}`, { cookie: u?.cookie });
const idsOf = (res: { body: { data?: AdminOrderPage } }) => res.body.data?.items.map((r) => r.id);
const post = <T = OrderBulkResult>(path: string, body: unknown, u: TestUser | null = staff) =>
  h.request<T>("POST", path, { body, cookie: u?.cookie });

describe("GET /api/admin/orders", () => {
  it("lists orders newest first, camelCase, money in poisha, with the lines in a few words", async () => {
    const res = await list("");
    expect(res.status, res.text).toBe(200);
    expect(idsOf(res)).toEqual([o.D, o.C, o.B, o.A]);
    expect(res.body.data?.total).toBe(4);
    const b = res.body.data?.items.find((r) => r.id === o.B);
    expect(b).toMatchObject({
      number: num.B,
      name: "Karim Hasan",
      phone: karim.phone,
      district: "Dhaka",
      items: "Blue Pen ×2",
      itemCount: 2,
      paymentMethod: "cod",
      paymentState: "unpaid",
      status: "confirmed",
      physical: true,
      codCheck: null,
      consignment: null,
      couponCode: "PENS10",
      slipPrintedAt: null,
    });
    expect(b?.total).toBe((await orderRow(h, o.B)).total);
    expect(b?.createdAt).toMatch(/Z$/);
    expect(res.body.data?.items.find((r) => r.id === o.C)).toMatchObject({
      paymentMethod: "gateway",
      paymentState: "paid",
      physical: false,
    });
  });

  it.each([
    ["the phone as typed with +880 and dashes", "+880 1712-345678"],
    ["the phone in its local form", "01712345678"],
    ["the phone with 880 and spaces", "880 1712 345 678"],
  ])("finds a buyer's orders by %s", async (_, q) => {
    const res = await list(`?q=${encodeURIComponent(q)}`);
    expect(idsOf(res)).toEqual([o.D, o.A]);
  });

  it("finds an order by its number, a part of the buyer's name, its invoice and its consignment", async () => {
    expect(idsOf(await list(`?q=${num.B}`))).toEqual([o.B]);
    expect(idsOf(await list(`?q=%23${num.B}`))).toEqual([o.B]);
    expect(idsOf(await list("?q=uddin"))).toEqual([o.D, o.A]);
    const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, o.C));
    expect(idsOf(await list(`?q=${inv!.number!.toLowerCase()}`))).toEqual([o.C]);
    const put = await h.request("PUT", `/api/admin/orders/${o.A}/consignment`, {
      body: { consignment: "SF-LIST1" },
      cookie: staff.cookie,
    });
    expect(put.status, put.text).toBe(200);
    expect(idsOf(await list("?q=sf-list1"))).toEqual([o.A]);
    expect(idsOf(await list("?q=nobody-by-this-name"))).toEqual([]);
    // A `%` typed is a character, not a wildcard.
    expect(idsOf(await list("?q=%25"))).toEqual([]);
  });

  it("filters by status, payment method and state, printed or digital, district, dates, source and coupon", async () => {
    expect(idsOf(await list("?status=shipped"))).toEqual([o.A]);
    expect(idsOf(await list("?paymentMethod=gateway"))).toEqual([o.C]);
    expect(idsOf(await list("?payment=paid"))).toEqual([o.C]);
    expect(idsOf(await list("?payment=unpaid"))).toEqual([o.D, o.B, o.A]);
    expect(idsOf(await list("?physical=digital"))).toEqual([o.C]);
    expect(idsOf(await list("?physical=printed"))).toEqual([o.D, o.B, o.A]);
    expect(idsOf(await list("?district=dhaka"))).toEqual([o.B]);
    expect(idsOf(await list("?district=Sylhet&paymentMethod=cod"))).toEqual([o.D, o.A]);
    expect(idsOf(await list("?from=2031-03-02"))).toEqual([o.D]);
    expect(idsOf(await list("?to=2031-03-01"))).toEqual([o.C, o.B, o.A]);
    expect(idsOf(await list("?from=2031-03-01&to=2031-03-01&q=uddin"))).toEqual([o.A]);
    expect(idsOf(await list("?coupon=pens10"))).toEqual([o.B]);
    expect(idsOf(await list("?coupon=NOSUCHCODE"))).toEqual([]);
    const source = (await orderRow(h, o.A)).source;
    expect(idsOf(await list(`?source=${encodeURIComponent(source)}`))).toContain(o.A);
    expect(idsOf(await list("?source=nowhere"))).toEqual([]);
  });

  it("filters by the payment ledger: a refund owed, then refunded once paid", async () => {
    await h.db.insert(refunds).values({ orderId: o.C, amount: 100, method: "bkash", reason: "test" });
    expect(idsOf(await list("?payment=refund_owed"))).toEqual([o.C]);
    expect((await list(`?q=${num.C}`)).body.data?.items[0]?.paymentState).toBe("refund_owed");
    await h.db.update(refunds).set({ status: "paid", paidAt: h.clock.now() }).where(eq(refunds.orderId, o.C));
    expect(idsOf(await list("?payment=refunded"))).toEqual([o.C]);
    expect(idsOf(await list("?payment=paid"))).toEqual([]);
  });

  it("filters cash-on-delivery orders by their phone check and orders by their slip", async () => {
    await h.db
      .update(orders)
      .set({ codCheck: "confirmed", codCheckedAt: h.clock.now() })
      .where(eq(orders.id, o.B));
    expect(idsOf(await list("?codCheck=confirmed"))).toEqual([o.B]);
    // Orders paid online are never "unchecked": nobody calls them.
    expect(idsOf(await list("?codCheck=unchecked"))).toEqual([o.D, o.A]);
    expect(idsOf(await list("?codCheck=unreachable"))).toEqual([]);
    expect(idsOf(await list("?printed=true"))).toEqual([]);
    expect(idsOf(await list("?printed=false"))).toHaveLength(4);
  });

  it("keeps the sub-lists' orders: academic cycle, e-books and courses, stationery", async () => {
    expect(idsOf(await list("?holds=cycle"))).toEqual([o.D]);
    expect(idsOf(await list("?holds=digital"))).toEqual([o.C]);
    expect(idsOf(await list("?holds=stationery"))).toEqual([o.B]);
  });

  it("sorts by total and pages", async () => {
    const byTotal = await list("?sort=total");
    const totals = byTotal.body.data?.items.map((r) => r.total) ?? [];
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    const second = await list("?limit=1&page=2");
    expect(second.body.data).toMatchObject({ total: 4, page: 2, limit: 1 });
    expect(idsOf(second)).toEqual([o.C]);
  });

  it.each([
    ["?status=lost", "status"],
    ["?paymentMethod=card", "paymentMethod"],
    ["?payment=maybe", "payment"],
    ["?physical=both", "physical"],
    ["?district=Atlantis", "district"],
    ["?from=2031-02-30", "from"],
    ["?to=yesterday", "to"],
    ["?codCheck=maybe", "codCheck"],
    ["?printed=yes", "printed"],
    ["?holds=everything", "holds"],
    ["?sort=name", "sort"],
    ["?limit=500", "limit"],
    [`?q=${"x".repeat(101)}`, "q"],
  ])("refuses %s with 400 naming the field", async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
  });

  it("is for staff with the orders permission", async () => {
    expect((await list("", null)).status).toBe(401);
    expect((await list("", booksStaff)).status).toBe(403);
    expect((await list("", shopStaff)).status).toBe(403);
    expect((await list("", rahim)).status).toBe(403);
  });
});

describe("GET /api/admin/shop-orders", () => {
  it("lists only the orders holding stationery, for staff with the stationery permission", async () => {
    const res = await h.request<AdminOrderPage>("GET", "/api/admin/shop-orders", {
      cookie: shopStaff.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(idsOf(res)).toEqual([o.B]);
    const searched = await h.request<AdminOrderPage>("GET", `/api/admin/shop-orders?q=${num.A}`, {
      cookie: shopStaff.cookie,
    });
    expect(idsOf(searched)).toEqual([]);
    expect((await h.request("GET", "/api/admin/shop-orders", { cookie: staff.cookie })).status).toBe(403);
  });
});

describe("POST /api/admin/orders/bulk/status", () => {
  it("moves each order it can and says why not for the others; one refusal undoes nothing", async () => {
    const res = await post("/api/admin/orders/bulk/status", {
      ids: [o.D, o.C, 2_000_000, o.D],
      status: "processing",
      note: "Packed in the morning",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("1 of 3 done");
    expect(res.body.data?.results).toEqual([
      { id: o.D, number: num.D, ok: true, message: "Now being packed" },
      {
        id: o.C,
        number: num.C,
        ok: false,
        message: `Order ${num.C} holds nothing to ship (only e-books or courses)`,
      },
      { id: 2_000_000, number: null, ok: false, message: "No such order" },
    ]);
    expect((await orderRow(h, o.D)).status).toBe("processing");
    const events = await h.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.D));
    expect(events.at(-1)).toMatchObject({
      status: "processing",
      note: "Packed in the morning",
      actorId: staff.user.id,
    });
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.status"), eq(auditLog.entityId, String(o.D))));
    expect(audit).toHaveLength(1);
  });

  it.each([
    [{ ids: [], status: "processing" }, "ids"],
    [{ ids: Array.from({ length: 201 }, (_, i) => i + 1), status: "processing" }, "ids"],
    [{ ids: ["x"], status: "processing" }, "ids.0"],
    [{ ids: [1], status: "lost" }, "status"],
    [{ ids: [1], status: "processing", note: "n".repeat(501) }, "note"],
  ])("refuses a bad request with 400 and changes nothing (%#)", async (body, field) => {
    const before = (await orderRow(h, o.D)).status;
    const res = await post("/api/admin/orders/bulk/status", body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    expect((await orderRow(h, o.D)).status).toBe(before);
  });

  it("is for staff with the orders permission", async () => {
    const body = { ids: [o.D], status: "shipped" };
    expect((await post("/api/admin/orders/bulk/status", body, null)).status).toBe(401);
    expect((await post("/api/admin/orders/bulk/status", body, shopStaff)).status).toBe(403);
    expect((await orderRow(h, o.D)).status).toBe("processing");
  });
});

describe("POST /api/admin/orders/bulk/courier without a connected courier", () => {
  it("refuses each order with the reason", async () => {
    const res = await post("/api/admin/orders/bulk/courier", { ids: [o.D, o.C] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data?.results.map((r) => [r.id, r.ok])).toEqual([
      [o.D, false],
      [o.C, false],
    ]);
    expect(res.body.data?.results[0]?.message).toContain("No courier system is connected");
    expect(res.body.data?.results[1]?.message).toContain("holds nothing to ship");
  });
});

describe("POST /api/admin/orders/slips", () => {
  it("answers the slips of the orders with something to pack, marks them printed, and refuses the rest", async () => {
    const res = await post<PackingSlips>("/api/admin/orders/slips", { ids: [o.B, o.C, o.D] });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data!;
    expect(data.shop).toBe("Pathagar");
    expect(data.slips.map((s) => s.id)).toEqual([o.B, o.D]);
    expect(data.slips[0]).toMatchObject({
      number: num.B,
      name: "Karim Hasan",
      phone: karim.phone,
      district: "Dhaka",
      area: "Zindabazar",
      address: "House 12, Road 3",
      paymentMethod: "cod",
      cashToCollect: (await orderRow(h, o.B)).total,
      lines: [{ title: "Blue Pen", kind: "stationary", quantity: 2, shipped: true }],
    });
    expect(data.results).toEqual([
      { id: o.B, number: num.B, ok: true, message: "Slip ready" },
      {
        id: o.C,
        number: num.C,
        ok: false,
        message: `Order ${num.C} holds only e-books or courses: nothing to pack`,
      },
      { id: o.D, number: num.D, ok: true, message: "Slip ready" },
    ]);
    expect((await orderRow(h, o.B)).slipPrintedAt).toEqual(h.clock.now());
    expect((await orderRow(h, o.C)).slipPrintedAt).toBeNull();
    expect(idsOf(await list("?printed=true"))).toEqual([o.D, o.B]);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, "order.slip"));
    expect(audit.map((a) => a.entityId).sort()).toEqual([String(o.B), String(o.D)].sort());
  });

  it("gives a paid order's slip nothing to collect", async () => {
    const paid = await h.db.select().from(orders).where(eq(orders.id, o.A));
    await h.db.update(orders).set({ paymentMethod: "gateway" }).where(eq(orders.id, o.A));
    const res = await post<PackingSlips>("/api/admin/orders/slips", { ids: [o.A] });
    expect(res.body.data?.slips[0]?.cashToCollect).toBe(0);
    await h.db.update(orders).set({ paymentMethod: paid[0]!.paymentMethod }).where(eq(orders.id, o.A));
  });

  it("refuses bad ids with 400 and people without the orders permission", async () => {
    expect((await post("/api/admin/orders/slips", { ids: [] })).status).toBe(400);
    expect((await post("/api/admin/orders/slips", { ids: [-1] })).status).toBe(400);
    expect((await post("/api/admin/orders/slips", { ids: [o.B] }, shopStaff)).status).toBe(403);
  });
});

describe("POST /api/admin/shop-orders/delivered", () => {
  it("marks shipped stationery orders delivered by typed number, with a result for each and the buyer's SMS", async () => {
    const shipped = await h.request("PATCH", `/api/admin/orders/${o.B}/status`, {
      body: { status: "processing" },
      cookie: staff.cookie,
    });
    expect(shipped.status).toBe(200);
    await h.request("PATCH", `/api/admin/orders/${o.B}/status`, {
      body: { status: "shipped", byHand: true },
      cookie: staff.cookie,
    });
    const res = await post(
      "/api/admin/shop-orders/delivered",
      { numbers: [num.B, "99999999", num.A, `#${num.B}`] },
      shopStaff,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data?.results).toEqual([
      { id: o.B, number: num.B, ok: true, message: "Delivered" },
      { id: null, number: "99999999", ok: false, message: "No order has number 99999999" },
      { id: o.A, number: num.A, ok: false, message: `Order ${num.A} holds no stationery` },
    ]);
    const row = await orderRow(h, o.B);
    expect(row.status).toBe("delivered");
    expect(row.deliveredAt).not.toBeNull();
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(o.B)), eq(auditLog.actorId, shopStaff.user.id)));
    expect(audit).toMatchObject({ action: "order.status", after: { status: "delivered" } });
    await vi.waitFor(async () => expect((await h.latestSms(karim.phone))?.body).toContain("delivered"));
    // Delivered cash on delivery is paid in the ledger's words.
    expect((await list(`?q=${num.B}`)).body.data?.items[0]?.paymentState).toBe("paid");
  });

  it("says why an order chosen from the list cannot be delivered", async () => {
    const res = await post("/api/admin/shop-orders/delivered", { ids: [o.B] }, shopStaff);
    expect(res.body.data?.results[0]).toMatchObject({ id: o.B, ok: false });
    expect(res.body.data?.results[0]?.message).toContain("already delivered");
  });

  it("refuses an empty or oversized request with 400, and staff without the stationery permission", async () => {
    expect((await post("/api/admin/shop-orders/delivered", {}, shopStaff)).status).toBe(400);
    expect((await post("/api/admin/shop-orders/delivered", { numbers: [" "] }, shopStaff)).status).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => String(i + 1));
    expect((await post("/api/admin/shop-orders/delivered", { numbers: many }, shopStaff)).status).toBe(400);
    expect((await post("/api/admin/shop-orders/delivered", { ids: [o.B] }, staff)).status).toBe(403);
    expect((await post("/api/admin/shop-orders/delivered", { ids: [o.B] }, null)).status).toBe(401);
  });
});

describe("GET /api/admin/orders/sources", () => {
  it("counts bought orders and their revenue by source over a range, and downloads the same as CSV", async () => {
    const res = await h.request<OrderSources>(
      "GET",
      "/api/admin/orders/sources?from=2031-03-01&to=2031-03-02",
      {
        cookie: staff.cookie,
      },
    );
    expect(res.status, res.text).toBe(200);
    const data = res.body.data!;
    // A, B, D are bought; C was refunded in the ledger but its status still counts it as a sale.
    expect(data.totals.orders).toBe(4);
    expect(data.totals.revenue).toBe(data.rows.reduce((s, r) => s + r.revenue, 0));
    const csv = await h.request("GET", "/api/admin/orders/sources.csv?from=2031-03-01&to=2031-03-02", {
      cookie: staff.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect([...csv.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.text.startsWith("Source,Referral code,Orders,Revenue (taka)\r\n")).toBe(true);
    expect(csv.text.trim().split("\r\n")).toHaveLength(data.rows.length + 1);
    const onlyLater = await h.request<OrderSources>(
      "GET",
      "/api/admin/orders/sources?from=2031-03-02&to=2031-03-02",
      {
        cookie: staff.cookie,
      },
    );
    expect(onlyLater.body.data?.totals.orders).toBe(1);
  });

  it("refuses a backwards range with 400, and staff without the orders permission", async () => {
    const bad = await h.request("GET", "/api/admin/orders/sources?from=2031-03-05&to=2031-03-01", {
      cookie: staff.cookie,
    });
    expect(bad.status).toBe(400);
    expect((await h.request("GET", "/api/admin/orders/sources", { cookie: shopStaff.cookie })).status).toBe(
      403,
    );
  });
});

describe("a view of more than 1,000 orders", () => {
  it("counts a filter to 1,000 and a name search 200 past the page's start, and says there are more", async () => {
    await h.db.execute(sql`
      insert into orders (number, user_id, status, payment_method, name, phone, district, area, address,
        subtotal, discount, delivery, total, source, physical, created_at)
      select 'X' || g, user_id, status, payment_method, 'Bulk Buyer', phone, district, area, address,
        subtotal, discount, delivery, total, source, physical, created_at
      from orders, generate_series(1, 1001) g where orders.id = ${o.A}`);
    const res = await list("?q=bulk%20buyer");
    expect(res.body.data).toMatchObject({ total: 200, more: true });
    // A later page counts on from its own first row, so every page of the search stays reachable.
    const later = await list("?q=bulk%20buyer&page=10&limit=20");
    expect(later.body.data).toMatchObject({ total: 380, more: true, page: 10 });
    expect(later.body.data?.items).toHaveLength(20);
    const filtered = await list("?paymentMethod=cod");
    expect(filtered.body.data).toMatchObject({ total: 1000, more: true });
    const few = await list("?q=uddin");
    expect(few.body.data?.more).toBeUndefined();
  });
});

describe("bulk courier booking with a connected courier", () => {
  let fake: FakeSteadfast;
  let hc: Harness;
  let orderStaff: TestUser;
  beforeAll(async () => {
    fake = await startFakeSteadfast();
    hc = await createHarness({
      courier: (deps) =>
        createSteadfast({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, secretKey: fake.secretKey }, deps.log),
    });
    orderStaff = await hc.createUser({ role: "staff", permissions: ["orders"] });
  }, 60_000);
  afterAll(async () => {
    await hc?.close();
    await fake?.close();
  });

  it("books each order once: a second click (even at the same moment) books nothing twice", async () => {
    const book = await createProduct(hc.db, { price: 50_000, stock: 5 });
    const placed = [];
    for (let i = 0; i < 2; i += 1) {
      const buyer = await hc.createUser();
      placed.push(await checkout(hc, buyer, { items: [{ productId: book.id }] }));
    }
    const ids = placed.map((p) => p.orderId);
    const send = () =>
      hc.request<OrderBulkResult>("POST", "/api/admin/orders/bulk/courier", {
        body: { ids },
        cookie: orderStaff.cookie,
      });
    const [first, second] = await Promise.all([send(), send()]);
    const all = [...first.body.data!.results, ...second.body.data!.results];
    expect(all.filter((r) => r.ok)).toHaveLength(2);
    for (const id of ids) {
      expect((await orderRow(hc, id)).status).toBe("shipped");
      expect(all.filter((r) => r.id === id && r.ok)).toHaveLength(1);
    }
    const again = await send();
    expect(
      again.body.data?.results.every((r) => !r.ok && r.message.includes("already has consignment")),
    ).toBe(true);
    const numbers = placed.map((p) => p.orderNumber);
    const booked = fake.consignments().filter((c) => numbers.includes(c.invoice));
    expect(booked).toHaveLength(2);
  });
});
