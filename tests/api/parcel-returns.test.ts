/**
 * Parcels that come back: a shipped order recorded as returned by staff (refused at the door, or
 * undeliverable, with the courier's return charge) or by the courier's webhook. Its stock comes
 * back once, its cash on delivery is never owed, its invoice is credited, the charge is the shop's
 * cost in the ledger, and the buyer gets one SMS; a double tap, two tabs or a replayed webhook
 * change nothing the second time.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "../../src/contracts/admin-order";
import type { CourierWebhookAnswer } from "../../src/contracts/answers/staff-orders";
import type { OrderFulfilment } from "../../src/contracts/fulfilment";
import type { AparStatement, StatementLine } from "../../src/contracts/ledger";
import { auditLog, creditNotes, outbox, products, refunds, stockMovements } from "../../src/server/db/schema";
import { type FakePathao, startFakePathao } from "../../src/server/integrations/couriers/fakes/pathao-fake";
import { createPathao } from "../../src/server/integrations/couriers/pathao";
import { orderLedger } from "../../src/server/services/money/ledger";
import { checkout, orderRow, payAtSandbox } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

const PATHAO_SECRET = "pathao-webhook-secret-for-return-tests";

let h: Harness;
let fake: FakePathao;
let staff: TestUser;
let accountant: TestUser;

beforeAll(async () => {
  fake = await startFakePathao();
  h = await createHarness({
    courier: (deps) =>
      createPathao(
        {
          baseUrl: fake.baseUrl,
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
          username: fake.username,
          password: fake.password,
          storeId: fake.storeId,
          webhookSecret: PATHAO_SECRET,
        },
        deps.log,
      ),
  });
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  accountant = await h.createUser({ role: "staff", permissions: ["invoices"] });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** A shipped order of 2 copies of a ৳400 book (cash on delivery unless paid online), booked with Pathao. */
async function shippedOrder(paymentMethod: "cod" | "gateway" = "cod") {
  const buyer = await h.createUser();
  const book = await createProduct(h.db, { price: 40_000, stock: 10 });
  const placed = await checkout(h, buyer, { items: [{ productId: book.id, quantity: 2 }], paymentMethod });
  if (paymentMethod === "gateway") await payAtSandbox(h, placed.tranx!);
  const res = await h.request<OrderFulfilment>("POST", `/api/admin/orders/${placed.orderId}/courier`, {
    cookie: staff.cookie,
  });
  expect(res.status, res.text).toBe(200);
  return {
    id: placed.orderId,
    number: placed.orderNumber,
    consignment: res.body.data!.consignment!,
    bookId: book.id,
  };
}

const stockOf = async (id: number) =>
  (await h.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock ?? 0;

const returnMoves = (orderId: number) =>
  h.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, "returned")));

const smsAbout = (orderId: number) =>
  h.db
    .select({ key: outbox.key })
    .from(outbox)
    .where(like(outbox.key, `order-${orderId}-returned-%`));

const creditNotesOf = (orderId: number) =>
  h.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));

const recordReturn = (id: number, body: unknown, cookie = staff.cookie) =>
  h.request<OrderFulfilment>("POST", `/api/admin/orders/${id}/return`, { cookie, body });

