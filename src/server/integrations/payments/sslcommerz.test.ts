import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { type FakeSslcommerz, startFakeSslcommerz } from "./fakes/sslcommerz-fake";
import { PaymentGatewayError, type PaymentInit, type PaymentProvider } from "./provider";
import { computeSslcommerzSign, createSslcommerz, isSslcommerzSignValid, md5 } from "./sslcommerz";

const log = createLogger("silent");

let fake: FakeSslcommerz;
let gateway: PaymentProvider;

beforeEach(async () => {
  fake = await startFakeSslcommerz();
  gateway = createSslcommerz(
    { storeId: fake.storeId, storePassword: fake.storePassword, baseUrl: fake.baseUrl },
    log,
  );
});
afterEach(() => fake.close());

let counter = 0;
function paymentInit(over: Partial<PaymentInit> = {}): PaymentInit {
  counter += 1;
  const tranx = over.tranx ?? `PG-T${counter}-${Date.now()}`;
  return {
    tranx,
    amount: 125050,
    currency: "BDT",
    orderNumber: "PG-1001",
    customer: {
      name: "Rahim Uddin",
      phone: "01712345678",
      email: "rahim@example.com",
      address: "House 12, Road 5",
      area: "Dhanmondi",
      district: "Dhaka",
    },
    productName: "3 items",
    productCategory: "physical",
    itemCount: 3,
    urls: {
      success: `https://shop.test/payment/${tranx}/success`,
      fail: `https://shop.test/payment/${tranx}/fail`,
      cancel: `https://shop.test/payment/${tranx}/cancel`,
      ipn: "https://shop.test/api/payments/sslcommerz/ipn",
    },
    ...over,
  };
}

/** The error a promise rejects with; fails the test when it resolves. */
async function rejection(p: Promise<unknown>): Promise<PaymentGatewayError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PaymentGatewayError);
    return e as PaymentGatewayError;
  }
  throw new Error("expected the call to fail");
}

const validations = () => fake.requests.filter((r) => r.includes("validationserverAPI")).length;

