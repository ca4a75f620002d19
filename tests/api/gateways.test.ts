/**
 * The whole checkout against local stand-ins of the real gateways (SSLCommerz, bKash) and the
 * Steadfast courier: the app is built with the real adapters pointed at the fakes.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OrderFulfilment } from "../../src/contracts/fulfilment";
import type { TrackingView } from "../../src/contracts/tracking";
import { invoices, orderEvents, orders, payments, products, shipments } from "../../src/server/db/schema";
import {
  type FakeSteadfast,
  startFakeSteadfast,
} from "../../src/server/integrations/couriers/fakes/steadfast-fake";
import { createSteadfast } from "../../src/server/integrations/couriers/steadfast";
import { createBkash } from "../../src/server/integrations/payments/bkash";
import { type FakeBkash, startFakeBkash } from "../../src/server/integrations/payments/fakes/bkash-fake";
import {
  type FakeSslcommerz,
  startFakeSslcommerz,
} from "../../src/server/integrations/payments/fakes/sslcommerz-fake";
import { createSslcommerz } from "../../src/server/integrations/payments/sslcommerz";
import type { CourierSync } from "../../src/server/services/orders/fulfilment";
import { checkout, orderRow, payAtSandbox, stockOf } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** Where the shop sends the buyer's browser after a gateway's return. */
function location(res: { status: number; headers: Headers }): string {
  expect(res.status).toBe(303);
  return res.headers.get("location") ?? "";
}

async function countOf(h: Harness, orderId: number) {
  const [inv] = await h.db.select({ n: count() }).from(invoices).where(eq(invoices.orderId, orderId));
  const [conf] = await h.db
    .select({ n: count() })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, "confirmed")));
  return { invoices: inv!.n, confirmations: conf!.n };
}

async function paymentOf(h: Harness, tranx: string) {
  const [p] = await h.db.select().from(payments).where(eq(payments.tranx, tranx));
  return p!;
}

async function soldCount(h: Harness, productId: number) {
  const [p] = await h.db.select({ n: products.soldCount }).from(products).where(eq(products.id, productId));
  return p!.n;
}

