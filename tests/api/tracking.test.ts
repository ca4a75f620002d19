import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferralReport, TrackingView } from "../../src/contracts/tracking";
import { users } from "../../src/server/db/schema";
import { ADDRESS, checkout, payAtSandbox } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
});
afterAll(async () => {
  await h?.close();
});

const track = (cn: string, u?: TestUser) =>
  h.request<TrackingView>("GET", `/api/tracking/${encodeURIComponent(cn)}`, { cookie: u?.cookie });
const report = (u?: TestUser) =>
  h.request<ReferralReport>("GET", "/api/reports/referrals", { cookie: u?.cookie });

async function referralCode(u: TestUser): Promise<string> {
  const [row] = await h.db.select({ code: users.referralCode }).from(users).where(eq(users.id, u.user.id));
  return row!.code!;
}

describe("GET /api/tracking/:cn", () => {
  it("shows anyone the timeline in customer words, the current status last, and nothing personal", async () => {
    const buyer = await h.createUser({ name: "Secret Buyer Name" });
    const book = await createProduct(h.db, { stock: 5 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id, quantity: 2 }] });
    h.clock.advance(60_000);
    await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      body: { status: "processing", note: "Call 01799999999 before noon" },
      cookie: staff.cookie,
    });
    h.clock.advance(60_000);
    await h.request("PUT", `/api/admin/orders/${placed.orderId}/consignment`, {
      body: { consignment: "PKG-4455" },
      cookie: staff.cookie,
    });

    // Signed out, and in lower case as a customer might type it.
    const res = await track("pkg-4455");
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      consignment: "PKG-4455",
      courier: null,
      orderEnding: placed.orderNumber.slice(-3),
      district: ADDRESS.district,
      items: 2,
      status: "shipped",
      statusText: "Shipped",
      shipment: null,
      events: [
        { status: "confirmed", text: "Confirmed", at: expect.any(String) },
        { status: "processing", text: "Being packed", at: expect.any(String) },
        { status: "shipped", text: "Shipped", at: expect.any(String) },
      ],
      checkedAt: null,
      parcel: null,
    });
    const times = res.body.data!.events.map((e) => Date.parse(e.at));
    expect(times[1]! - times[0]!).toBe(60_000);
    for (const secret of [
      "Secret Buyer Name",
      ADDRESS.name,
      buyer.phone,
      ADDRESS.address,
      ADDRESS.area,
      placed.orderNumber,
      "01799999999",
    ]) {
      expect(res.text).not.toContain(secret);
    }
  });

  it("says plainly that an unknown number is unknown", async () => {
    const res = await track("NOSUCH1");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No consignment NOSUCH1");
    expect((await track("bad number!")).status).toBe(404);
  });

  it("lets one address look up 60 numbers a minute, then asks it to wait", async () => {
    const lookup = () => h.request("GET", "/api/tracking/NOSUCH1", { ip: "203.0.113.77" });
    for (let i = 0; i < 60; i++) expect((await lookup()).status).toBe(404);
    const refused = await lookup();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many tracking lookups/);
    h.clock.advance(61_000);
    expect((await lookup()).status).toBe(404);
  });

  it("leaves out payment attempts and staff markers", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, placed.tranx, "fail");
    const again = await h.request<{ tranx: string }>("POST", `/api/orders/${placed.orderId}/pay`, {
      cookie: buyer.cookie,
    });
    await payAtSandbox(h, again.body.data!.tranx);
    for (const consignment of ["FIRST-1", "REFUND-1"]) {
      await h.request("PUT", `/api/admin/orders/${placed.orderId}/consignment`, {
        body: { consignment },
        cookie: staff.cookie,
      });
    }
    await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      body: { status: "refunded" },
      cookie: staff.cookie,
    });
    const res = await track("REFUND-1");
    expect(res.body.data?.status).toBe("refunded");
    expect(res.body.data?.events.map((e) => e.text)).toEqual(["Confirmed", "Shipped", "Refunded"]);
    expect((await track("FIRST-1")).status).toBe(404);
  });
});