describe("SSLCommerz start()", () => {
  it("opens a session with the documented fields and sends the customer to the gateway page", async () => {
    const init = paymentInit();
    const started = await gateway.start(init);
    const session = fake.session(init.tranx)!;
    expect(session.fields).toMatchObject({
      store_id: fake.storeId,
      store_passwd: fake.storePassword,
      total_amount: "1250.50",
      currency: "BDT",
      tran_id: init.tranx,
      success_url: init.urls.success,
      fail_url: init.urls.fail,
      cancel_url: init.urls.cancel,
      ipn_url: init.urls.ipn,
      cus_name: "Rahim Uddin",
      cus_email: "rahim@example.com",
      cus_add1: "House 12, Road 5",
      cus_add2: "Dhanmondi",
      cus_city: "Dhaka",
      cus_country: "Bangladesh",
      cus_phone: "01712345678",
      shipping_method: "Courier",
      num_of_item: "3",
      product_name: "3 items",
      product_profile: "physical-goods",
      ship_name: "Rahim Uddin",
      ship_add1: "House 12, Road 5",
      ship_city: "Dhaka",
      ship_country: "Bangladesh",
      value_a: "PG-1001",
    });
    expect(started).toEqual({
      redirectUrl: `${fake.baseUrl}/EasyCheckOut/${session.sessionkey}`,
      gatewayRef: session.sessionkey,
    });
  });

  it("asks for no shipping for digital items and fills in an email the customer did not give", async () => {
    const init = paymentInit({ productCategory: "digital", itemCount: undefined });
    init.customer.email = null;
    await gateway.start(init);
    const fields = fake.session(init.tranx)!.fields;
    expect(fields).toMatchObject({
      shipping_method: "NO",
      product_profile: "non-physical-goods",
      num_of_item: "1",
      cus_email: "noreply@shop.test",
    });
    expect(Object.keys(fields).filter((k) => k.startsWith("ship_"))).toEqual([]);
  });

  it("cuts fields to SSLCommerz's lengths", async () => {
    const init = paymentInit();
    init.customer.address = "A very long address ".repeat(10);
    await gateway.start(init);
    expect(fake.session(init.tranx)!.fields.cus_add1).toHaveLength(50);
  });

  it("refuses an amount that is not whole poisha without calling SSLCommerz", async () => {
    for (const amount of [0, 12.5, -100]) {
      const e = await rejection(gateway.start(paymentInit({ amount })));
      expect(e.code).toBe("invalid_request");
    }
    expect(fake.requests).toEqual([]);
  });

  it("refuses a relative callback URL without calling SSLCommerz", async () => {
    const init = paymentInit();
    const e = await rejection(gateway.start({ ...init, urls: { ...init.urls, ipn: "/api/payments/ipn" } }));
    expect(e.code).toBe("invalid_request");
    expect(e.message).toContain("absolute URL for ipn");
    expect(fake.requests).toEqual([]);
  });

  it("says why when the store credentials are wrong", async () => {
    const wrong = createSslcommerz(
      { storeId: fake.storeId, storePassword: "nope", baseUrl: fake.baseUrl },
      log,
    );
    const e = await rejection(wrong.start(paymentInit()));
    expect(e.code).toBe("rejected");
    expect(e.message).toContain("Store Credential Error Or Store is De-active");
    expect(e.message).toContain("SSLCOMMERZ_STORE_PASSWORD");
  });

  it("passes on the gateway's failedreason", async () => {
    const e = await rejection(gateway.start(paymentInit({ amount: 500 })));
    expect(e.code).toBe("rejected");
    expect(e.message).toContain("Invalid Amount");
  });

  it("throws a clear error when SSLCommerz is down", async () => {
    fake.failNext(503);
    const e = await rejection(gateway.start(paymentInit()));
    expect(e.code).toBe("unreachable");
    expect(e.message).toContain("HTTP 503");
  });

  it("throws a clear error when SSLCommerz does not answer in time", async () => {
    const slow = createSslcommerz(
      { storeId: fake.storeId, storePassword: fake.storePassword, baseUrl: fake.baseUrl, timeoutMs: 150 },
      log,
    );
    fake.hangNext();
    const e = await rejection(slow.start(paymentInit()));
    expect(e.code).toBe("timeout");
    expect(e.message).toContain("did not answer the session API within 150 ms");
  });

  it("throws a clear error when SSLCommerz cannot be reached", async () => {
    const gone = await startFakeSslcommerz();
    await gone.close();
    const nowhere = createSslcommerz({ storeId: "s", storePassword: "p", baseUrl: gone.baseUrl }, log);
    const e = await rejection(nowhere.start(paymentInit()));
    expect(e.code).toBe("unreachable");
    expect(e.message).toContain("SSLCommerz could not be reached");
  });
});