describe("SSLCommerz", () => {
  let fake: FakeSslcommerz;
  let h: Harness;
  beforeAll(async () => {
    fake = await startFakeSslcommerz();
    h = await createHarness({
      payments: (deps) =>
        createSslcommerz(
          { baseUrl: fake.baseUrl, storeId: fake.storeId, storePassword: fake.storePassword },
          deps.log,
        ),
    });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function placed(stock = 5) {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 45_050, stock });
    const p = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    return { ...p, book, buyer };
  }

  it("sends the buyer to the gateway's page, and the signed return confirms the order and issues the invoice", async () => {
    const o = await placed();
    const session = fake.session(o.tranx)!;
    expect(o.redirectUrl).toBe(`${fake.baseUrl}/EasyCheckOut/${session.sessionkey}`);
    expect(session.fields).toMatchObject({ total_amount: "550.50", currency: "BDT", tran_id: o.tranx });
    expect((await paymentOf(h, o.tranx)).gatewayRef).toBe(session.sessionkey);

    const fields = fake.simulatePay(o.tranx);
    const back = await h.request("POST", `/api/payment/sslcommerz/${o.tranx}/success`, form(fields));
    expect(location(back)).toBe(`/payment/${o.tranx}/success`);
    expect((await orderRow(h, o.orderId)).status).toBe("confirmed");
    expect(await countOf(h, o.orderId)).toEqual({ invoices: 1, confirmations: 1 });
    expect(await paymentOf(h, o.tranx)).toMatchObject({
      status: "paid",
      gatewayTxnId: fields.bank_tran_id,
      amount: 55_050,
    });
  });

  it("confirms once when the IPN comes ten times, at once and one after another", async () => {
    const o = await placed(5);
    const fields = fake.simulatePay(o.tranx);
    const ipn = () => h.request("POST", `/api/payment/sslcommerz/${o.tranx}/ipn`, form(fields));
    for (const r of await Promise.all(Array.from({ length: 5 }, ipn))) expect(r.status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ipn()).status).toBe(200);
    expect((await orderRow(h, o.orderId)).status).toBe("confirmed");
    expect(await countOf(h, o.orderId)).toEqual({ invoices: 1, confirmations: 1 });
    expect(await stockOf(h, o.book.id)).toBe(4);
    expect(await soldCount(h, o.book.id)).toBe(1);
  });

  it("changes nothing for a tampered callback (the amount changed under the old signature)", async () => {
    const o = await placed();
    const fields = fake.simulatePay(o.tranx);
    const tampered = fake.tamper(fields, { amount: "1.00" });
    const back = await h.request("POST", `/api/payment/sslcommerz/${o.tranx}/success`, form(tampered));
    expect(location(back)).toBe(`/payment/failed?order=${o.orderId}`);
    expect((await orderRow(h, o.orderId)).status).toBe("pending_payment");
    expect((await paymentOf(h, o.tranx)).status).toBe("initiated");
    expect(await countOf(h, o.orderId)).toEqual({ invoices: 0, confirmations: 0 });
    // The genuine callback still goes through afterwards.
    await h.request("POST", `/api/payment/sslcommerz/${o.tranx}/success`, form(fields));
    expect((await orderRow(h, o.orderId)).status).toBe("confirmed");
  });

  it("releases nothing for a forged FAILED callback without a signature: the order keeps waiting", async () => {
    const o = await placed(3);
    expect(await stockOf(h, o.book.id)).toBe(2);
    const forged = { tran_id: o.tranx, status: "FAILED", error: "Declined", amount: "550.50" };
    const back = await h.request("POST", `/api/payment/sslcommerz/${o.tranx}/fail`, form(forged));
    expect(location(back)).toBe(`/payment/failed?order=${o.orderId}`);
    const row = await orderRow(h, o.orderId);
    expect(row).toMatchObject({ status: "pending_payment", stockHeld: true });
    expect(await stockOf(h, o.book.id)).toBe(2);
    expect((await paymentOf(h, o.tranx)).status).toBe("initiated");
    // A made-up val_id claiming success is asked of the gateway, which does not know it.
    const madeUp = { tran_id: o.tranx, status: "VALID", val_id: "123456789", amount: "550.50" };
    await h.request("POST", `/api/payment/sslcommerz/${o.tranx}/ipn`, form(madeUp));
    expect((await orderRow(h, o.orderId)).status).toBe("pending_payment");
  });
});

describe("bKash", () => {
  let fake: FakeBkash;
  let h: Harness;
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
          },
          deps.log,
        ),
    });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function placed() {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000, stock: 5 });
    const p = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    const paymentID = (await paymentOf(h, p.tranx)).gatewayRef!;
    return { ...p, book, paymentID };
  }

  const callback = (tranx: string, fields: Record<string, string>) =>
    h.request("GET", `/api/payment/bkash/${tranx}/success?${new URLSearchParams(fields)}`);

  it("sends the buyer to bKash, and the approved payment's callback confirms the order once however often it comes", async () => {
    const o = await placed();
    expect(o.redirectUrl).toBe(`${fake.baseUrl}/redirect/tokenized/?paymentID=${o.paymentID}`);
    expect(fake.payment(o.paymentID)?.request).toMatchObject({
      amount: "400.00",
      merchantInvoiceNumber: o.tranx,
      callbackURL: `http://localhost/api/payment/bkash/${o.tranx}/success`,
    });

    const fields = fake.simulateApprove(o.paymentID);
    expect(location(await callback(o.tranx, fields))).toBe(`/payment/${o.tranx}/success`);
    expect((await orderRow(h, o.orderId)).status).toBe("confirmed");
    for (let i = 0; i < 5; i++)
      expect(location(await callback(o.tranx, fields))).toBe(`/payment/${o.tranx}/success`);
    expect(await countOf(h, o.orderId)).toEqual({ invoices: 1, confirmations: 1 });
    expect(fake.count("/tokenized/checkout/execute")).toBe(1);
    expect(await paymentOf(h, o.tranx)).toMatchObject({
      status: "paid",
      gatewayTxnId: fake.payment(o.paymentID)?.trxID,
    });
  });

  it("does not confirm a cancelled payment", async () => {
    const o = await placed();
    const executed = fake.count("/tokenized/checkout/execute");
    const back = await callback(o.tranx, fake.simulateCancel(o.paymentID));
    expect(location(back)).toBe(`/payment/failed?order=${o.orderId}`);
    expect((await orderRow(h, o.orderId)).status).not.toBe("confirmed");
    expect(await countOf(h, o.orderId)).toEqual({ invoices: 0, confirmations: 0 });
    expect(fake.count("/tokenized/checkout/execute")).toBe(executed);
  });
});

