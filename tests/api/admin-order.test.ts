/**
 * One order in the back office: its page's data, the address, internal notes, the cash-on-delivery
 * phone check, and the money of decision 29: cancelling and refunding write credit notes and
 * refunds, and after every action each order's owed refunds equal its negative buyer balance.
 * The concurrency cases are meant for PostgreSQL (TEST_DATABASE_URL); they pass on PGlite too.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminOrder, OrderNoteView, RefundView } from "../../src/contracts/admin-order";
import { formatTaka } from "../../src/contracts/money";
import {
  auditLog,
  creditNotes,
  entitlements,
  invoices,
  orderEvents,
  orderNotes,
  orders,
  outbox,
  payments,
  refunds,
} from "../../src/server/db/schema";
import { checkout, orderRow, payAtSandbox, stockOf } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["orders"], name: "Rafiq Staff" });
});
afterAll(async () => {
  await h?.close();
});

const getOrder = (id: number, u: TestUser | null = staff) =>
  h.request<AdminOrder>("GET", `/api/admin/orders/${id}`, { cookie: u?.cookie });
const editAddress = (id: number, body: unknown, u: TestUser | null = staff) =>
  h.request<AdminOrder>("PATCH", `/api/admin/orders/${id}`, { body, cookie: u?.cookie });
const addNote = (id: number, body: unknown, u: TestUser | null = staff) =>
  h.request<OrderNoteView>("POST", `/api/admin/orders/${id}/notes`, { body, cookie: u?.cookie });
const codCheck = (id: number, body: unknown, u: TestUser | null = staff) =>
  h.request<AdminOrder>("POST", `/api/admin/orders/${id}/cod-check`, { body, cookie: u?.cookie });
const refund = (id: number, body: unknown, u: TestUser | null = staff) =>
  h.request<RefundView>("POST", `/api/admin/orders/${id}/refunds`, { body, cookie: u?.cookie });
const payRefund = (id: number, body: unknown, u: TestUser | null = staff) =>
  h.request<RefundView>("PATCH", `/api/admin/refunds/${id}`, { body, cookie: u?.cookie });
/** Shipped by hand: these tests are about money, not the parcel's consignment. */
const setStatus = (id: number, status: string, u: TestUser | null = staff) =>
  h.request("PATCH", `/api/admin/orders/${id}/status`, {
    body: status === "shipped" ? { status, byHand: true } : { status },
    cookie: u?.cookie,
  });

/** A cash-on-delivery order of one book (৳400, delivery added), confirmed at checkout. */
async function codOrder() {
  const buyer = await h.createUser();
  const book = await createProduct(h.db, { price: 40_000, stock: 10 });
  const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
  const o = await orderRow(h, placed.orderId);
  expect(o.status).toBe("confirmed");
  return { buyer, book, id: o.id, number: o.number, total: o.total };
}

/** An order paid online: a book (৳400) and an e-book (৳150), confirmed by the sandbox gateway. */
async function paidOrder() {
  const buyer = await h.createUser();
  const book = await createProduct(h.db, { price: 40_000, stock: 10 });
  const ebook = await createProduct(h.db, { kind: "ebook", price: 15_000 });
  const placed = await checkout(h, buyer, {
    items: [{ productId: book.id }, { productId: ebook.id, type: "ebook" }],
    paymentMethod: "gateway",
  });
  await payAtSandbox(h, placed.tranx);
  const o = await orderRow(h, placed.orderId);
  expect(o.status).toBe("confirmed");
  return { buyer, book, ebook, id: o.id, number: o.number, total: o.total };
}

/**
 * Decision 29 for one order, worked out from the rows themselves (not the service's sums): the
 * buyer balance, and the refunds owed, which must equal the negative balance. Also checks the
 * page's ledger says the same.
 */
