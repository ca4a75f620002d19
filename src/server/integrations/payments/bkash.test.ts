import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { createBkash } from "./bkash";
import { type FakeBkash, startFakeBkash } from "./fakes/bkash-fake";
import { PaymentGatewayError, type PaymentInit, type PaymentProvider } from "./provider";

const log = createLogger("silent");

let fake: FakeBkash;
let clock: number;
let gateway: PaymentProvider;

function connect(over: Partial<Parameters<typeof createBkash>[0]> = {}): PaymentProvider {
  return createBkash(
    {
      baseUrl: fake.baseUrl,
      appKey: fake.appKey,
      appSecret: fake.appSecret,
      username: fake.username,
      password: fake.password,
      now: () => clock,
      ...over,
    },
    log,
  );
}

beforeEach(async () => {
  fake = await startFakeBkash();
  clock = Date.parse("2026-03-01T10:00:00Z");
  gateway = connect();
});
afterEach(() => fake.close());

let counter = 0;
function paymentInit(over: Partial<PaymentInit> = {}): PaymentInit {
  counter += 1;
  const tranx = over.tranx ?? `PG-B${counter}`;
  return {
    tranx,
    amount: 125050,
    currency: "BDT",
    orderNumber: "PG-2001",
    customer: {
      name: "Karima Begum",
      phone: "01812345678",
      address: "Flat 3B, Lake Road",
      area: "Agrabad",
      district: "Chattogram",
    },
    productName: "2 items",
    productCategory: "mixed",
    urls: {
      success: `https://shop.test/payment/${tranx}/success`,
      fail: `https://shop.test/payment/${tranx}/fail`,
      cancel: `https://shop.test/payment/${tranx}/cancel`,
      ipn: "https://shop.test/api/payments/bkash/ipn",
    },
    ...over,
  };
}

async function rejection(p: Promise<unknown>): Promise<PaymentGatewayError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PaymentGatewayError);
    return e as PaymentGatewayError;
  }
  throw new Error("expected the call to fail");
}

async function created(over: Partial<PaymentInit> = {}) {
  const init = paymentInit(over);
  const { gatewayRef } = await gateway.start(init);
  return { init, paymentID: gatewayRef! };
}