describe("SSLCommerz verify()", () => {
  async function opened(over: Partial<PaymentInit> = {}) {
    const init = paymentInit(over);
    const started = await gateway.start(init);
    return { init, gatewayRef: started.gatewayRef };
  }

  it("confirms a payment with the validation API and reports what SSLCommerz confirmed", async () => {
    const { init, gatewayRef } = await opened();
    const params = fake.simulatePay(init.tranx, { bankTranId: "BANK123" });
    const v = await gateway.verify({ params, gatewayRef });
    expect(v).toMatchObject({
      status: "paid",
      tranx: init.tranx,
      amount: 125050,
      currency: "BDT",
      gatewayTxnId: "BANK123",
    });
    expect(v.status === "paid" && v.risk).toBeUndefined();
    expect(validations()).toBe(1);
  });

  it("confirms the browser return and the IPN of one payment with the same gatewayTxnId", async () => {
    const { init, gatewayRef } = await opened();
    const params = fake.simulatePay(init.tranx);
    const first = await gateway.verify({ params, gatewayRef });
    const second = await gateway.verify({ params, gatewayRef: null });
    expect(first.status).toBe("paid");
    expect(second).toMatchObject({ status: "paid", tranx: init.tranx });
    expect(second.status === "paid" && first.status === "paid" && second.gatewayTxnId).toBe(
      first.status === "paid" && first.gatewayTxnId,
    );
    expect((second.raw as { status: string }).status).toBe("VALIDATED");
  });

  it("converts the amount by its digits, not through floating point", async () => {
    const { init, gatewayRef } = await opened({ amount: 100029 });
    expect(fake.session(init.tranx)!.fields.total_amount).toBe("1000.29");
    const v = await gateway.verify({ params: fake.simulatePay(init.tranx), gatewayRef });
    expect(v).toMatchObject({ status: "paid", amount: 100029 });
  });

  it("reports the amount SSLCommerz confirmed even when it differs from the order's", async () => {
    const { init, gatewayRef } = await opened();
    const v = await gateway.verify({
      params: fake.simulatePay(init.tranx, { amount: "999.99" }),
      gatewayRef,
    });
    expect(v).toMatchObject({ status: "paid", amount: 99999 });
  });

  it("fails a callback with a bad verify_sign without asking the validation API", async () => {
    const { init, gatewayRef } = await opened();
    const params = { ...fake.simulatePay(init.tranx), verify_sign: md5("forged") };
    const v = await gateway.verify({ params, gatewayRef });
    expect(v).toMatchObject({ status: "failed", tranx: init.tranx, reason: "Bad signature" });
    expect(validations()).toBe(0);
  });

  it("fails a callback whose signed fields were changed", async () => {
    const { init, gatewayRef } = await opened();
    const params = fake.tamper(fake.simulatePay(init.tranx), { amount: "1.00", status: "VALID" });
    expect(params.amount).toBe("1.00");
    const v = await gateway.verify({ params, gatewayRef });
    expect(v).toMatchObject({ status: "failed", reason: "Bad signature" });
    expect(validations()).toBe(0);
  });

  it("does not count a correctly signed callback as paid when the validation API does not know its val_id", async () => {
    const { init, gatewayRef } = await opened();
    const params: Record<string, string> = { ...fake.simulatePay(init.tranx), val_id: "UNKNOWN000" };
    params.verify_sign = fake.sign(params);
    const v = await gateway.verify({ params, gatewayRef });
    expect(v.status).toBe("failed");
    expect(v.status !== "paid" && v.reason).toContain("INVALID_TRANSACTION");
    expect(validations()).toBe(1);
  });

  it("does not count a forged unsigned VALID callback as paid", async () => {
    const { init, gatewayRef } = await opened();
    const v = await gateway.verify({
      params: { tran_id: init.tranx, val_id: "MADEUP1", status: "VALID", amount: "1250.50" },
      gatewayRef,
    });
    expect(v).toMatchObject({ status: "failed", tranx: init.tranx });
  });

  it("refuses a val_id that belongs to another transaction", async () => {
    const a = await opened();
    const b = await opened();
    const params: Record<string, string> = { ...fake.simulatePay(a.init.tranx), tran_id: b.init.tranx };
    params.verify_sign = fake.sign(params);
    const v = await gateway.verify({ params, gatewayRef: b.gatewayRef });
    expect(v).toMatchObject({ status: "failed", tranx: b.init.tranx });
    expect(v.status !== "paid" && v.reason).toContain(`belongs to transaction ${a.init.tranx}`);
  });

  it("reports a failed payment from its signed callback without an API call", async () => {
    const { init, gatewayRef } = await opened();
    const v = await gateway.verify({ params: fake.simulateFail(init.tranx, "Card declined"), gatewayRef });
    expect(v).toMatchObject({ status: "failed", tranx: init.tranx });
    expect(v.status !== "paid" && v.reason).toContain("Card declined");
    expect(validations()).toBe(0);
  });

  it("reports a cancelled payment from its signed callback without an API call", async () => {
    const { init, gatewayRef } = await opened();
    const v = await gateway.verify({ params: fake.simulateCancel(init.tranx), gatewayRef });
    expect(v).toMatchObject({ status: "cancelled", tranx: init.tranx });
    expect(validations()).toBe(0);
  });

  it("fails a callback with neither val_id nor a failure status", async () => {
    const v = await gateway.verify({ params: { tran_id: "X1", status: "VALID" }, gatewayRef: null });
    expect(v).toMatchObject({ status: "failed", reason: "The callback has no val_id to validate" });
  });

  it("passes on a risky payment as paid, with the risk for staff to look at", async () => {
    const { init, gatewayRef } = await opened();
    const v = await gateway.verify({ params: fake.simulatePay(init.tranx, { riskLevel: 1 }), gatewayRef });
    expect(v).toMatchObject({ status: "paid", risk: { level: 1, title: "Risky" } });
  });

  it("throws when the validation API is down, so the callback can be retried", async () => {
    const { init, gatewayRef } = await opened();
    const params = fake.simulatePay(init.tranx);
    fake.failNext(502);
    const e = await rejection(gateway.verify({ params, gatewayRef }));
    expect(e.code).toBe("unreachable");
    expect(e.message).toContain("validation API");
    expect(e.message).not.toContain(fake.storePassword);
  });

  it("throws when the validation API refuses our credentials", async () => {
    const { init } = await opened();
    const { verify_sign: _, ...unsigned } = fake.simulatePay(init.tranx);
    const wrong = createSslcommerz(
      { storeId: fake.storeId, storePassword: "nope", baseUrl: fake.baseUrl },
      log,
    );
    const e = await rejection(wrong.verify({ params: unsigned, gatewayRef: null }));
    expect(e.code).toBe("rejected");
    expect(e.message).toContain("APIConnect FAILED");
    expect(e.message).toContain("SSLCOMMERZ_STORE_ID");
  });

  it("completes a payment through the gateway page's Pay button", async () => {
    const { init, gatewayRef } = await opened();
    const page = await fetch(`${fake.baseUrl}/EasyCheckOut/${gatewayRef}/pay`, { method: "POST" });
    const html = await page.text();
    expect(html).toContain(`action="${init.urls.success}"`);
    const params = Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
      ]),
    );
    expect(await gateway.verify({ params, gatewayRef })).toMatchObject({ status: "paid", tranx: init.tranx });
  });
});