async function expectLedgerHolds(orderId: number) {
  const [o] = await h.db.select().from(orders).where(eq(orders.id, orderId));
  const inv = await h.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const cns = await h.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  const pays = await h.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")));
  const refs = await h.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const sum = (xs: { amount?: number; total?: number }[]) =>
    xs.reduce((s, x) => s + (x.amount ?? x.total ?? 0), 0);
  const invoiced = sum(inv);
  const credited = sum(cns);
  const online = sum(pays);
  const cod = o!.paymentMethod === "cod" && o!.deliveredAt ? o!.total : 0;
  const paid = sum(refs.filter((r) => r.status === "paid"));
  const owed = sum(refs.filter((r) => r.status === "owed"));
  const balance = invoiced - credited - online - cod + paid;
  expect(owed, `order ${o!.number}: owed refunds = its negative balance`).toBe(Math.max(0, -balance));
  expect(credited, "never more credited than invoiced").toBeLessThanOrEqual(invoiced);
  const page = (await getOrder(orderId)).body.data!;
  expect(page.ledger).toEqual({
    invoiced,
    credited,
    collectedOnline: online,
    codCollected: cod,
    refundsPaid: paid,
    refundsOwed: owed,
    buyerBalance: balance,
    refundable: online + cod - paid - owed,
  });
  return page;
}

async function auditOf(orderId: number) {
  return h.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(orderId))))
    .orderBy(asc(auditLog.id));
}

describe("the order page's data", () => {
  it("answers lines, buyer, address, payments, history, invoice, ledger and what the order may become", async () => {
    const o = await paidOrder();
    await addNote(o.id, { body: "Buyer asked for a gift wrap" });
    const res = await getOrder(o.id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const d = res.body.data!;
    expect(d).toMatchObject({
      id: o.id,
      number: o.number,
      status: "confirmed",
      next: ["processing", "cancelled", "refunded"],
      paymentMethod: "gateway",
      physical: true,
      total: o.total,
      version: 1,
      addressEditable: true,
      buyer: { userId: o.buyer.user.id, phone: o.buyer.phone, url: `/admin/users/${o.buyer.user.id}` },
      address: { district: "Sylhet", area: "Zindabazar", address: "House 12, Road 3" },
      codCheck: null,
      consignment: null,
      trackingPath: null,
    });
    expect(d.lines.map((l) => [l.kind, l.unitPrice, l.quantity, l.lineTotal])).toEqual([
      ["book", 40_000, 1, 40_000],
      ["ebook", 15_000, 1, 15_000],
    ]);
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ provider: "sandbox", amount: o.total, status: "paid" });
    expect(d.payments[0]!.gatewayTxnId).toBeTruthy();
    expect(d.payments[0]!.paidAt).toBeTruthy();
    expect(d.history.map((e) => e.status)).toEqual(["pending_payment", "confirmed"]);
    expect(d.notes).toEqual([
      expect.objectContaining({ body: "Buyer asked for a gift wrap", author: "Rafiq Staff" }),
    ]);
    expect(d.invoice).toMatchObject({ total: o.total, creditNotes: [] });
    expect(d.invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(d.ledger).toMatchObject({ invoiced: o.total, collectedOnline: o.total, buyerBalance: 0 });
    expect(d.refunds).toEqual([]);
    await expectLedgerHolds(o.id);
  });

  it("never shows internal notes to the buyer", async () => {
    const o = await codOrder();
    await addNote(o.id, { body: "Secret: buyer is a reseller" });
    const mine = await h.request("GET", `/api/orders/${o.id}`, { cookie: o.buyer.cookie });
    expect(mine.status).toBe(200);
    expect(mine.text).not.toContain("Secret");
  });

  it("answers 401 to a visitor, 403 to a customer and to staff without the orders permission, 404 for no order", async () => {
    const o = await codOrder();
    const books = await h.createUser({ role: "staff", permissions: ["books"] });
    for (const u of [o.buyer, books]) {
      expect((await getOrder(o.id, u)).status).toBe(403);
      expect((await addNote(o.id, { body: "x" }, u)).status).toBe(403);
      expect((await codCheck(o.id, { result: "confirmed" }, u)).status).toBe(403);
      expect((await refund(o.id, { amount: 100, method: "cash", reason: "x" }, u)).status).toBe(403);
      expect(
        (
          await editAddress(
            o.id,
            { district: "Dhaka", area: "Dhanmondi", address: "Road 1 House 2", version: 1 },
            u,
          )
        ).status,
      ).toBe(403);
    }
    expect((await getOrder(o.id, null)).status).toBe(401);
    expect((await getOrder(999_999)).status).toBe(404);
    expect((await addNote(999_999, { body: "x" })).status).toBe(404);
    expect(await h.db.select().from(orderNotes).where(eq(orderNotes.orderId, o.id))).toEqual([]);
  });
});

