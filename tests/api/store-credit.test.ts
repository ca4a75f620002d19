/**
 * Store credit for sharing (decision 71): a referrer earns credit once per referred buyer, when the
 * buyer's first order is delivered, however many staff mark it or orders arrive at once; the credit
 * is spent at checkout and the invoice agrees with it to the poisha; cancelling gives it back; staff
 * adjust it with a reason, audited, never below zero. Runs on PostgreSQL too (TEST_DATABASE_URL),
 * where the parallel requests really are in their transactions together.
 */
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceView } from "../../src/contracts/invoice";
import type { StoreCreditView } from "../../src/contracts/store-credit";
import { inTransaction } from "../../src/server/db/client";
import { auditLog, invoices, orders, payments, storeCreditEntries, users } from "../../src/server/db/schema";
import { DomainError } from "../../src/server/services/errors";
import { appendCreditInTx } from "../../src/server/services/money/store-credit";
import { ADDRESS, checkout, orderRow, payAtSandbox, stockOf } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;
let clerk: TestUser;

beforeAll(async () => {
  h = await createHarness({ env: { REFERRAL_CREDIT_REFERRER: "50", REFERRAL_CREDIT_FRIEND: "20" } });
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  clerk = await h.createUser({ role: "staff", permissions: ["users"] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const setStatus = (id: number, status: string) =>
  h.request("PATCH", `/api/admin/orders/${id}/status`, {
    body: { status, ...(status === "shipped" ? { byHand: true } : {}) },
    cookie: staff.cookie,
  });
const myCredit = async (u: TestUser) => {
  const res = await h.request<StoreCreditView>("GET", "/api/store-credit", { cookie: u.cookie });
  expect(res.status, res.text).toBe(200);
  return res.body.data!;
};
const adjust = (userId: number, body: unknown, cookie = clerk.cookie) =>
  h.request<StoreCreditView>("POST", `/api/admin/users/${userId}/store-credit`, { body, cookie });

async function codeOf(u: TestUser): Promise<string> {
  const [row] = await h.db.select({ code: users.referralCode }).from(users).where(eq(users.id, u.user.id));
  return row!.code!;
}

async function shipped(id: number) {
  for (const status of ["processing", "shipped"]) expect((await setStatus(id, status)).status).toBe(200);
}

async function entriesOf(userId: number) {
  return h.db
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(asc(storeCreditEntries.seq));
}

/** Each entry's balance is the one before plus its amount, from 0, and never below 0. */
function expectChain(rows: { seq: number; amount: number; balance: number }[]) {
  let balance = 0;
  rows.forEach((r, i) => {
    expect(r.seq).toBe(i + 1);
    balance += r.amount;
    expect(r.balance).toBe(balance);
    expect(r.balance).toBeGreaterThanOrEqual(0);
  });
}

describe("the referral reward", () => {
  it("credits the referrer once when the referred buyer's first order is delivered, however many staff mark it", async () => {
    const referrer = await h.createUser();
    const friend = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000, stock: 10 });
    const ref = await codeOf(referrer);
    const first = await checkout(h, friend, { items: [{ productId: book.id }], ref });
    const second = await checkout(h, friend, { items: [{ productId: book.id }], ref });
    expect((await orderRow(h, first.orderId)).referrerId).toBe(referrer.user.id);
    await shipped(first.orderId);
    await shipped(second.orderId);
    // Nothing is earned before a parcel arrives.
    expect((await myCredit(referrer)).balance).toBe(0);

    // Two staff mark the first delivered at once, and a third the second order: one reward.
    const marks = await Promise.all([
      setStatus(first.orderId, "delivered"),
      setStatus(first.orderId, "delivered"),
      setStatus(second.orderId, "delivered"),
    ]);
    expect(marks.filter((m) => m.status === 200)).toHaveLength(2);
    expect(marks.filter((m) => m.status === 409)).toHaveLength(1);

    const mine = await myCredit(referrer);
    expect(mine.balance).toBe(5_000);
    expect(mine.entries).toMatchObject([{ kind: "referral", amount: 5_000, balance: 5_000 }]);
    // The friend's own welcome credit, once.
    const theirs = await myCredit(friend);
    expect(theirs.balance).toBe(2_000);
    expect(theirs.entries).toHaveLength(1);
    // The referrer is told by SMS, once.
    const sms = await h.latestSms(referrer.phone);
    expect(sms?.body).toContain("Tk 50");
    // The report says what the shares earned.
    const report = await h.request<{
      creditEarned: number;
      friendsRewarded: number;
      creditPerFriend: number;
    }>("GET", "/api/reports/referrals", { cookie: referrer.cookie });
    expect(report.body.data).toMatchObject({
      creditEarned: 5_000,
      friendsRewarded: 1,
      creditPerFriend: 5_000,
    });
  });

  it("gives nothing for a buyer who had an order delivered before the referral", async () => {
    const referrer = await h.createUser();
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 20_000, stock: 10 });
    const earlier = await checkout(h, buyer, { items: [{ productId: book.id }] });
    await shipped(earlier.orderId);
    expect((await setStatus(earlier.orderId, "delivered")).status).toBe(200);
    const referred = await checkout(h, buyer, {
      items: [{ productId: book.id }],
      ref: await codeOf(referrer),
    });
    await shipped(referred.orderId);
    expect((await setStatus(referred.orderId, "delivered")).status).toBe(200);
    expect(await entriesOf(referrer.user.id)).toEqual([]);
    expect(await entriesOf(buyer.user.id)).toEqual([]);
  });
});