describe("GET /api/reports/referrals", () => {
  it("needs a signed-in user", async () => {
    expect((await report()).status).toBe(401);
  });

  it("shows the user's own code and share link, and the orders their code brought, without the buyers", async () => {
    // Two bought orders in March (Dhaka time), one in April; one unpaid; one cancelled.
    h.clock.set(new Date("2031-03-10T10:00:00Z"));
    const referrer = await h.createUser();
    const code = await referralCode(referrer);
    const buyer = await h.createUser({ name: "Hidden Buyer" });
    const book = await createProduct(h.db, { price: 30_000, stock: 20 });
    const a = await checkout(h, buyer, { items: [{ productId: book.id, quantity: 2 }], ref: code });
    const b = await checkout(h, buyer, { items: [{ productId: book.id }], ref: code });
    // 1 April 00:30 in Dhaka is still 31 March in UTC.
    h.clock.set(new Date("2031-03-31T18:30:00Z"));
    const c = await checkout(h, buyer, { items: [{ productId: book.id }], ref: code });
    const unpaid = await checkout(h, buyer, {
      items: [{ productId: book.id }],
      ref: code,
      paymentMethod: "gateway",
    });
    const cancelled = await checkout(h, buyer, { items: [{ productId: book.id }], ref: code });
    const clerk = await h.createUser({ role: "staff", permissions: ["orders"] });
    const cancelling = await h.request("PATCH", `/api/admin/orders/${cancelled.orderId}/status`, {
      body: { status: "cancelled" },
      cookie: clerk.cookie,
    });
    expect(cancelling.status).toBe(200);
    // Someone else's sale, not through this code.
    await checkout(h, buyer, { items: [{ productId: book.id }] });

    const res = await report(referrer);
    expect(res.status, res.text).toBe(200);
    const r = res.body.data!;
    expect(r.code).toBe(code);
    expect(r.shareUrl).toBe(`http://localhost/?ref=${code}`);
    expect(r.orders).toBe(3);
    // Goods only: the delivery charge is not a sale.
    expect(r.amount).toBe(4 * 30_000);
    expect(r.months).toEqual([
      { month: "2031-04", orders: 1, amount: 30_000 },
      { month: "2031-03", orders: 2, amount: 90_000 },
    ]);
    expect(r.recent.map((o) => [o.orderEnding, o.status])).toEqual([
      [cancelled.orderNumber.slice(-3), "cancelled"],
      [unpaid.orderNumber.slice(-3), "pending_payment"],
      [c.orderNumber.slice(-3), "confirmed"],
      [b.orderNumber.slice(-3), "confirmed"],
      [a.orderNumber.slice(-3), "confirmed"],
    ]);
    expect(r.recent[4]).toMatchObject({ amount: 60_000, statusText: "Confirmed" });
    for (const secret of ["Hidden Buyer", buyer.phone, ADDRESS.address, a.orderNumber]) {
      expect(res.text).not.toContain(secret);
    }
  });

  it("never shows one user another's sales", async () => {
    const referrer = await h.createUser();
    const buyer = await h.createUser();
    const other = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    await checkout(h, buyer, { items: [{ productId: book.id }], ref: await referralCode(referrer) });
    const mine = (await report(other)).body.data!;
    expect(mine.code).toBe(await referralCode(other));
    expect(mine).toMatchObject({ orders: 0, amount: 0, months: [], recent: [] });
    expect((await report(referrer)).body.data?.orders).toBe(1);
  });

  it("does not credit buyers who use their own code", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    await checkout(h, buyer, { items: [{ productId: book.id }], ref: await referralCode(buyer) });
    expect((await report(buyer)).body.data).toMatchObject({ orders: 0, recent: [] });
  });
});