describe("the delivery address", () => {
  it("is corrected with the version the edit started from; the delivery charge is unchanged", async () => {
    const o = await codOrder();
    const before = await orderRow(h, o.id);
    const res = await editAddress(o.id, {
      district: "chittagong",
      area: "Agrabad",
      address: "Flat 4B, CDA Avenue",
      note: "Call before coming",
      version: 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      version: 2,
      address: {
        district: "Chattogram",
        area: "Agrabad",
        address: "Flat 4B, CDA Avenue",
        note: "Call before coming",
      },
      delivery: before.delivery,
      total: before.total,
    });
    expect(res.body.data!.history.at(-1)).toMatchObject({ status: "address", actor: "Rafiq Staff" });
    expect((await auditOf(o.id)).map((a) => a.action)).toEqual(["order.address"]);
  });

  it("refuses a stale edit with 409 and the order as it now is, changing nothing", async () => {
    const o = await codOrder();
    const body = { district: "Dhaka", area: "Mirpur", address: "Section 10, Road 5", version: 1 };
    expect((await editAddress(o.id, body)).status).toBe(200);
    const stale = await editAddress(o.id, { ...body, area: "Uttara" });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ version: 2, address: { area: "Mirpur" } });
    expect((await orderRow(h, o.id)).area).toBe("Mirpur");
  });

  it("answers 400 with field errors for a bad address, changing nothing", async () => {
    const o = await codOrder();
    for (const body of [
      { district: "Atlantis", area: "Agrabad", address: "Flat 4B, CDA Avenue", version: 1 },
      { district: "Dhaka", area: "", address: "Flat 4B, CDA Avenue", version: 1 },
      { district: "Dhaka", area: "Agrabad", address: "x", version: 1 },
      { district: "Dhaka", area: "Agrabad", address: "Flat 4B, CDA Avenue" },
      { district: "Dhaka", area: "Agrabad", address: "Flat 4B, CDA Avenue", version: "one" },
    ]) {
      const res = await editAddress(o.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).not.toHaveLength(0);
    }
    const row = await orderRow(h, o.id);
    expect([row.district, row.version]).toEqual(["Sylhet", 1]);
  });

  it("is refused once the parcel has left", async () => {
    const o = await codOrder();
    await h.request("PUT", `/api/admin/orders/${o.id}/consignment`, {
      body: { consignment: `AD${o.id}X` },
      cookie: staff.cookie,
    });
    expect((await orderRow(h, o.id)).status).toBe("shipped");
    const res = await editAddress(o.id, {
      district: "Dhaka",
      area: "Mirpur",
      address: "Section 10, Road 5",
      version: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Order ${o.number} is shipped: its address can no longer change`);
    expect((await orderRow(h, o.id)).district).toBe("Sylhet");
  });
});

describe("internal notes", () => {
  it("are added with their author and shown newest first; an empty one is refused", async () => {
    const o = await codOrder();
    expect((await addNote(o.id, { body: "First" })).status).toBe(201);
    h.clock.advance(1000);
    const second = await addNote(o.id, { body: "  Second  " });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ body: "Second", author: "Rafiq Staff" });
    expect((await addNote(o.id, { body: "   " })).status).toBe(400);
    expect((await addNote(o.id, {})).status).toBe(400);
    expect((await addNote(o.id, { body: "x".repeat(2001) })).status).toBe(400);
    // Half a surrogate pair cannot be stored (nor audited): 400, not 500.
    expect((await addNote(o.id, { body: "\ud800" })).status).toBe(400);
    expect((await refund(o.id, { amount: 1, method: "cash", reason: "\udc00x" })).status).toBe(400);
    expect((await getOrder(o.id)).body.data!.notes.map((n) => n.body)).toEqual(["Second", "First"]);
    expect((await auditOf(o.id)).map((a) => a.action)).toEqual(["order.note", "order.note"]);
  });
});

describe("the cash-on-delivery phone check", () => {
  it("records who confirmed by phone and when, with a history line and an audit entry", async () => {
    const o = await codOrder();
    expect((await getOrder(o.id)).body.data!.codCheck).toEqual({
      state: null,
      by: null,
      at: null,
      allowed: true,
    });
    const unreachable = await codCheck(o.id, { result: "unreachable" });
    expect(unreachable.status, unreachable.text).toBe(200);
    expect(unreachable.body.data!.codCheck).toMatchObject({ state: "unreachable", by: "Rafiq Staff" });
    h.clock.advance(60_000);
    const res = await codCheck(o.id, { result: "confirmed" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Order ${o.number}: phone confirmed`);
    const row = await orderRow(h, o.id);
    expect([row.codCheck, row.codCheckedBy, row.codCheckedAt?.toISOString()]).toEqual([
      "confirmed",
      staff.user.id,
      h.clock.now().toISOString(),
    ]);
    expect(res.body.data!.history.slice(-2).map((e) => e.status)).toEqual(["cod_check", "cod_check"]);
    expect((await auditOf(o.id)).map((a) => a.action)).toEqual(["order.cod_check", "order.cod_check"]);
    // Packing is allowed after (and, with a warning on the page, without) the check.
    expect((await setStatus(o.id, "processing")).status).toBe(200);
    const late = await codCheck(o.id, { result: "unreachable" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Order ${o.number} is being packed: the phone check is made on a confirmed order, before it is packed`,
    );
    expect((await orderRow(h, o.id)).codCheck).toBe("confirmed");
  });

  it("is refused for an order paid online and for a bad result", async () => {
    const o = await paidOrder();
    const res = await codCheck(o.id, { result: "confirmed" });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("only a cash-on-delivery order is checked by phone");
    expect((await getOrder(o.id)).body.data!.codCheck).toBeNull();
    const cod = await codOrder();
    expect((await codCheck(cod.id, { result: "maybe" })).status).toBe(400);
    expect((await codCheck(cod.id, {})).status).toBe(400);
    expect((await orderRow(h, cod.id)).codCheck).toBeNull();
  });
});

describe("cancelling closes the order's money", () => {
  it("a paid order cancelled gets a credit note for its whole invoice and an owed refund; paying it settles the buyer", async () => {
    const o = await paidOrder();
    expect((await setStatus(o.id, "cancelled")).status).toBe(200);
    const d = await expectLedgerHolds(o.id);
    expect(d.invoice!.creditNotes).toHaveLength(1);
    expect(d.invoice!.creditNotes[0]).toMatchObject({ amount: o.total, reason: "Order cancelled" });
    expect(d.invoice!.creditNotes[0]!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(d.refunds).toEqual([
      expect.objectContaining({ amount: o.total, status: "owed", method: "card", createdBy: "Rafiq Staff" }),
    ]);
    expect(d.ledger.buyerBalance).toBe(-o.total);
    expect(d.history.map((e) => e.status).slice(-2)).toEqual(["cancelled", "refund_due"]);

    const owed = d.refunds[0]!;
    const stale = await payRefund(owed.id, { status: "paid", reference: "TRX1", version: owed.version + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: owed.id, status: "owed" });
    expect((await payRefund(owed.id, { status: "owed", version: owed.version })).status).toBe(400);
    const paid = await payRefund(owed.id, {
      status: "paid",
      reference: "BK-77",
      method: "bkash",
      version: owed.version,
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({
      status: "paid",
      reference: "BK-77",
      method: "bkash",
      paidBy: "Rafiq Staff",
    });
    const again = await payRefund(owed.id, { status: "paid", reference: "BK-77", version: owed.version });
    expect(again.status).toBe(409);
    const after = await expectLedgerHolds(o.id);
    expect(after.ledger).toMatchObject({
      buyerBalance: 0,
      refundsOwed: 0,
      refundsPaid: o.total,
      refundable: 0,
    });
    await vi.waitFor(async () => {
      expect((await h.latestSms(o.buyer.phone))?.body).toMatch(/Refund of Tk .* for order .* sent \(bKash\)/);
    });
    const keys = await h.db
      .select({ key: outbox.key })
      .from(outbox)
      .where(sql`${outbox.key} like ${`order-${o.id}-refund-%`}`);
    expect(keys.map((k) => k.key)).toEqual([`order-${o.id}-refund-${owed.id}-sms`]);
    // Nothing is left to refund.
    const more = await refund(o.id, { amount: 100, method: "cash", reason: "again" });
    expect(more.status).toBe(409);
    expect(more.body.message).toContain("already refunded or owed");
  });

  it("a cash-on-delivery order cancelled before delivery gets a credit note and no refund", async () => {
    const o = await codOrder();
    expect((await setStatus(o.id, "cancelled")).status).toBe(200);
    const d = await expectLedgerHolds(o.id);
    expect(d.invoice!.creditNotes.map((c) => c.amount)).toEqual([o.total]);
    expect(d.refunds).toEqual([]);
    expect(d.ledger.buyerBalance).toBe(0);
  });

  it("a delivered cash-on-delivery order moved to refunded owes its cash back", async () => {
    const o = await codOrder();
    for (const s of ["processing", "shipped", "delivered", "refunded"])
      expect((await setStatus(o.id, s)).status).toBe(200);
    const d = await expectLedgerHolds(o.id);
    expect(d.refunds).toEqual([expect.objectContaining({ amount: o.total, status: "owed", method: "cash" })]);
  });
});

describe("refunds", () => {
  it("refuses to refund a cash-on-delivery order whose cash was never taken", async () => {
    const o = await codOrder();
    const res = await refund(o.id, { amount: 1000, method: "cash", reason: "Changed mind" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Order ${o.number}: cash never taken: cancel the order instead`);
    expect(await h.db.select().from(refunds).where(eq(refunds.orderId, o.id))).toEqual([]);
    expect(await h.db.select().from(creditNotes).where(eq(creditNotes.orderId, o.id))).toEqual([]);
  });

  it("answers 400 for a bad refund, changing nothing", async () => {
    const o = await paidOrder();
    for (const body of [
      {},
      { amount: 0, method: "bkash", reason: "x" },
      { amount: -5, method: "bkash", reason: "x" },
      { amount: 10.5, method: "bkash", reason: "x" },
      { amount: "100", method: "bkash", reason: "x" },
      { amount: 100, method: "paypal", reason: "x" },
      { amount: 100, method: "bkash", reason: "" },
      { amount: 100, method: "bkash", reason: "x", paid: "yes" },
    ]) {
      expect((await refund(o.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await h.db.select().from(refunds).where(eq(refunds.orderId, o.id))).toEqual([]);
    expect((await refund(999_999, { amount: 100, method: "bkash", reason: "x" })).status).toBe(404);
  });

  it("a partial refund issues a credit note and keeps the status; the rest in full makes the order refunded", async () => {
    const o = await paidOrder();
    const part = await refund(o.id, {
      amount: 15_000,
      method: "bkash",
      reason: "E-book opened by mistake",
      reference: "BK123",
      paid: true,
    });
    expect(part.status, part.text).toBe(201);
    expect(part.body.data).toMatchObject({
      amount: 15_000,
      status: "paid",
      reference: "BK123",
      method: "bkash",
    });
    const cn = part.body.data!.creditNote!;
    expect(cn.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(part.body.message).toBe(`Refund of ${formatTaka(15_000)} paid by bKash, credit note ${cn.number}`);
    expect((await orderRow(h, o.id)).status).toBe("confirmed");
    let d = await expectLedgerHolds(o.id);
    expect(d.ledger).toMatchObject({
      credited: 15_000,
      refundsPaid: 15_000,
      refundable: o.total - 15_000,
      buyerBalance: 0,
    });
    expect(d.history.at(-1)).toMatchObject({ status: "refund_paid", actor: "Rafiq Staff" });
    const [snap] = await h.db.select().from(creditNotes).where(eq(creditNotes.id, cn.id));
    expect(snap!.snapshot).toMatchObject({
      number: cn.number,
      amount: 15_000,
      invoice: { total: o.total },
      order: { number: o.number },
    });

    const tooMuch = await refund(o.id, { amount: o.total, method: "bkash", reason: "All of it" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(
      `Order ${o.number}: at most ${formatTaka(o.total - 15_000)} can be refunded (the money the shop has for it)`,
    );

    const stockBefore = await stockOf(h, o.book.id);
    const rest = await refund(o.id, {
      amount: o.total - 15_000,
      method: "bank",
      reason: "Cancelled by phone",
    });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.data!.status).toBe("owed");
    expect((await orderRow(h, o.id)).status).toBe("refunded");
    // The goods never left: the stock comes back; the e-book is taken back.
    expect(await stockOf(h, o.book.id)).toBe(stockBefore! + 1);
    expect(await h.db.select().from(entitlements).where(eq(entitlements.orderId, o.id))).toEqual([]);
    d = await expectLedgerHolds(o.id);
    expect(d.ledger).toMatchObject({ credited: o.total, refundsOwed: o.total - 15_000, refundable: 0 });
    expect(d.invoice!.creditNotes).toHaveLength(2);
    expect((await auditOf(o.id)).map((a) => a.action)).toEqual([
      "order.refund",
      "order.refund",
      "order.status",
    ]);
    // A repeat of the same request is refused: no money is left.
    const retry = await refund(o.id, {
      amount: o.total - 15_000,
      method: "bank",
      reason: "Cancelled by phone",
    });
    expect(retry.status).toBe(409);
    expect(await h.db.select().from(refunds).where(eq(refunds.orderId, o.id))).toHaveLength(2);
  });

  it("refunds a delivered cash-on-delivery order from the cash the courier took", async () => {
    const o = await codOrder();
    for (const s of ["processing", "shipped", "delivered"])
      expect((await setStatus(o.id, s)).status).toBe(200);
    await expectLedgerHolds(o.id);
    const res = await refund(o.id, { amount: 5_000, method: "nagad", reason: "Torn cover", paid: true });
    expect(res.status, res.text).toBe(201);
    expect((await orderRow(h, o.id)).status).toBe("delivered");
    const d = await expectLedgerHolds(o.id);
    expect(d.ledger).toMatchObject({
      codCollected: o.total,
      credited: 5_000,
      refundsPaid: 5_000,
      buyerBalance: 0,
    });
  });

  it("takes one of many identical taps at once: the order's lock and the money rule (PostgreSQL)", async () => {
    const o = await paidOrder();
    const body = { amount: o.total, method: "bkash", reason: "Double tap", paid: true };
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(o.id, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await h.db.select().from(refunds).where(eq(refunds.orderId, o.id))).toHaveLength(1);
    const d = await expectLedgerHolds(o.id);
    expect(d.invoice!.creditNotes).toHaveLength(1);
    expect(d.status).toBe("refunded");
  });
});

describe("credit-note numbers", () => {
  it("have no gaps and no repeats when many orders are cancelled and refunded at once (PostgreSQL)", async () => {
    const made = [];
    for (let i = 0; i < 8; i++) made.push(i % 2 === 0 ? await paidOrder() : await codOrder());
    const before = await h.db.select({ number: creditNotes.number }).from(creditNotes);
    const answers = await Promise.all(
      made.map((o, i) =>
        i % 4 === 0
          ? refund(o.id, { amount: 1000, method: "bkash", reason: "Part" })
          : setStatus(o.id, "cancelled"),
      ),
    );
    for (const a of answers) expect([200, 201]).toContain(a.status);
    // A refused one in between takes no number.
    expect((await refund(made[1]!.id, { amount: 1, method: "cash", reason: "x" })).status).toBe(409);
    const all = (await h.db.select({ number: creditNotes.number }).from(creditNotes)).map((r) => r.number);
    expect(all.length - before.length).toBe(8);
    const seq = all.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(seq).toEqual(Array.from({ length: seq.length }, (_, i) => i + 1));
    for (const o of made) await expectLedgerHolds(o.id);
  });
});

describe("money arriving for an order that cannot have it", () => {
  it("an e-book paid twice in two orders: the second order owes its money back", async () => {
    const buyer = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 12_000 });
    const first = await checkout(h, buyer, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await h.request("POST", `/api/orders/${first.orderId}/cancel`, { cookie: buyer.cookie });
    const second = await checkout(h, buyer, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, second.tranx);
    await payAtSandbox(h, first.tranx);
    expect((await orderRow(h, first.orderId)).status).toBe("cancelled");
    const d = await expectLedgerHolds(first.orderId);
    expect(d.refunds).toEqual([expect.objectContaining({ amount: 12_000, status: "owed" })]);
    expect(d.history.at(-1)?.status).toBe("refund_due");
    await expectLedgerHolds(second.orderId);
  });

  it("an order confirmed with an e-book the buyer bought meanwhile credits and owes that line", async () => {
    const buyer = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 12_000 });
    const book = await createProduct(h.db, { stock: 5 });
    const first = await checkout(h, buyer, {
      items: [{ productId: book.id }, { productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await h.request("POST", `/api/orders/${first.orderId}/cancel`, { cookie: buyer.cookie });
    const second = await checkout(h, buyer, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, second.tranx);
    await payAtSandbox(h, first.tranx);
    expect((await orderRow(h, first.orderId)).status).toBe("confirmed");
    const d = await expectLedgerHolds(first.orderId);
    expect(d.invoice!.creditNotes.map((c) => c.amount)).toEqual([12_000]);
    expect(d.refunds).toEqual([expect.objectContaining({ amount: 12_000, status: "owed" })]);
    const events = await h.db
      .select({ status: orderEvents.status })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, first.orderId))
      .orderBy(asc(orderEvents.id));
    expect(events.map((e) => e.status).slice(-2)).toEqual(["confirmed", "refund_due"]);
  });
});

describe("the ledger identity over random histories", () => {
  const action = fc.oneof(
    fc.record({
      kind: fc.constant("refund" as const),
      share: fc.double({ min: 0.01, max: 1.2, noNaN: true }),
      paid: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("status" as const),
      to: fc.constantFrom("processing", "shipped", "delivered", "cancelled", "refunded"),
    }),
    fc.record({ kind: fc.constant("payOwed" as const) }),
  );

  it("after every refund, status move and refund paid, each order's owed refunds equal its negative balance", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(action, { minLength: 1, maxLength: 6 }),
        async (online, steps) => {
          const o = online ? await paidOrder() : await codOrder();
          for (const step of steps) {
            const before = (await getOrder(o.id)).body.data!;
            if (step.kind === "refund") {
              const amount = Math.max(1, Math.round(before.ledger.refundable * step.share));
              const res = await refund(o.id, {
                amount,
                method: "bkash",
                reason: "Property",
                paid: step.paid,
              });
              expect([201, 409]).toContain(res.status);
              if (amount <= before.ledger.refundable) expect(res.status, res.text).toBe(201);
            } else if (step.kind === "status") {
              const res = await setStatus(o.id, step.to);
              expect(res.status, res.text).toBe(before.next.includes(step.to) ? 200 : 409);
            } else {
              const owed = before.refunds.find((r) => r.status === "owed");
              if (owed) {
                const res = await payRefund(owed.id, {
                  status: "paid",
                  reference: "P1",
                  version: owed.version,
                });
                expect(res.status, res.text).toBe(200);
              }
            }
            const after = await expectLedgerHolds(o.id);
            expect(after.ledger.refundable).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
