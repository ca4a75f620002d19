/**
 * The invoices area: the invoice list (search, filters, the ledger figures of each row), one
 * invoice with its credit notes and payments, couriers' cash-on-delivery remittances (amounts to
 * the poisha, refusals naming the order, a double submit remitting once), and the monthly
 * statement's answers (400 for a month that is not YYYY-MM, lines, CSV).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminInvoiceDetail,
  AdminInvoiceRow,
  CodOutstanding,
  CodRemittanceRow,
} from "../../src/contracts/admin-invoices";
import type { AparMonths, AparStatement, StatementLine } from "../../src/contracts/ledger";
import { auditLog, orders } from "../../src/server/db/schema";
import { addCreditNote, addPaidPayment, addRefund, createLedgerOrder, markDelivered } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

type Page<T> = { items: T[]; total: number; page: number; limit: number };

let h: Harness;
let staff: TestUser;
let ordersStaff: TestUser;
let customer: TestUser;
const at = (iso: string) => new Date(iso);

// March 2031 in Dhaka (the harness's clock starts on 1 March 2031, 14:00 Dhaka).
let gw: Awaited<ReturnType<typeof createLedgerOrder>>;
let codA: Awaited<ReturnType<typeof createLedgerOrder>>;
let codB: Awaited<ReturnType<typeof createLedgerOrder>>;
let codOpen: Awaited<ReturnType<typeof createLedgerOrder>>;
let cancelled: Awaited<ReturnType<typeof createLedgerOrder>>;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["invoices"], name: "Accounts Staff" });
  ordersStaff = await h.createUser({ role: "staff", permissions: ["orders"], name: "Orders Staff" });
  customer = await h.createUser({ name: "Customer" });
  const userId = customer.user.id;
  // February: a paid gateway order, two COD orders delivered by steadfast, one COD not delivered.
  gw = await createLedgerOrder(h.db, {
    userId,
    paymentMethod: "gateway",
    total: 123_456,
    at: at("2031-02-03T04:00:00Z"),
    name: "Rahim Uddin",
    phone: "01712345678",
  });
  await addPaidPayment(h.db, gw.order.id, 123_456, at("2031-02-03T04:00:00Z"));
  codA = await createLedgerOrder(h.db, {
    userId,
    paymentMethod: "cod",
    total: 50_050,
    at: at("2031-02-05T04:00:00Z"),
    courier: "steadfast",
  });
  await markDelivered(h.db, codA.order.id, at("2031-02-07T04:00:00Z"));
  codB = await createLedgerOrder(h.db, {
    userId,
    paymentMethod: "cod",
    total: 20_001,
    at: at("2031-02-06T04:00:00Z"),
    courier: "steadfast",
  });
  await markDelivered(h.db, codB.order.id, at("2031-02-28T19:00:00Z")); // 1 March, 01:00 in Dhaka
  codOpen = await createLedgerOrder(h.db, {
    userId,
    paymentMethod: "cod",
    total: 9_999,
    at: at("2031-02-10T04:00:00Z"),
  });
  // A gateway order paid, cancelled (credit note) and refunded.
  cancelled = await createLedgerOrder(h.db, {
    userId,
    paymentMethod: "gateway",
    total: 40_000,
    at: at("2031-02-11T04:00:00Z"),
  });
  await addPaidPayment(h.db, cancelled.order.id, 40_000, at("2031-02-11T04:00:00Z"));
  const cn = await addCreditNote(h.db, {
    orderId: cancelled.order.id,
    invoiceId: cancelled.invoice.id,
    amount: 40_000,
    at: at("2031-02-12T04:00:00Z"),
    reason: "Cancelled by the buyer",
  });
  await addRefund(h.db, {
    orderId: cancelled.order.id,
    amount: 40_000,
    at: at("2031-02-12T04:00:00Z"),
    paidAt: at("2031-02-20T04:00:00Z"),
    creditNoteId: cn.id,
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const get = <T>(path: string, cookie = staff.cookie) => h.request<T>("GET", path, { cookie });
const remit = (body: unknown, cookie = staff.cookie) =>
  h.request<CodRemittanceRow>("POST", "/api/admin/cod/remittances", { cookie, body });

describe("the invoice list", () => {
  it("shows each invoice's total, paid online, cash collected, credited and due", async () => {
    const res = await get<Page<AdminInvoiceRow>>("/api/admin/invoices?limit=100");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data!.items.map((r) => [r.id, r]));
    expect(byId.get(gw.invoice.id)).toMatchObject({
      total: 123_456,
      paidOnline: 123_456,
      due: 0,
      state: "paid",
    });
    expect(byId.get(codA.invoice.id)).toMatchObject({ cashCollected: 50_050, due: 0, state: "paid" });
    expect(byId.get(codOpen.invoice.id)).toMatchObject({ cashCollected: 0, due: 9_999, state: "due" });
    expect(byId.get(cancelled.invoice.id)).toMatchObject({
      credited: 40_000,
      refundsPaid: 40_000,
      due: 0,
      state: "credited",
    });
    expect(res.body.data!.items[0]!.issuedAt >= res.body.data!.items[1]!.issuedAt).toBe(true);
  });

  it("finds by invoice number, order number, buyer name and phone typed any way", async () => {
    for (const q of [gw.invoice.number!, gw.order.number, "rahim", "+880 1712-345678"]) {
      const res = await get<Page<AdminInvoiceRow>>(`/api/admin/invoices?q=${encodeURIComponent(q)}`);
      expect(
        res.body.data!.items.map((r) => r.id),
        q,
      ).toEqual([gw.invoice.id]);
    }
  });

  it("filters by state, payment method and the Dhaka days issued", async () => {
    const due = await get<Page<AdminInvoiceRow>>("/api/admin/invoices?state=due");
    expect(due.body.data!.items.map((r) => r.id)).toEqual([codOpen.invoice.id]);
    const credited = await get<Page<AdminInvoiceRow>>("/api/admin/invoices?state=credited");
    expect(credited.body.data!.items.map((r) => r.id)).toEqual([cancelled.invoice.id]);
    const gateway = await get<Page<AdminInvoiceRow>>(
      "/api/admin/invoices?paymentMethod=gateway&sort=issuedAt",
    );
    expect(gateway.body.data!.items.map((r) => r.id)).toEqual([gw.invoice.id, cancelled.invoice.id]);
    const days = await get<Page<AdminInvoiceRow>>("/api/admin/invoices?from=2031-02-05&to=2031-02-06");
    expect(days.body.data!.items.map((r) => r.id).sort()).toEqual([codA.invoice.id, codB.invoice.id].sort());
  });

  it("refuses a bad filter with 400 naming it, and staff without invoices with 403", async () => {
    const bad = await get("/api/admin/invoices?state=lost");
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.state).toBeTruthy();
    const range = await get("/api/admin/invoices?from=2031-02-07&to=2031-02-01");
    expect(range.status).toBe(400);
    expect((await get("/api/admin/invoices", ordersStaff.cookie)).status).toBe(403);
    expect((await get("/api/admin/invoices", customer.cookie)).status).toBe(403);
  });
});

describe("one invoice", () => {
  it("is its snapshot as issued, with its credit notes and the money in and out", async () => {
    const res = await get<AdminInvoiceDetail>(`/api/admin/invoices/${cancelled.invoice.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data!;
    expect(d.snapshot.number).toBe(cancelled.invoice.number);
    expect(d.snapshot.total).toBe(40_000);
    expect(d.creditNotes).toEqual([
      expect.objectContaining({ amount: 40_000, reason: "Cancelled by the buyer" }),
    ]);
    expect(d.payments.map((p) => [p.kind, p.amount])).toEqual([
      ["online", 40_000],
      ["refund", 40_000],
    ]);
    expect((await get(`/api/admin/invoices/999999`)).status).toBe(404);
  });
});

describe("couriers' cash on delivery", () => {
  it("lists the delivered COD orders not remitted, by courier", async () => {
    const res = await get<CodOutstanding>("/api/admin/cod/outstanding");
    expect(res.status).toBe(200);
    expect(res.body.data!.couriers).toEqual([
      expect.objectContaining({ courier: "steadfast", count: 2, total: 70_051 }),
    ]);
    expect(res.body.data!.total).toBe(70_051);
  });

  it("refuses orders that are not delivered, not COD, or of another courier, naming them; nothing is recorded", async () => {
    const notDelivered = await remit({ courier: "manual", orderIds: [codOpen.order.id] });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.body.message).toContain(codOpen.order.number);
    const gateway = await remit({ courier: "steadfast", orderIds: [codA.order.id, gw.order.id] });
    expect(gateway.status).toBe(409);
    expect(gateway.body.message).toContain(gw.order.number);
    const other = await remit({ courier: "pathao", orderIds: [codA.order.id] });
    expect(other.status).toBe(409);
    expect(other.body.message).toContain(codA.order.number);
    const missing = await remit({ courier: "steadfast", orderIds: [999_999] });
    expect(missing.status).toBe(404);
    const [row] = await h.db.select().from(orders).where(eq(orders.id, codA.order.id));
    expect(row!.codRemittanceId).toBeNull();
  });

  it("refuses bad input with 400: no orders, a twice-listed order, a future or too early time", async () => {
    expect((await remit({ courier: "steadfast", orderIds: [] })).status).toBe(400);
    expect((await remit({ courier: "", orderIds: [codA.order.id] })).status).toBe(400);
    expect((await remit({ courier: "steadfast", orderIds: [codA.order.id, codA.order.id] })).status).toBe(
      400,
    );
    const future = await remit({
      courier: "steadfast",
      orderIds: [codA.order.id],
      receivedAt: "2040-01-01T00:00:00Z",
    });
    expect(future.status).toBe(400);
    expect(future.body.errors?.receivedAt).toBeTruthy();
    const early = await remit({
      courier: "steadfast",
      orderIds: [codA.order.id],
      receivedAt: "2031-02-06T00:00:00Z",
    });
    expect(early.status).toBe(400);
    expect(early.body.errors?.receivedAt).toContain(codA.order.number);
    expect(
      (await remit({ courier: "steadfast", orderIds: [codA.order.id] }, ordersStaff.cookie)).status,
    ).toBe(403);
  });

  it("records a remittance of the orders' totals to the poisha; a double submit remits each order once", async () => {
    const body = {
      courier: "steadfast",
      orderIds: [codA.order.id, codB.order.id],
      reference: "SF-PAY-77",
      receivedAt: "2031-03-01T06:00:00Z",
    };
    const [a, b] = await Promise.all([remit(body), remit(body)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const done = a.status === 201 ? a : b;
    const refused = a.status === 201 ? b : a;
    expect(done.body.data).toMatchObject({
      amount: 70_051,
      orderCount: 2,
      courier: "steadfast",
      reference: "SF-PAY-77",
    });
    expect(refused.body.message).toMatch(/already remitted/);
    const rows = await h.db.select().from(orders).where(eq(orders.codRemittanceId, done.body.data!.id));
    expect(rows).toHaveLength(2);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, "cod.remit"));
    expect(audit).toHaveLength(1);
    const outstanding = await get<CodOutstanding>("/api/admin/cod/outstanding");
    expect(outstanding.body.data!.total).toBe(0);
    const list = await get<Page<CodRemittanceRow>>("/api/admin/cod/remittances?q=SF-PAY");
    expect(list.body.data!.items.map((r) => r.amount)).toEqual([70_051]);
  });
});

describe("the monthly statement", () => {
  it("refuses a month that is not YYYY-MM with 400", async () => {
    for (const m of ["2031-13", "2031-3", "march", "2031-00"]) {
      const res = await get(`/api/admin/apar/${m}`);
      expect(res.status, m).toBe(400);
      expect(res.body.errors?.month, m).toBeTruthy();
    }
    expect((await get("/api/admin/apar/2031-13/lines.csv")).status).toBe(400);
    expect((await get("/api/admin/apar/2031-02/lines?kind=nothing")).status).toBe(400);
    expect((await get("/api/admin/apar/2031-02", ordersStaff.cookie)).status).toBe(403);
  });

  it("adds up: February's movements, balances, and March's opening is February's closing", async () => {
    const feb = (await get<AparStatement>("/api/admin/apar/2031-02")).body.data!;
    const fig = Object.fromEntries(feb.figures.map((f) => [f.key, f.total]));
    expect(fig).toEqual({
      invoiced: 123_456 + 50_050 + 20_001 + 9_999 + 40_000,
      credited: 40_000,
      collectedOnline: 163_456,
      codCollected: 50_050, // codB was delivered on 1 March in Dhaka
      codRemitted: 0,
      refundsPaid: 40_000,
      returnCharges: 0,
    });
    expect(feb.opening).toEqual({ receivable: 0, withCouriers: 0, refundsOwed: 0, net: 0 });
    expect(feb.closing).toEqual({
      receivable: 20_001 + 9_999,
      withCouriers: 50_050,
      refundsOwed: 0,
      net: 80_050,
    });
    const mar = (await get<AparStatement>("/api/admin/apar/2031-03")).body.data!;
    expect(mar.opening).toEqual(feb.closing);
    expect(mar.closing).toEqual({ receivable: 9_999, withCouriers: 0, refundsOwed: 0, net: 9_999 });
    const months = (await get<AparMonths>("/api/admin/apar/months")).body.data!.months;
    expect(months.map((m) => m.month)).toEqual(["2031-03", "2031-02"]);
    expect(months[0]!.opening).toBe(months[1]!.closing);
  });

  it("lists the lines behind a figure and a balance, and the CSV has every line", async () => {
    const lines = await get<Page<StatementLine>>("/api/admin/apar/2031-03/lines?kind=codRemitted");
    expect(lines.body.data!.items.map((l) => [l.orderNumber, l.amount])).toEqual([
      [codA.order.number, 50_050],
      [codB.order.number, 20_001],
    ]);
    expect(lines.body.data!.items[0]!.document).toContain("SF-PAY-77");
    const owed = await get<Page<StatementLine>>("/api/admin/apar/2031-03/lines?kind=openingReceivable");
    expect(owed.body.data!.total).toBe(2);
    expect(owed.body.data!.items.reduce((s, l) => s + l.amount, 0)).toBe(30_000);
    const csv = await get("/api/admin/apar/2031-02/lines.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("accounts-2031-02.csv");
    const rows = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe("section,date,document,order,invoice,detail,amount_poisha,amount_taka");
    expect(rows.filter((r) => r.startsWith("invoiced,"))).toHaveLength(5);
    expect(rows).toContain(
      `invoiced,2031-02-03T04:00:00.000Z,${gw.invoice.number},${gw.order.number},${gw.invoice.number},gateway,123456,1234.56`,
    );
  });
});