describe("bKash start()", () => {
  it("creates a checkout-URL payment with the documented fields and sends the customer to bKash", async () => {
    const init = paymentInit();
    const started = await gateway.start(init);
    const payment = fake.payment(started.gatewayRef!)!;
    expect(payment.request).toEqual({
      mode: "0011",
      payerReference: "01812345678",
      callbackURL: init.urls.success,
      amount: "1250.50",
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: init.tranx,
    });
    expect(started.redirectUrl).toBe(`${fake.baseUrl}/redirect/tokenized/?paymentID=${payment.paymentID}`);
  });

  it("grants one token and reuses it for later calls", async () => {
    for (let i = 0; i < 3; i++) await gateway.start(paymentInit());
    clock += 50 * 60_000;
    const { paymentID } = await created();
    await gateway.verify({ params: fake.simulateApprove(paymentID), gatewayRef: paymentID });
    expect(fake.count("/tokenized/checkout/token/grant")).toBe(1);
    expect(fake.count("/tokenized/checkout/token/refresh")).toBe(0);
    expect(fake.count("/tokenized/checkout/create")).toBe(4);
  });

  it("grants one token for payments started at the same moment", async () => {
    await Promise.all(Array.from({ length: 5 }, () => gateway.start(paymentInit())));
    expect(fake.count("/tokenized/checkout/token/grant")).toBe(1);
  });

  it("refreshes the token shortly before it expires", async () => {
    await gateway.start(paymentInit());
    clock += 56 * 60_000;
    await gateway.start(paymentInit());
    await gateway.start(paymentInit());
    expect(fake.count("/tokenized/checkout/token/grant")).toBe(1);
    expect(fake.count("/tokenized/checkout/token/refresh")).toBe(1);
  });

  it("grants a new token when the refresh fails", async () => {
    await gateway.start(paymentInit());
    clock += 56 * 60_000;
    fake.failNext(500);
    await gateway.start(paymentInit());
    expect(fake.count("/tokenized/checkout/token/refresh")).toBe(1);
    expect(fake.count("/tokenized/checkout/token/grant")).toBe(2);
  });

  it("replaces a token bKash no longer accepts and carries on", async () => {
    await gateway.start(paymentInit());
    fake.expireTokens();
    const started = await gateway.start(paymentInit());
    expect(started.gatewayRef).toMatch(/^TR0011/);
    expect(fake.count("/tokenized/checkout/token/grant")).toBe(2);
  });

  it("says why when the credentials are wrong", async () => {
    const wrongUser = await rejection(connect({ username: "someone" }).start(paymentInit()));
    expect(wrongUser.code).toBe("rejected");
    expect(wrongUser.message).toContain("Username does not exist (9999)");
    expect(wrongUser.message).toContain("BKASH_USERNAME");
    const wrongKey = await rejection(connect({ appSecret: "nope" }).start(paymentInit()));
    expect(wrongKey.message).toContain("Invalid App Key (2001)");
    expect(fake.count("/tokenized/checkout/create")).toBe(0);
  });

  it("passes on bKash's refusal of a payment", async () => {
    const e = await rejection(gateway.start(paymentInit({ currency: "USD" as "BDT" })));
    expect(e.code).toBe("rejected");
    expect(e.message).toContain("Invalid currency (2007)");
  });

  it("refuses an amount that is not whole poisha without calling bKash", async () => {
    const e = await rejection(gateway.start(paymentInit({ amount: 99.5 })));
    expect(e.code).toBe("invalid_request");
    expect(fake.requests).toEqual([]);
  });

  it("throws a clear error when bKash is down", async () => {
    fake.failNext(502, 2);
    const e = await rejection(gateway.start(paymentInit()));
    expect(e.code).toBe("unreachable");
    expect(e.message).toContain("HTTP 502");
  });

  it("throws a clear error when bKash does not answer in time", async () => {
    fake.hangNext();
    const e = await rejection(connect({ timeoutMs: 150 }).start(paymentInit()));
    expect(e.code).toBe("timeout");
    expect(e.message).toContain("bKash did not answer the grant token API within 150 ms");
  });
});