describe("SSLCommerz validation statuses", () => {
  function answering(body: Record<string, string>): PaymentProvider {
    const fetchStub: typeof fetch = async () =>
      new Response(JSON.stringify({ APIConnect: "DONE", ...body }), {
        headers: { "content-type": "application/json" },
      });
    return createSslcommerz(
      { storeId: "s", storePassword: "p", baseUrl: "https://sslcz.test", fetch: fetchStub },
      log,
    );
  }

  it.each([
    ["FAILED", "failed"],
    ["CANCELLED", "cancelled"],
    ["UNATTEMPTED", "cancelled"],
    ["EXPIRED", "failed"],
    ["PENDING", "pending"],
    ["INVALID_TRANSACTION", "failed"],
    ["SOMETHING_NEW", "failed"],
  ])("reports validation status %s as %s", async (word, status) => {
    const v = await answering({ status: word, tran_id: "T1" }).verify({
      params: { tran_id: "T1", val_id: "V1", status: "VALID" },
      gatewayRef: null,
    });
    expect(v).toMatchObject({ status, tranx: "T1" });
  });

  it("throws on a VALID answer whose amount it cannot read", async () => {
    const e = await rejection(
      answering({ status: "VALID", tran_id: "T1", amount: "12,50", currency: "BDT" }).verify({
        params: { tran_id: "T1", val_id: "V1" },
        gatewayRef: null,
      }),
    );
    expect(e.code).toBe("bad_answer");
  });

  it("uses val_id as the gateway's id when there is no bank_tran_id", async () => {
    const v = await answering({
      status: "VALIDATED",
      tran_id: "T1",
      val_id: "V1",
      amount: "10.00",
      currency: "BDT",
    }).verify({
      params: { val_id: "V1" },
      gatewayRef: null,
    });
    expect(v).toMatchObject({ status: "paid", gatewayTxnId: "V1", amount: 1000 });
  });
});