/** Gives a customer credit through the staff form, as the shop would. */
async function grant(u: TestUser, amount: number) {
  const res = await adjust(u.user.id, { amount, reason: "Goodwill for a late parcel" });
  expect(res.status, res.text).toBe(200);
}

describe("spending credit at checkout", () => {
  it("lowers what is paid on delivery, and the invoice agrees to the poisha", async () => {
    const u = await h.createUser();
    await grant(u, 12_345);
    const book = await createProduct(h.db, { price: 45_000, stock: 5 });
    await h.request("POST", "/api/cart", {
      body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
      cookie: u.cookie,
    });
    const res = await h.request<{ orderId: number }>("POST", "/api/checkout", {
      body: { ...ADDRESS, phone: u.phone, paymentMethod: "cod", useStoreCredit: true },
      cookie: u.cookie,
    });
    expect(res.status, res.text).toBe(201);
    const o = await orderRow(h, res.body.data!.orderId);
    expect(o.storeCredit).toBe(12_345);
    expect(o.total).toBe(o.subtotal - o.discount + o.delivery - 12_345);
    const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, o.id));
    expect(inv!.total).toBe(o.total);
    const view = await h.request<InvoiceView>("GET", `/api/invoices/${inv!.id}`, { cookie: u.cookie });
    const s = view.body.data!.snapshot;
    expect(s.storeCredit).toBe(12_345);
    expect(s.subtotal - s.discount + s.delivery - (s.storeCredit ?? 0)).toBe(s.total);
    expect((await myCredit(u)).balance).toBe(0);
    expectChain(await entriesOf(u.user.id));

    // Cancelling gives the credit back, once.
    expect((await h.request("POST", `/api/orders/${o.id}/cancel`, { cookie: u.cookie })).status).toBe(200);
    expect((await h.request("POST", `/api/orders/${o.id}/cancel`, { cookie: u.cookie })).status).toBe(409);
    const after = await myCredit(u);
    expect(after.balance).toBe(12_345);
    expect(after.entries[0]).toMatchObject({ kind: "given_back", amount: 12_345, orderId: o.id });
    expect(await stockOf(h, book.id)).toBe(5);
  });

  it("needs no gateway when credit covers the whole order, and leaves the rest of the credit", async () => {
    const u = await h.createUser();
    await grant(u, 100_000);
    const book = await createProduct(h.db, { price: 30_000, stock: 5 });
    await h.request("POST", "/api/cart", {
      body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
      cookie: u.cookie,
    });
    const res = await h.request<{ orderId: number; redirectUrl?: string }>("POST", "/api/checkout", {
      body: { ...ADDRESS, phone: u.phone, paymentMethod: "gateway", useStoreCredit: "on" },
      cookie: u.cookie,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data!.redirectUrl).toBeUndefined();
    const o = await orderRow(h, res.body.data!.orderId);
    expect(o).toMatchObject({ status: "confirmed", total: 0 });
    expect((await myCredit(u)).balance).toBe(100_000 - o.storeCredit);
    const [p] = await h.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(p).toMatchObject({ amount: 0, provider: "none" });
  });

  it("pays the rest online: the gateway is asked for what credit leaves", async () => {
    const u = await h.createUser();
    await grant(u, 5_000);
    const book = await createProduct(h.db, { price: 30_000, stock: 5 });
    await h.request("POST", "/api/cart", {
      body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
      cookie: u.cookie,
    });
    const res = await h.request<{ orderId: number; redirectUrl?: string }>("POST", "/api/checkout", {
      body: { ...ADDRESS, phone: u.phone, paymentMethod: "gateway", useStoreCredit: true },
      cookie: u.cookie,
    });
    expect(res.status, res.text).toBe(201);
    const o = await orderRow(h, res.body.data!.orderId);
    expect(o.storeCredit).toBe(5_000);
    const [p] = await h.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(p!.amount).toBe(o.total);
    // The buyer cancels it unpaid: the credit comes back.
    expect((await h.request("POST", `/api/orders/${o.id}/cancel`, { cookie: u.cookie })).status).toBe(200);
    expect((await myCredit(u)).balance).toBe(5_000);
  });

  it("spends the credit once when the same checkout is sent twice at once, and never below zero", async () => {
    const u = await h.createUser();
    await grant(u, 10_000);
    const book = await createProduct(h.db, { price: 8_000, stock: 5 });
    await h.request("POST", "/api/cart", {
      body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
      cookie: u.cookie,
    });
    const body = { ...ADDRESS, phone: u.phone, paymentMethod: "cod", useStoreCredit: true };
    const [a, b, c] = await Promise.all([
      h.request("POST", "/api/checkout", { body, cookie: u.cookie }),
      h.request("POST", "/api/checkout", { body, cookie: u.cookie }),
      adjust(u.user.id, { amount: -9_000, reason: "Taken back: a mistaken grant" }),
    ]);
    const placed = [a, b].filter((r) => r.status === 201);
    expect(placed).toHaveLength(1);
    const rows = await entriesOf(u.user.id);
    expectChain(rows);
    expect(rows.filter((r) => r.kind === "spent")).toHaveLength(1);
    // Either the adjustment came first (the order spent what was left) or it was refused.
    if (c.status === 200) expect(rows.at(-1)!.balance).toBe(0);
    else expect(c.status).toBe(409);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const u = await h.createUser();
    const res = await h.request("POST", "/api/checkout", {
      body: { ...ADDRESS, phone: u.phone, paymentMethod: "cod", useStoreCredit: "maybe" },
      cookie: u.cookie,
    });
    expect(res.status).toBe(400);
    expect(await entriesOf(u.user.id)).toEqual([]);
  });
});

