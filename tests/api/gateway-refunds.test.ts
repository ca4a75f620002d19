/**
 * Refunds through the gateway an order was paid at: the app is built with the real SSLCommerz and
 * bKash adapters pointed at their local fakes (and the sandbox), and staff refund from the order's
 * API. Partial and repeated bKash refunds, racing refunds that never exceed what was paid, refused
 * and timed-out refunds, and the sweep that settles a pending one. Meant for PostgreSQL too
 * (TEST_DATABASE_URL).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefundView } from "../../src/contracts/admin-order";
import { creditNotes, orderEvents, outbox, payments, refunds } from "../../src/server/db/schema";
import { createBkash } from "../../src/server/integrations/payments/bkash";
import { type FakeBkash, startFakeBkash } from "../../src/server/integrations/payments/fakes/bkash-fake";
import {
  type FakeSslcommerz,
  startFakeSslcommerz,
} from "../../src/server/integrations/payments/fakes/sslcommerz-fake";
import { createSslcommerz } from "../../src/server/integrations/payments/sslcommerz";
import { settlePendingRefunds } from "../../src/server/services/money/gateway-refunds";
import { checkout, orderRow, payAtSandbox } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

function api(h: Harness, staff: () => TestUser) {
  const call = async (method: string, path: string, body: unknown) => {
    const r = await h.request<RefundView>(method, path, { body, cookie: staff().cookie });
    return { status: r.status, body: r.body.data! };
  };
  return {
    refund: (orderId: number, body: unknown) => call("POST", `/api/admin/orders/${orderId}/refunds`, body),
    retry: (refundId: number, body: unknown) => call("POST", `/api/admin/refunds/${refundId}/retry`, body),
    pay: (refundId: number, body: unknown) => call("PATCH", `/api/admin/refunds/${refundId}`, body),
  };
}

async function refundRows(h: Harness, orderId: number) {
  return h.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
}

async function creditNotesOf(h: Harness, orderId: number) {
  return h.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
}

describe("bKash refunds", () => {
  let fake: FakeBkash;
  let h: Harness;
  let staff: TestUser;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    fake = await startFakeBkash();
    h = await createHarness({
      payments: (deps) =>
        createBkash(
          {
            baseUrl: fake.baseUrl,
            appKey: fake.appKey,
            appSecret: fake.appSecret,
            username: fake.username,
            password: fake.password,
            timeoutMs: 300,
          },
          deps.log,
        ),
    });
    staff = await h.createUser({ role: "staff", permissions: ["orders"] });
    a = api(h, () => staff);
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  /** A ৳400 book paid through bKash; the order confirmed. */
  async function paid() {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000, stock: 5 });
    const p = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    const [pay] = await h.db.select().from(payments).where(eq(payments.tranx, p.tranx));
    const fields = fake.simulateApprove(pay!.gatewayRef!);
    await h.request("GET", `/api/payment/bkash/${p.tranx}/success?${new URLSearchParams(fields)}`);
    const o = await orderRow(h, p.orderId);
    expect(o.status).toBe("confirmed");
    const [done] = await h.db.select().from(payments).where(eq(payments.tranx, p.tranx));
    return { id: o.id, total: o.total, paymentID: done!.gatewayRef!, trxID: done!.gatewayTxnId! };
  }

  it("refunds part through bKash, then a second part, each with its credit note; the rest of the payment stays refundable", async () => {
    const o = await paid();
    const first = await a.refund(o.id, { amount: 10_000, reason: "One copy was damaged", gateway: true });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "paid", method: "bkash", gateway: "bkash", amount: 10_000 });
    expect(first.body.creditNote).not.toBeNull();
    const sent = fake.payment(o.paymentID)!.refunds;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: "100.00", reason: "One copy was damaged" });
    expect(first.body.gatewayRefundId).toBe(sent[0]!.refundTrxID);

    const second = await a.refund(o.id, { amount: 5_050, reason: "Late delivery", gateway: true });
    expect(second.status).toBe(201);
    expect(second.body.status).toBe("paid");
    expect(fake.payment(o.paymentID)!.refunds.map((r) => r.amount)).toEqual(["100.00", "50.50"]);
    expect(await creditNotesOf(h, o.id)).toHaveLength(2);
    expect((await orderRow(h, o.id)).status).toBe("confirmed");
    // The buyer is told of each.
    const sms = await h.db.select().from(outbox).where(eq(outbox.channel, "sms"));
    expect(sms.filter((m) => /refund of/i.test(JSON.stringify(m.payload))).length).toBeGreaterThanOrEqual(2);

    // The rest, and no more: the order becomes refunded.
    const tooMuch = await a.refund(o.id, { amount: o.total - 15_050 + 1, reason: "x", gateway: true });
    expect(tooMuch.status).toBe(409);
    const rest = await a.refund(o.id, { amount: o.total - 15_050, reason: "Cancelled", gateway: true });
    expect(rest.body.status).toBe("paid");
    expect((await orderRow(h, o.id)).status).toBe("refunded");
  });

  it("never refunds more than was paid when refunds race (ten at once, each for 60% of it)", async () => {
    const o = await paid();
    const amount = Math.floor(o.total * 0.6);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => a.refund(o.id, { amount, reason: "Double tap", gateway: true })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
    expect(fake.payment(o.paymentID)!.refunds).toHaveLength(1);
    const rows = await refundRows(h, o.id);
    expect(rows.map((r) => [r.status, r.amount])).toEqual([["paid", amount]]);
  });

  it("a refund bKash refuses ends failed with its reason, can be retried, and then settles", async () => {
    const o = await paid();
    fake.refuseNextRefund("2071", "Refund amount exceeds the refundable amount");
    const r = await a.refund(o.id, { amount: 20_000, reason: "Wrong edition", gateway: true });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "failed", creditNote: null });
    expect(r.body.gatewayReason).toContain("2071");
    expect(await creditNotesOf(h, o.id)).toHaveLength(0);
    const [failedEvent] = await h.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.status, "refund_failed")));
    expect(failedEvent?.note).toContain("2071");

    // A stale version, then the right one; a second tap finds it no longer failed.
    expect((await a.retry(r.body.id, { version: r.body.version + 5 })).status).toBe(409);
    const again = await a.retry(r.body.id, { version: r.body.version });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("paid");
    expect((await a.retry(r.body.id, { version: again.body.version })).status).toBe(409);
    expect(fake.payment(o.paymentID)!.refunds).toHaveLength(1);
    expect(await creditNotesOf(h, o.id)).toHaveLength(1);
  });

  it("a refused refund can be paid by hand instead, and gets its credit note then", async () => {
    const o = await paid();
    fake.refuseNextRefund();
    const r = await a.refund(o.id, { amount: 10_000, reason: "Wrong edition", gateway: true });
    expect(r.body.status).toBe("failed");
    const byHand = await a.pay(r.body.id, {
      status: "paid",
      method: "nagad",
      reference: "NG123",
      version: r.body.version,
    });
    expect(byHand.status).toBe(200);
    expect(byHand.body).toMatchObject({ status: "paid", method: "nagad", reference: "NG123" });
    expect(byHand.body.creditNote).not.toBeNull();
    expect(fake.payment(o.paymentID)!.refunds).toHaveLength(0);
  });

  it("a timed-out refund stays pending (counted against what may be refunded) and the sweep settles it", async () => {
    const o = await paid();
    fake.dropNextRefundAnswer();
    const r = await a.refund(o.id, { amount: 15_000, reason: "Late", gateway: true });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "pending", creditNote: null });
    expect(r.body.gatewayReason).toContain("No answer yet");
    // bKash did make it; the shop does not know yet. The rest only may still be refunded.
    expect(fake.payment(o.paymentID)!.refunds).toHaveLength(1);
    expect((await a.refund(o.id, { amount: o.total - 15_000 + 1, reason: "x", gateway: true })).status).toBe(
      409,
    );
    // Staff cannot mark it paid by hand while the gateway works on it.
    expect((await a.pay(r.body.id, { status: "paid", version: r.body.version })).status).toBe(409);

    expect(await settlePendingRefunds(h.deps, 0)).toBeGreaterThanOrEqual(1);
    const [row] = await refundRows(h, o.id);
    expect(row).toMatchObject({
      status: "paid",
      gatewayRefundId: fake.payment(o.paymentID)!.refunds[0]!.refundTrxID,
    });
    expect(row!.creditNoteId).not.toBeNull();
    // A second sweep finds nothing more to do for it.
    await settlePendingRefunds(h.deps, 0);
    expect(await creditNotesOf(h, o.id)).toHaveLength(1);
  });

  it("refuses a gateway refund of a cash-on-delivery order, and bad input with 400 and nothing written", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000, stock: 5 });
    const cod = await checkout(h, buyer, { items: [{ productId: book.id }] });
    expect((await a.refund(cod.orderId, { amount: 100, reason: "x", gateway: true })).status).toBe(409);
    const o = await paid();
    for (const body of [
      { amount: 100, reason: "x" },
      { amount: 100, reason: "x", gateway: "yes" },
      { amount: 100, reason: "x", gateway: true, paid: true },
      { amount: -1, reason: "x", gateway: true },
    ]) {
      expect((await a.refund(o.id, body)).status).toBe(400);
    }
    expect((await a.retry(o.id, { version: "x" })).status).toBe(400);
    expect(await refundRows(h, o.id)).toHaveLength(0);
  });
});