describe("a parcel recorded as returned by staff", () => {
  it("puts the stock back once, owes no cash on delivery, credits the invoice, records the charge and texts the buyer once", async () => {
    const o = await shippedOrder();
    const stockShipped = await stockOf(o.bookId);
    const res = await recordReturn(o.id, {
      reason: "refused",
      charge: 6_000,
      note: "Buyer said no at the door",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data?.status).toBe("returned");
    expect(res.body.data?.next).toEqual([]);

    expect(await stockOf(o.bookId)).toBe(stockShipped + 2);
    const moves = await returnMoves(o.id);
    expect(moves.map((m) => m.change)).toEqual([2]);
    expect(moves[0]!.note).toBe(`Order ${o.number} came back from the courier`);

    const row = await orderRow(h, o.id);
    expect(row).toMatchObject({
      status: "returned",
      returnReason: "refused",
      returnCharge: 6_000,
      stockHeld: false,
    });
    expect(row.deliveredAt).toBeNull();
    const ledger = await orderLedger(h.db, o.id);
    expect(ledger.figures.codCollected).toBe(0);
    expect(ledger.figures.credited).toBe(ledger.figures.invoiced);
    expect(ledger.figures.returnCharges).toBe(6_000);
    expect(ledger.buyerBalance).toBe(0);
    expect(ledger.courierBalance).toBe(0);
    expect(ledger.refundsOwed).toBe(0);
    const notes = await creditNotesOf(o.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.reason).toContain("Parcel returned: Refused by the buyer");

    // The COD couriers owe the shop never lists it.
    const cod = await h.request<{ couriers: { orders: { id: number }[] }[] }>(
      "GET",
      "/api/admin/cod/outstanding",
      {
        cookie: accountant.cookie,
      },
    );
    expect(cod.status).toBe(200);
    expect(cod.body.data!.couriers.flatMap((c) => c.orders.map((x) => x.id))).not.toContain(o.id);

    const sms = await smsAbout(o.id);
    expect(sms.map((m) => m.key)).toEqual([`order-${o.id}-returned-sms`]);

    const page = await h.request<AdminOrder>("GET", `/api/admin/orders/${o.id}`, { cookie: staff.cookie });
    expect(page.body.data?.parcelReturn).toMatchObject({ reason: "refused", charge: 6_000 });
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.return"), eq(auditLog.entityId, String(o.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(staff.user.id);
    expect(audit[0]!.after).toMatchObject({
      status: "returned",
      returnReason: "refused",
      returnCharge: 6_000,
    });
  });

  it("records it once when two tabs (or a double tap) send it together", async () => {
    const o = await shippedOrder();
    const stockShipped = await stockOf(o.bookId);
    const [a, b] = await Promise.all([
      recordReturn(o.id, { reason: "undeliverable", charge: 5_000 }),
      recordReturn(o.id, { reason: "undeliverable", charge: 5_000 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await stockOf(o.bookId)).toBe(stockShipped + 2);
    expect(await returnMoves(o.id)).toHaveLength(1);
    expect(await creditNotesOf(o.id)).toHaveLength(1);
    expect(await smsAbout(o.id)).toHaveLength(1);
    expect((await orderLedger(h.db, o.id)).figures.returnCharges).toBe(5_000);
    const again = await recordReturn(o.id, { reason: "refused", charge: 9_000 });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("already recorded as returned");
    expect((await orderRow(h, o.id)).returnCharge).toBe(5_000);
  });

  it("owes the buyer back what was paid online for a parcel that came back", async () => {
    const o = await shippedOrder("gateway");
    const res = await recordReturn(o.id, { reason: "undeliverable", charge: 0 });
    expect(res.status, res.text).toBe(200);
    const row = await orderRow(h, o.id);
    const owed = await h.db.select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(owed.map((r) => [r.status, r.amount])).toEqual([["owed", row.total]]);
    const ledger = await orderLedger(h.db, o.id);
    expect(ledger.buyerBalance).toBe(-row.total);
    expect(ledger.figures.returnCharges).toBe(0);
  });

  it("refuses an order that has not left the shop, and a status change to returned without the reason", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    const before = await orderRow(h, placed.orderId);
    const res = await recordReturn(placed.orderId, { reason: "refused", charge: 0 });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("cannot become");
    const shipped = await shippedOrder();
    const patch = await h.request("PATCH", `/api/admin/orders/${shipped.id}/status`, {
      cookie: staff.cookie,
      body: { status: "returned" },
    });
    expect(patch.status).toBe(400);
    expect((await orderRow(h, shipped.id)).status).toBe("shipped");
    expect(await orderRow(h, placed.orderId)).toEqual(before);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const o = await shippedOrder();
    for (const body of [
      { reason: "lost", charge: 0 },
      { reason: "refused", charge: -100 },
      { reason: "refused", charge: 12.5 },
      { reason: "refused", charge: "60" },
      { reason: "refused" },
      { reason: "refused", charge: 0, note: "x".repeat(501) },
    ]) {
      const res = await recordReturn(o.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await orderRow(h, o.id)).status).toBe("shipped");
  });

  it("is for staff with the orders permission only", async () => {
    const o = await shippedOrder();
    const res = await recordReturn(o.id, { reason: "refused", charge: 0 }, accountant.cookie);
    expect(res.status).toBe(403);
    expect((await orderRow(h, o.id)).status).toBe("shipped");
  });
});

describe("a parcel the courier reports returned", () => {
  const webhook = (body: unknown) =>
    h.request<CourierWebhookAnswer>("POST", "/api/couriers/pathao/webhook", {
      body,
      headers: { "x-pathao-signature": PATHAO_SECRET },
    });

  it("is returned once, however often the news comes; staff then record why and the charge, once", async () => {
    const o = await shippedOrder();
    const stockShipped = await stockOf(o.bookId);
    const news = { consignment_id: o.consignment, merchant_order_id: o.number, event: "order.returned" };
    const [a, b] = await Promise.all([webhook(news), webhook(news)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect([a.body.data?.changed, b.body.data?.changed].sort()).toEqual([false, true]);
    const replay = await webhook(news);
    expect(replay.body.data).toMatchObject({ changed: false, status: "returned" });

    const row = await orderRow(h, o.id);
    expect(row).toMatchObject({ status: "returned", returnReason: null, returnCharge: null });
    expect(await stockOf(o.bookId)).toBe(stockShipped + 2);
    expect(await returnMoves(o.id)).toHaveLength(1);
    expect(await creditNotesOf(o.id)).toHaveLength(1);
    expect(await smsAbout(o.id)).toHaveLength(1);
    expect((await orderLedger(h.db, o.id)).buyerBalance).toBe(0);

    const page = await h.request<AdminOrder>("GET", `/api/admin/orders/${o.id}`, { cookie: staff.cookie });
    expect(page.body.data?.parcelReturn).toMatchObject({ reason: null, charge: null });

    const recorded = await recordReturn(o.id, { reason: "refused", charge: 4_500 });
    expect(recorded.status, recorded.text).toBe(200);
    expect(await returnMoves(o.id)).toHaveLength(1);
    expect(await smsAbout(o.id)).toHaveLength(1);
    expect((await orderLedger(h.db, o.id)).figures.returnCharges).toBe(4_500);
    expect((await recordReturn(o.id, { reason: "refused", charge: 4_500 })).status).toBe(409);

    // The month's statement lists the charge as a cost that moves no balance.
    const month = "2031-03";
    const statement = await h.request<AparStatement>("GET", `/api/admin/apar/${month}`, {
      cookie: accountant.cookie,
    });
    expect(statement.status, statement.text).toBe(200);
    const figure = statement.body.data!.figures.find((f) => f.key === "returnCharges")!;
    expect(figure.total).toBeGreaterThanOrEqual(4_500);
    const lines = await h.request<{ items: StatementLine[] }>(
      "GET",
      `/api/admin/apar/${month}/lines?kind=returnCharges&limit=100`,
      { cookie: accountant.cookie },
    );
    expect(lines.status, lines.text).toBe(200);
    expect(lines.body.data!.items.find((l) => l.orderId === o.id)).toMatchObject({
      amount: 4_500,
      document: o.consignment,
      detail: "pathao: refused",
    });
  });

  it("leaves an order that is not shipped as it is", async () => {
    const o = await shippedOrder();
    await h.request("PATCH", `/api/admin/orders/${o.id}/status`, {
      cookie: staff.cookie,
      body: { status: "delivered" },
    });
    const res = await webhook({
      consignment_id: o.consignment,
      merchant_order_id: o.number,
      event: "order.returned",
    });
    expect(res.status).toBe(202);
    expect((await orderRow(h, o.id)).status).toBe("delivered");
    expect(await returnMoves(o.id)).toHaveLength(0);
  });
});