describe("refunds to store credit", () => {
  it("pays the refund at once as the buyer's credit, once, with the order's ledger agreeing", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000, stock: 5 });
    const placed = await checkout(h, u, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, placed.tranx);
    const refund = (body: unknown) =>
      h.request<{ id: number; status: string }>("POST", `/api/admin/orders/${placed.orderId}/refunds`, {
        body,
        cookie: staff.cookie,
      });
    const bad = await refund({ amount: 1_000, method: "credit", reason: "Torn cover" });
    expect(bad.status).toBe(400);
    const o = await orderRow(h, placed.orderId);
    const part = Math.ceil((o.total * 3) / 5);
    // Two staff each refund three fifths at once: only one fits in what was paid.
    const both = await Promise.all([
      refund({ amount: part, method: "store_credit", reason: "Torn cover" }),
      refund({ amount: part, method: "store_credit", reason: "Torn cover" }),
    ]);
    const done = both.filter((r) => r.status === 201);
    expect(done, both.map((r) => r.text).join()).toHaveLength(1);
    expect(both.filter((r) => r.status === 409)).toHaveLength(1);
    expect(done[0]!.body.data!.status).toBe("paid");
    const mine = await myCredit(u);
    expect(mine.balance).toBe(part);
    expect(mine.entries).toMatchObject([{ kind: "refund", amount: part, orderId: o.id }]);
    const page = await h.request<{ ledger: { refundsPaid: number } }>("GET", `/api/admin/orders/${o.id}`, {
      cookie: staff.cookie,
    });
    expect(page.body.data!.ledger.refundsPaid).toBe(part);
  });
});