describe("SSLCommerz refunds", () => {
  let fake: FakeSslcommerz;
  let h: Harness;
  let staff: TestUser;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    fake = await startFakeSslcommerz();
    h = await createHarness({
      payments: (deps) =>
        createSslcommerz(
          { baseUrl: fake.baseUrl, storeId: fake.storeId, storePassword: fake.storePassword, timeoutMs: 300 },
          deps.log,
        ),
    });
    staff = await h.createUser({ role: "staff", permissions: ["orders"] });
    a = api(h, () => staff);
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function paid() {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 45_050, stock: 5 });
    const p = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    const fields = fake.simulatePay(p.tranx);
    await h.request("POST", `/api/payment/sslcommerz/${p.tranx}/success`, form(fields));
    const o = await orderRow(h, p.orderId);
    expect(o.status).toBe("confirmed");
    return { id: o.id, total: o.total, bankTranId: fields.bank_tran_id! };
  }

  it("asks SSLCommerz with bank_tran_id, stays pending while it processes, and the sweep settles it with its credit note", async () => {
    const o = await paid();
    const r = await a.refund(o.id, { amount: o.total, reason: "Out of print", gateway: true });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: "pending",
      method: "card",
      gateway: "sslcommerz",
      creditNote: null,
    });
    const [asked] = fake.refunds();
    expect(asked).toMatchObject({ bankTranId: o.bankTranId, remarks: "Out of print", state: "processing" });
    expect(r.body.gatewayRefundId).toBe(asked!.refundRefId);

    await settlePendingRefunds(h.deps, 0);
    expect((await refundRows(h, o.id))[0]!.status).toBe("pending");
    fake.settleRefunds();
    await settlePendingRefunds(h.deps, 0);
    const [row] = await refundRows(h, o.id);
    expect(row!.status).toBe("paid");
    expect(row!.creditNoteId).not.toBeNull();
    expect((await orderRow(h, o.id)).status).toBe("refunded");
  });

  it("a refused refund ends failed; a timed-out one stays pending, and without SSLCommerz's id the sweep says to check its panel", async () => {
    const o = await paid();
    fake.refuseNextRefund("Refund is not allowed for this transaction");
    const refused = await a.refund(o.id, { amount: 10_000, reason: "Torn cover", gateway: true });
    expect(refused.body).toMatchObject({ status: "failed" });
    expect(refused.body.gatewayReason).toContain("not allowed");

    fake.dropNextRefundAnswer();
    const lost = await a.refund(o.id, { amount: 10_000, reason: "Torn cover", gateway: true });
    expect(lost.body.status).toBe("pending");
    await settlePendingRefunds(h.deps, 0);
    const row = (await refundRows(h, o.id)).find((x) => x.id === lost.body.id)!;
    expect(row.status).toBe("failed");
    expect(row.gatewayReason).toContain("merchant panel");
    expect(await creditNotesOf(h, o.id)).toHaveLength(0);
  });
});

describe("sandbox refunds", () => {
  let h: Harness;
  let staff: TestUser;
  beforeAll(async () => {
    h = await createHarness();
    staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("the demo's sandbox refunds at once, in parts, up to what was paid", async () => {
    const a = api(h, () => staff);
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000, stock: 5 });
    const p = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, p.tranx);
    const o = await orderRow(h, p.orderId);
    const part = await a.refund(o.id, { amount: 1_000, reason: "Bent corner", gateway: true });
    expect(part.body).toMatchObject({ status: "paid", gateway: "sandbox" });
    const rest = await a.refund(o.id, { amount: o.total - 1_000, reason: "Returned", gateway: true });
    expect(rest.body.status).toBe("paid");
    expect((await orderRow(h, o.id)).status).toBe("refunded");
  });
});