describe("bKash verify()", () => {
  it("executes an approved payment and reports what bKash confirmed", async () => {
    const { init, paymentID } = await created({ amount: 1250 });
    const v = await gateway.verify({ params: fake.simulateApprove(paymentID), gatewayRef: paymentID });
    expect(v).toMatchObject({
      status: "paid",
      tranx: init.tranx,
      amount: 1250,
      currency: "BDT",
      gatewayTxnId: fake.payment(paymentID)!.trxID,
    });
    expect(fake.count("/tokenized/checkout/execute")).toBe(1);
    expect(fake.count("/tokenized/checkout/payment/status")).toBe(0);
  });

  it("answers a repeated callback from the status query once bKash says it is already completed", async () => {
    const { paymentID } = await created();
    const params = fake.simulateApprove(paymentID);
    const first = await gateway.verify({ params, gatewayRef: paymentID });
    const again = await gateway.verify({ params, gatewayRef: paymentID });
    expect(again).toMatchObject({ status: "paid", amount: 125050 });
    expect(again.status === "paid" && again.gatewayTxnId).toBe(first.status === "paid" && first.gatewayTxnId);
    expect(fake.count("/tokenized/checkout/execute")).toBe(2);
    expect(fake.count("/tokenized/checkout/payment/status")).toBe(1);
    expect(JSON.stringify(again.raw)).toContain("already been completed (2062)");
  });

  it("asks the status query when the execute answer is lost", async () => {
    const { init, paymentID } = await created();
    fake.dropNextExecuteAnswer();
    const v = await gateway.verify({ params: fake.simulateApprove(paymentID), gatewayRef: paymentID });
    expect(v).toMatchObject({ status: "paid", tranx: init.tranx, amount: 125050 });
    expect(fake.count("/tokenized/checkout/payment/status")).toBe(1);
  });

  it("reports a payment the wallet could not cover as failed, with bKash's reason", async () => {
    const { init, paymentID } = await created();
    const params = fake.simulateApprove(paymentID, { outcome: "insufficient_balance" });
    const v = await gateway.verify({ params, gatewayRef: paymentID });
    expect(v).toMatchObject({ status: "failed", tranx: init.tranx });
    expect(v.status !== "paid" && v.reason).toContain("Insufficient Balance (2023)");
  });

  it("does not count a forged success callback for an unapproved payment as paid", async () => {
    const { paymentID } = await created();
    const v = await gateway.verify({ params: { paymentID, status: "success" }, gatewayRef: paymentID });
    expect(v.status).toBe("failed");
    expect(v.status !== "paid" && v.reason).toContain("Invalid Payment State (2056)");
  });

  it("reports a failure callback as failed after asking bKash, without executing", async () => {
    const { init, paymentID } = await created();
    const v = await gateway.verify({ params: fake.simulateFailure(paymentID), gatewayRef: paymentID });
    expect(v).toMatchObject({ status: "failed", tranx: init.tranx });
    expect(fake.count("/tokenized/checkout/execute")).toBe(0);
    expect(fake.count("/tokenized/checkout/payment/status")).toBe(1);
  });

  it("reports a cancel callback as cancelled after asking bKash, without executing", async () => {
    const { init, paymentID } = await created();
    const v = await gateway.verify({ params: fake.simulateCancel(paymentID), gatewayRef: paymentID });
    expect(v).toMatchObject({ status: "cancelled", tranx: init.tranx });
    expect(fake.count("/tokenized/checkout/execute")).toBe(0);
  });

  it("reports a completed payment as paid even when a cancel callback says otherwise", async () => {
    const { paymentID } = await created();
    await gateway.verify({ params: fake.simulateApprove(paymentID), gatewayRef: paymentID });
    const v = await gateway.verify({ params: fake.simulateCancel(paymentID), gatewayRef: paymentID });
    expect(v.status).toBe("paid");
  });

  it("reports a payment the customer has not finished as pending when the callback says nothing", async () => {
    const { init, paymentID } = await created();
    const v = await gateway.verify({ params: {}, gatewayRef: paymentID });
    expect(v).toMatchObject({ status: "pending", tranx: init.tranx });
    expect(fake.count("/tokenized/checkout/execute")).toBe(0);
  });

  it("refuses a callback for another payment without calling bKash", async () => {
    const { paymentID } = await created();
    const before = fake.requests.length;
    const v = await gateway.verify({
      params: { paymentID: "TR0011OTHER", status: "success" },
      gatewayRef: paymentID,
    });
    expect(v.status).toBe("failed");
    expect(fake.requests.length).toBe(before);
  });

  it("reports an unknown payment as failed", async () => {
    const v = await gateway.verify({
      params: { paymentID: "TR0011NOPE", status: "cancel" },
      gatewayRef: null,
    });
    expect(v).toMatchObject({ status: "failed", tranx: null });
    expect(v.status !== "paid" && v.reason).toContain("Invalid Payment ID (2002)");
  });

  it("throws when bKash answers neither execute nor the status query, so the callback can be retried", async () => {
    const quick = connect({ timeoutMs: 150 });
    const { gatewayRef } = await quick.start(paymentInit());
    const params = fake.simulateApprove(gatewayRef!);
    fake.hangNext(2);
    const e = await rejection(quick.verify({ params, gatewayRef }));
    expect(e.code).toBe("timeout");
    expect(e.message).toContain("bKash did not answer query payment within 150 ms");
  });

  it("reports pending when execute goes unanswered and bKash has not completed the payment", async () => {
    const quick = connect({ timeoutMs: 150 });
    const { gatewayRef } = await quick.start(paymentInit());
    const params = fake.simulateApprove(gatewayRef!);
    fake.hangNext(1);
    const v = await quick.verify({ params, gatewayRef });
    expect(v.status).toBe("pending");
    expect(v.status !== "paid" && v.reason).toContain("did not answer execute payment");
    // The customer's approval still stands: a retry executes it.
    expect(await quick.verify({ params, gatewayRef })).toMatchObject({ status: "paid" });
  });

  it("completes a payment through bKash's page and the callback it redirects to", async () => {
    const { init, paymentID } = await created();
    const res = await fetch(`${fake.baseUrl}/redirect/tokenized/?paymentID=${paymentID}&act=pay`, {
      redirect: "manual",
    });
    const back = new URL(res.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(init.urls.success);
    const params = Object.fromEntries(back.searchParams);
    expect(params).toMatchObject({ paymentID, status: "success" });
    expect(await gateway.verify({ params, gatewayRef: paymentID })).toMatchObject({
      status: "paid",
      tranx: init.tranx,
    });
  });
});

describe("refunds", () => {
  /** A payment of ৳1,250.50 created, approved and executed at the fake: what a refund needs of it. */
  async function completed() {
    const init = paymentInit();
    const started = await gateway.start(init);
    const fields = fake.simulateApprove(started.gatewayRef!);
    const paid = await gateway.verify({ params: fields, gatewayRef: started.gatewayRef });
    if (paid.status !== "paid") throw new Error("not paid");
    return {
      tranx: init.tranx,
      gatewayRef: started.gatewayRef,
      gatewayTxnId: paid.gatewayTxnId,
      amount: init.amount,
    };
  }
  const ask = (payment: Awaited<ReturnType<typeof completed>>, amount: number, n = 1) => ({
    refundRef: `R9A${n}`,
    amount,
    reason: "Damaged copy",
    payment,
  });

  it("sends paymentID, trxID, the amount in taka, our id as sku and the reason; bKash's refundTrxID comes back", async () => {
    const p = await completed();
    const r = await gateway.refund(ask(p, 50_025));
    expect(r).toMatchObject({ status: "refunded" });
    const [made] = fake.payment(p.gatewayRef!)!.refunds;
    expect(made).toMatchObject({ amount: "500.25", sku: "R9A1", reason: "Damaged copy" });
    expect(r.gatewayRefundId).toBe(made!.refundTrxID);
    const again = await gateway.refundStatus({ ...ask(p, 50_025), gatewayRefundId: r.gatewayRefundId });
    expect(again).toMatchObject({ status: "refunded", gatewayRefundId: made!.refundTrxID });
  });

  it("answers a refusal as failed with bKash's code, and refuses more than what is left of the payment", async () => {
    const p = await completed();
    expect(await gateway.refund(ask(p, 100_000))).toMatchObject({ status: "refunded" });
    const over = await gateway.refund(ask(p, 25_051, 2));
    expect(over.status).toBe("failed");
    expect(over.reason).toContain("2071");
    fake.refuseNextRefund("2072", "Refund not allowed");
    expect((await gateway.refund(ask(p, 100, 3))).reason).toContain("Refund not allowed (2072)");
  });

  it("throws when no answer comes, and the status query then finds the refund by its amount", async () => {
    const p = await completed();
    gateway = connect({ timeoutMs: 200 });
    fake.dropNextRefundAnswer();
    await expect(gateway.refund(ask(p, 10_000))).rejects.toMatchObject({ code: "timeout" });
    expect(await gateway.refundStatus({ ...ask(p, 10_000), gatewayRefundId: null })).toMatchObject({
      status: "refunded",
      gatewayRefundId: fake.payment(p.gatewayRef!)!.refunds[0]!.refundTrxID,
    });
    // A refund of another amount is not the one asked about.
    expect(await gateway.refundStatus({ ...ask(p, 20_000), gatewayRefundId: null })).toMatchObject({
      status: "failed",
    });
  });

  it("throws PaymentGatewayError on an outage (the refund may be asked about later)", async () => {
    const p = await completed();
    fake.failNext(503, 2);
    await expect(gateway.refund(ask(p, 100))).rejects.toBeInstanceOf(PaymentGatewayError);
  });
});