describe("staff adjustments", () => {
  it("adds and takes credit with a reason, audited; never below zero; 400 on bad input; only with the users permission", async () => {
    const u = await h.createUser();
    const ok = await adjust(u.user.id, { amount: 2_500, reason: "Sorry for the torn cover" });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toMatchObject({ balance: 2_500 });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.store_credit"), eq(auditLog.entityId, String(u.user.id))));
    expect(audit).toMatchObject({ actorId: clerk.user.id });

    expect((await adjust(u.user.id, { amount: -2_501, reason: "Too much" })).status).toBe(409);
    for (const bad of [
      { amount: 0, reason: "Nothing" },
      { amount: 1.5, reason: "Half a poisha" },
      { amount: 100, reason: "" },
      { amount: "ten", reason: "Words" },
      {},
    ]) {
      expect((await adjust(u.user.id, bad)).status).toBe(400);
    }
    expect((await adjust(u.user.id, { amount: 100, reason: "A customer" }, u.cookie)).status).toBe(403);
    expect((await adjust(999_999, { amount: 100, reason: "Nobody" })).status).toBe(404);
    const rows = await entriesOf(u.user.id);
    expect(rows).toHaveLength(1);
    const seen = await h.request<StoreCreditView>("GET", `/api/admin/users/${u.user.id}/store-credit`, {
      cookie: clerk.cookie,
    });
    expect(seen.body.data).toMatchObject({
      balance: 2_500,
      entries: [{ kind: "adjustment", note: "Sorry for the torn cover" }],
    });
  });
});

describe("the ledger's rule, under any sequence", () => {
  it("keeps every balance the one before plus the amount, never negative, whatever is asked", async () => {
    const u = await h.createUser();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -20_000, max: 20_000 }), { maxLength: 12 }),
        async (amounts) => {
          for (const amount of amounts) {
            if (amount === 0) continue;
            try {
              await inTransaction(h.db, (tx) =>
                appendCreditInTx(tx, {
                  userId: u.user.id,
                  kind: "adjustment",
                  amount,
                  key: `property-${n++}`,
                  now: h.clock.now(),
                }),
              );
            } catch (e) {
              expect(e).toBeInstanceOf(DomainError);
            }
          }
          expectChain(await entriesOf(u.user.id));
        },
      ),
      { numRuns: 15 },
    );
  });

  it("is refused by the database itself when a balance would go below zero", async () => {
    const u = await h.createUser();
    await expect(
      h.db.insert(storeCreditEntries).values({
        userId: u.user.id,
        seq: 1,
        kind: "adjustment",
        amount: -1,
        balance: -1,
        key: `direct-${u.user.id}`,
      }),
    ).rejects.toThrow();
    expect(await entriesOf(u.user.id)).toEqual([]);
    expect((await h.db.select().from(orders).where(eq(orders.userId, u.user.id))).length).toBe(0);
  });
});