describe("Steadfast", () => {
  let fake: FakeSteadfast;
  let h: Harness;
  let staff: TestUser;
  beforeAll(async () => {
    fake = await startFakeSteadfast();
    h = await createHarness({
      courier: (deps) =>
        createSteadfast({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, secretKey: fake.secretKey }, deps.log),
    });
    staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const book = (id: number) =>
    h.request<OrderFulfilment>("POST", `/api/admin/orders/${id}/courier`, { cookie: staff.cookie });
  const refresh = (id: number) =>
    h.request<CourierSync>("POST", `/api/admin/orders/${id}/courier/refresh`, { cookie: staff.cookie });
  const track = (cn: string) => h.request<TrackingView>("GET", `/api/tracking/${cn}`);
  const consignmentIdOf = (trackingCode: string) =>
    fake.consignments().find((c) => c.tracking_code === trackingCode)!.consignment_id;
  const statusLookups = () => fake.requests.filter((r) => r.startsWith("GET /status_by")).length;

  async function codOrder(stock = 5) {
    const buyer = await h.createUser();
    const product = await createProduct(h.db, { price: 50_000, stock });
    const p = await checkout(h, buyer, { items: [{ productId: product.id }] });
    return { ...p, buyer, product, total: (await orderRow(h, p.orderId)).total };
  }

  it("books a cash-on-delivery parcel for the order's total and ships the order with its tracking code", async () => {
    const o = await codOrder();
    const res = await book(o.orderId);
    expect(res.status, res.text).toBe(200);
    const sent = fake.consignments().at(-1)!;
    expect(sent).toMatchObject({
      invoice: o.orderNumber,
      recipient_phone: o.buyer.phone,
      cod_amount: o.total / 100,
    });
    expect(sent.recipient_address).toContain("Sylhet");
    expect(res.body.data).toMatchObject({
      status: "shipped",
      courier: "steadfast",
      consignment: sent.tracking_code,
      trackingPath: `/tracking/${sent.tracking_code}`,
    });
    const view = (await track(sent.tracking_code)).body.data!;
    expect(view.events.map((e) => e.text)).toEqual(["Confirmed", "Booked with the courier", "Shipped"]);
    expect(view).toMatchObject({ courier: "Steadfast", shipment: "in_review" });
    await vi.waitFor(async () => {
      expect((await h.latestSms(o.buyer.phone))?.body).toContain(`/tracking/${sent.tracking_code}`);
    });
  });

  it("asks nothing on delivery for an order paid online", async () => {
    const buyer = await h.createUser();
    const product = await createProduct(h.db, { price: 20_000, stock: 5 });
    const p = await checkout(h, buyer, { items: [{ productId: product.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, p.tranx);
    expect((await book(p.orderId)).status).toBe(200);
    expect(fake.consignments().at(-1)).toMatchObject({ invoice: p.orderNumber, cod_amount: 0 });
  });

  it("refuses a second booking, passes on the courier's refusal, and saves nothing when the courier is down", async () => {
    const o = await codOrder();
    fake.failNext(503);
    const down = await book(o.orderId);
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/^The courier did not answer/);
    expect(await orderRow(h, o.orderId)).toMatchObject({ status: "confirmed", consignment: null });

    expect((await book(o.orderId)).status).toBe(200);
    const twice = await book(o.orderId);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already has consignment/);

    // Booked at the courier but lost here: Steadfast refuses the order number a second time.
    await h.db
      .update(orders)
      .set({ consignment: null, status: "processing" })
      .where(eq(orders.id, o.orderId));
    await h.db
      .update(shipments)
      .set({ consignment: null, state: "ready" })
      .where(eq(shipments.orderId, o.orderId));
    const refused = await book(o.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("The invoice has already been taken.");
    expect((await orderRow(h, o.orderId)).consignment).toBeNull();
  });

  it("records the courier's news once per change and delivers the order when the courier does", async () => {
    const o = await codOrder();
    const cn = (await book(o.orderId)).body.data!.consignment!;
    fake.setStatus(consignmentIdOf(cn), "pending");
    expect((await refresh(o.orderId)).body.data).toMatchObject({ shipment: "in_transit", changed: true });
    expect((await refresh(o.orderId)).body.data).toMatchObject({ shipment: "in_transit", changed: false });
    fake.setStatus(consignmentIdOf(cn), "delivered_approval_pending");
    expect((await refresh(o.orderId)).body.data).toMatchObject({
      shipment: "delivered",
      courierStatus: "delivered_approval_pending",
      changed: true,
      status: "delivered",
    });
    expect((await orderRow(h, o.orderId)).status).toBe("delivered");
    const view = (await track(cn)).body.data!;
    expect(view.events.map((e) => e.text)).toEqual([
      "Confirmed",
      "Booked with the courier",
      "Shipped",
      "Handed to the courier",
      "Delivered",
    ]);
    await vi.waitFor(async () => {
      expect((await h.latestSms(o.buyer.phone))?.body).toContain("delivered");
    });
  });

  it("cancels the order and takes the stock back when the courier cancels the delivery", async () => {
    const o = await codOrder(3);
    expect(await stockOf(h, o.product.id)).toBe(2);
    const cn = (await book(o.orderId)).body.data!.consignment!;
    fake.setStatus(consignmentIdOf(cn), "cancelled");
    expect((await refresh(o.orderId)).body.data).toMatchObject({
      shipment: "cancelled",
      status: "cancelled",
    });
    expect(await stockOf(h, o.product.id)).toBe(3);
  });

  it("lets the tracking page ask the courier when its last answer is a few minutes old, and show the last state when it cannot", async () => {
    const o = await codOrder();
    const cn = (await book(o.orderId)).body.data!.consignment!;
    const asked = statusLookups();
    fake.setStatus(consignmentIdOf(cn), "pending");
    // Booked just now: the booking's answer is fresh.
    expect((await track(cn)).body.data?.shipment).toBe("in_review");
    expect(statusLookups()).toBe(asked);

    h.clock.advance(6 * 60 * 1000);
    const fresh = await track(cn);
    expect(fresh.body.data).toMatchObject({ shipment: "in_transit" });
    expect(fresh.body.data?.events.at(-1)?.text).toBe("Handed to the courier");
    expect(statusLookups()).toBe(asked + 1);
    await track(cn);
    expect(statusLookups()).toBe(asked + 1);

    h.clock.advance(6 * 60 * 1000);
    fake.failNext(503);
    const down = await track(cn);
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({ shipment: "in_transit", status: "shipped" });
    expect(statusLookups()).toBe(asked + 2);
  });

  it("refuses to refresh an order whose parcel staff typed by hand", async () => {
    const o = await codOrder();
    await h.request("PUT", `/api/admin/orders/${o.orderId}/consignment`, {
      body: { consignment: "HAND-123", courier: "Sundarban" },
      cookie: staff.cookie,
    });
    const res = await refresh(o.orderId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/staff set its status by hand/);
  });
});
