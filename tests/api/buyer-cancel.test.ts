/**
 * The buyer cancels a confirmed order themselves until it is being packed (the cancellation policy
 * page): stock back, a refund owed for staff when it was paid online, and a staff move at the same
 * moment never lets both through (run on PostgreSQL with TEST_DATABASE_URL; passes on PGlite too).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../src/contracts/checkout";
import { CANNOT_CANCEL_DIGITAL, CANNOT_CANCEL_PACKED } from "../../src/contracts/order-status";
import { orderEvents, outbox, refunds } from "../../src/server/db/schema";
import { infoPageTexts } from "../../src/server/seed/info-pages";
import { checkout, orderRow, payAtSandbox, stockOf } from "./buying";
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

const cancel = (id: number, u: TestUser) =>
  h.request<OrderView>("POST", `/api/orders/${id}/cancel`, { cookie: u.cookie });
const setStatus = (id: number, status: string) =>
  h.request("PATCH", `/api/admin/orders/${id}/status`, { body: { status }, cookie: staff.cookie });
const myOrder = (id: number, u: TestUser) =>
  h.request<OrderView>("GET", `/api/orders/${id}`, { cookie: u.cookie });

describe("the buyer cancels a confirmed order", () => {
  it("cancels a cash-on-delivery order: stock back, no refund owed, an SMS, a history line", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    const placed = await checkout(h, u, { items: [{ productId: book.id, quantity: 2 }] });
    expect(await stockOf(h, book.id)).toBe(3);
    expect((await myOrder(placed.orderId, u)).body.data?.canCancel).toBe(true);

    const res = await cancel(placed.orderId, u);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", canCancel: false });
    expect(await stockOf(h, book.id)).toBe(5);
    expect(await h.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId))).toEqual([]);
    const events = await h.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.orderId));
    expect(events.at(-1)).toMatchObject({
      status: "cancelled",
      note: "Cancelled by the buyer",
      actorId: u.user.id,
    });
    const sms = await h.db.select().from(outbox).where(eq(outbox.recipient, u.phone));
    expect(
      sms.some(
        (m) =>
          JSON.stringify(m.payload).includes(placed.orderNumber) && /cancel/i.test(JSON.stringify(m.payload)),
      ),
    ).toBe(true);
    // Twice is refused, and nothing changes.
    expect((await cancel(placed.orderId, u)).status).toBe(409);
    expect(await stockOf(h, book.id)).toBe(5);
  });

  it("marks a refund owed for staff when it was paid online", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000, stock: 4 });
    const placed = await checkout(h, u, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, placed.tranx);
    const paid = await orderRow(h, placed.orderId);
    expect(paid.status).toBe("confirmed");

    expect((await cancel(placed.orderId, u)).status).toBe(200);
    const owed = await h.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId));
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ status: "owed", amount: paid.total });
    expect(await stockOf(h, book.id)).toBe(4);
    // Staff see it on the order's page.
    const page = await h.request<{ refunds: { status: string; amount: number }[] }>(
      "GET",
      `/api/admin/orders/${placed.orderId}`,
      { cookie: staff.cookie },
    );
    expect(page.status, page.text).toBe(200);
    expect(JSON.stringify(page.body.data)).toContain('"owed"');
  });

  it("refuses once staff started packing it, and for e-books, and for someone else's order", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const book = await createProduct(h.db, { stock: 3 });
    const placed = await checkout(h, u, { items: [{ productId: book.id }] });
    expect((await cancel(placed.orderId, other)).status).toBe(404);
    expect((await setStatus(placed.orderId, "processing")).status).toBe(200);
    expect((await myOrder(placed.orderId, u)).body.data?.canCancel).toBe(false);
    const refused = await cancel(placed.orderId, u);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CANNOT_CANCEL_PACKED);
    expect((await orderRow(h, placed.orderId)).status).toBe("processing");
    expect(await stockOf(h, book.id)).toBe(2);

    const ebook = await createProduct(h.db, { kind: "ebook", price: 15_000 });
    const digital = await checkout(h, u, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, digital.tranx);
    expect((await orderRow(h, digital.orderId)).status).toBe("confirmed");
    expect((await myOrder(digital.orderId, u)).body.data?.canCancel).toBe(false);
    const no = await cancel(digital.orderId, u);
    expect(no.status).toBe(409);
    expect(no.body.message).toBe(CANNOT_CANCEL_DIGITAL);
    expect((await orderRow(h, digital.orderId)).status).toBe("confirmed");
  });

  it("never lets both a buyer's cancel and a staff move through at the same moment", async () => {
    for (let round = 0; round < 8; round++) {
      const u = await h.createUser();
      const book = await createProduct(h.db, { stock: 2 });
      const placed = await checkout(h, u, { items: [{ productId: book.id }] });
      const next = "processing";
      // Half the rounds send the staff move first.
      const [c, s] =
        round % 2 === 0
          ? await Promise.all([cancel(placed.orderId, u), setStatus(placed.orderId, next)])
          : await Promise.all([setStatus(placed.orderId, next), cancel(placed.orderId, u)]).then(
              ([a, b]) => [b, a] as const,
            );
      const o = await orderRow(h, placed.orderId);
      // Exactly one wins; the order and the stock agree with the winner.
      expect([c.status, s.status].sort()).toEqual([200, 409]);
      if (c.status === 200) {
        expect(o.status).toBe("cancelled");
        expect(await stockOf(h, book.id)).toBe(2);
      } else {
        expect(o.status).toBe(next);
        expect(await stockOf(h, book.id)).toBe(1);
      }
      const cancelledEvents = await h.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, placed.orderId), eq(orderEvents.status, "cancelled")));
      expect(cancelledEvents.length).toBe(c.status === 200 ? 1 : 0);
    }
  });
});

describe("the cancellation policy page", () => {
  it("says what the Cancel order button does", () => {
    const body = infoPageTexts("Pathagar").cancelation.body;
    expect(body).toContain("You can cancel an order yourself until we start packing it");
    expect(body).toContain("press Cancel order");
    expect(body).toContain("an order for them cannot be cancelled afterwards");
  });
});