describe("SSLCommerz verify_sign", () => {
  const params = {
    tran_id: "T1",
    amount: "10.00",
    status: "VALID",
    extra: "not signed",
    verify_key: "amount,status,tran_id,missing_field",
  };

  it("hashes the listed fields and md5(store password), sorted by name", () => {
    const expected = md5(`amount=10.00&status=VALID&store_passwd=${md5("secret")}&tran_id=T1`);
    expect(computeSslcommerzSign(params, "secret")).toBe(expected);
  });

  it("accepts the right sign, in either case, and ignores fields outside verify_key", () => {
    const sign = computeSslcommerzSign(params, "secret")!;
    expect(isSslcommerzSignValid({ ...params, verify_sign: sign }, "secret")).toBe(true);
    expect(
      isSslcommerzSignValid({ ...params, verify_sign: sign.toUpperCase(), extra: "changed" }, "secret"),
    ).toBe(true);
  });

  it("refuses a sign made with another password, a changed field or no verify_key", () => {
    const sign = computeSslcommerzSign(params, "secret")!;
    expect(isSslcommerzSignValid({ ...params, verify_sign: sign }, "other")).toBe(false);
    expect(isSslcommerzSignValid({ ...params, amount: "100.00", verify_sign: sign }, "secret")).toBe(false);
    expect(isSslcommerzSignValid({ tran_id: "T1", verify_sign: sign }, "secret")).toBe(false);
  });
});

describe("refunds", () => {
  /** A paid session at the fake: what a refund needs of the payment. */
  async function paid() {
    const init = paymentInit();
    const started = await gateway.start(init);
    const fields = fake.simulatePay(init.tranx);
    return {
      tranx: init.tranx,
      gatewayRef: started.gatewayRef,
      gatewayTxnId: fields.bank_tran_id!,
      amount: init.amount,
    };
  }
  const ask = (payment: Awaited<ReturnType<typeof paid>>, amount: number) => ({
    refundRef: "R7A1",
    amount,
    reason: "Out of print",
    payment,
  });

  it("asks by bank_tran_id with the amount in taka, remarks and refe_id; pending until SSLCommerz reports it refunded", async () => {
    const p = await paid();
    const r = await gateway.refund(ask(p, 10_050));
    expect(r.status).toBe("pending");
    const [made] = fake.refunds();
    expect(made).toMatchObject({
      bankTranId: p.gatewayTxnId,
      amount: "100.50",
      remarks: "Out of print",
      refeId: "R7A1",
    });
    expect(r.gatewayRefundId).toBe(made!.refundRefId);
    const status = { ...ask(p, 10_050), gatewayRefundId: r.gatewayRefundId };
    expect((await gateway.refundStatus(status)).status).toBe("pending");
    fake.settleRefunds();
    expect((await gateway.refundStatus(status)).status).toBe("refunded");
  });

  it("answers a refusal as failed with SSLCommerz's errorReason, and wrong credentials as failed with the hint", async () => {
    const p = await paid();
    fake.refuseNextRefund("Refund is not allowed for this transaction");
    const refused = await gateway.refund(ask(p, 100));
    expect(refused).toMatchObject({ status: "failed" });
    expect(refused.reason).toContain("not allowed");
    const wrong = createSslcommerz(
      { storeId: fake.storeId, storePassword: "wrong", baseUrl: fake.baseUrl },
      createLogger("silent"),
    );
    const denied = await wrong.refund(ask(p, 100));
    expect(denied.status).toBe("failed");
    expect(denied.reason).toContain("SSLCOMMERZ_STORE_PASSWORD");
  });

  it("throws when no answer comes; without a refund_ref_id the status is failed with a note to check the panel", async () => {
    const p = await paid();
    const slow = createSslcommerz(
      { storeId: fake.storeId, storePassword: fake.storePassword, baseUrl: fake.baseUrl, timeoutMs: 200 },
      createLogger("silent"),
    );
    fake.dropNextRefundAnswer();
    await expect(slow.refund(ask(p, 100))).rejects.toMatchObject({ code: "timeout" });
    const status = await slow.refundStatus({ ...ask(p, 100), gatewayRefundId: null });
    expect(status.status).toBe("failed");
    expect(status.reason).toContain("merchant panel");
  });
});
