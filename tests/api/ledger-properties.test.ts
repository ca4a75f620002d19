/**
 * Decision 29's promises, for random histories (fast-check): orders paid online or cash on
 * delivery, payments, deliveries, COD remittances, cancellations with credit notes, refunds owed
 * and paid, spread over several Dhaka months. For every month of a history:
 *
 * - its closing balance is the next month's opening (net and each part);
 * - opening net + its movements = closing net;
 * - each figure equals the sum of its lines in the CSV, and the sum of the events in the month
 *   computed here in TypeScript;
 * - the balances (receivable from buyers, cash with couriers, refunds owed) equal those computed
 *   here order by order, and refunds owed equal the refunds recorded and not yet paid;
 *
 * all to the poisha. The rows are written by the factories (the shop's own services write them in
 * production), the remittances through the API.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AparMonths, AparStatement, LedgerFigure } from "../../src/contracts/ledger";
import {
  addCreditNote,
  addPaidPayment,
  addRefund,
  clearLedger,
  createLedgerOrder,
  markDelivered,
} from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["invoices"], name: "Accounts Staff" });
  buyer = await h.createUser({ name: "Buyer" });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const MIN = 60_000;
const DAY = 1440;
/** 1 January 2030, midnight in Dhaka: the histories start here (the harness's clock is in 2031). */
const BASE = Date.UTC(2030, 0, 1) - 6 * 60 * MIN;
/** A Dhaka month's first instant, computed here on its own (UTC+6, no daylight saving). */
const monthStart = (y: number, m: number) => Date.UTC(y, m - 1, 1) - 6 * 60 * MIN;

const plan = fc.record({
  method: fc.constantFrom("gateway" as const, "cod" as const),
  total: fc.integer({ min: 1, max: 5_000_00 }),
  placed: fc.integer({ min: 0, max: 100 * DAY }),
  courier: fc.constantFrom("steadfast", "pathao", null),
  // gateway: cancelled (whole credit, refund owed); any: a part refunded (credit + refund owed)
  cancelAfter: fc.option(fc.integer({ min: 0, max: 30 * DAY }), { nil: null }),
  deliverAfter: fc.option(fc.integer({ min: 0, max: 20 * DAY }), { nil: null }),
  remitAfter: fc.option(fc.integer({ min: 0, max: 40 * DAY }), { nil: null }),
  refund: fc.option(
    fc.record({
      part: fc.integer({ min: 1, max: 100 }),
      after: fc.integer({ min: 0, max: 30 * DAY }),
      paidAfter: fc.option(fc.integer({ min: 0, max: 40 * DAY }), { nil: null }),
    }),
    { nil: null },
  ),
});

type Plan = typeof plan extends fc.Arbitrary<infer T> ? T : never;
type Event = { order: number; kind: LedgerFigure; at: number; amount: number };
type Owed = { order: number; amount: number; from: number; paidAt: number | null };

const SIGN: Record<LedgerFigure, { b: number; c: number }> = {
  invoiced: { b: 1, c: 0 },
  credited: { b: -1, c: 0 },
  collectedOnline: { b: -1, c: 0 },
  codCollected: { b: -1, c: 1 },
  codRemitted: { b: 0, c: -1 },
  refundsPaid: { b: 1, c: 0 },
  returnCharges: { b: 0, c: 0 },
};

/** Writes one history; answers its events and refunds as the shop's rules make them. */
async function write(plans: Plan[]) {
  const events: Event[] = [];
  const owed: Owed[] = [];
  const t = (minutes: number) => BASE + minutes * MIN;
  const remittances: { courier: string; orderId: number; at: number }[] = [];
  for (const [i, p] of plans.entries()) {
    const placed = t(p.placed);
    const { order, invoice } = await createLedgerOrder(h.db, {
      userId: buyer.user.id,
      paymentMethod: p.method,
      total: p.total,
      at: new Date(placed),
      courier: p.courier,
    });
    const ev = (kind: LedgerFigure, at: number, amount: number) =>
      events.push({ order: i, kind, at, amount });
    ev("invoiced", placed, p.total);
    // What the buyer paid that the shop still has (a refund is at most this).
    let collected = 0;
    if (p.method === "gateway") {
      await addPaidPayment(h.db, order.id, p.total, new Date(placed));
      ev("collectedOnline", placed, p.total);
      collected = p.total;
    }
    let credited = 0;
    const refundFor = async (amount: number, at: number, paidAfter: number | null) => {
      const cn = await addCreditNote(h.db, {
        orderId: order.id,
        invoiceId: invoice.id,
        amount,
        at: new Date(at),
      });
      ev("credited", at, amount);
      credited += amount;
      const paidAt = paidAfter === null ? null : at + paidAfter * MIN;
      await addRefund(h.db, {
        orderId: order.id,
        amount,
        at: new Date(at),
        paidAt: paidAt === null ? null : new Date(paidAt),
        creditNoteId: cn.id,
      });
      owed.push({ order: i, amount, from: at, paidAt });
      if (paidAt !== null) ev("refundsPaid", paidAt, amount);
    };
    if (p.method === "cod" && p.deliverAfter !== null) {
      const delivered = placed + p.deliverAfter * MIN;
      await markDelivered(h.db, order.id, new Date(delivered));
      ev("codCollected", delivered, p.total);
      collected = p.total;
      if (p.remitAfter !== null) {
        remittances.push({
          courier: p.courier ?? "manual",
          orderId: order.id,
          at: delivered + p.remitAfter * MIN,
        });
        ev("codRemitted", delivered + p.remitAfter * MIN, p.total);
      }
    } else if (p.cancelAfter !== null) {
      // Cancelled: the whole invoice credited; what was paid online is owed back.
      const at = placed + p.cancelAfter * MIN;
      if (collected > 0) {
        await refundFor(p.total, at, p.refund?.paidAfter ?? null);
      } else {
        await addCreditNote(h.db, {
          orderId: order.id,
          invoiceId: invoice.id,
          amount: p.total,
          at: new Date(at),
        });
        ev("credited", at, p.total);
      }
      continue;
    }
    if (p.refund && collected > 0) {
      const amount = Math.max(1, Math.floor((collected * p.refund.part) / 100));
      const at =
        Math.max(placed, ...events.filter((e) => e.order === i).map((e) => e.at)) + p.refund.after * MIN;
      if (amount <= p.total - credited) await refundFor(amount, at, p.refund.paidAfter);
    }
  }
  for (const r of remittances) {
    const res = await h.request("POST", "/api/admin/cod/remittances", {
      cookie: staff.cookie,
      body: { courier: r.courier, orderIds: [r.orderId], receivedAt: new Date(r.at).toISOString() },
    });
    expect(res.status, res.text).toBe(201);
  }
  return { events, owed };
}

/** The balances at an instant, order by order, from the events alone. */
function balancesAt(events: Event[], owed: Owed[], at: number) {
  const buyerOf = new Map<number, number>();
  const courierOf = new Map<number, number>();
  for (const e of events) {
    if (e.at >= at) continue;
    buyerOf.set(e.order, (buyerOf.get(e.order) ?? 0) + SIGN[e.kind].b * e.amount);
    courierOf.set(e.order, (courierOf.get(e.order) ?? 0) + SIGN[e.kind].c * e.amount);
  }
  let receivable = 0;
  let refundsOwed = 0;
  let withCouriers = 0;
  for (const b of buyerOf.values()) {
    if (b > 0) receivable += b;
    else refundsOwed -= b;
  }
  for (const c of courierOf.values()) withCouriers += c;
  const recordedOwed = owed
    .filter((r) => r.from < at && (r.paidAt === null || r.paidAt >= at))
    .reduce((s, r) => s + r.amount, 0);
  return {
    receivable,
    withCouriers,
    refundsOwed,
    net: receivable + withCouriers - refundsOwed,
    recordedOwed,
  };
}

function parseCsv(text: string): { section: string; amount: number }[] {
  const rows = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .slice(1);
  return rows.map((r) => {
    const cells = r.split(",");
    // document and detail may hold commas in quotes; the amounts are the last two cells
    return { section: cells[0]!, amount: Number(cells[cells.length - 2]) };
  });
}

describe("the ledger, for random histories", () => {
  it("reconciles every month to the poisha", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { minLength: 1, maxLength: 6 }), async (plans) => {
        await clearLedger(h.db);
        const { events, owed } = await write(plans);
        const last = Math.max(...events.map((e) => e.at));
        const months: { key: string; from: number; to: number }[] = [];
        let y = 2030;
        let m = 1;
        while (monthStart(y, m) <= last) {
          const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
          months.push({
            key: `${y}-${String(m).padStart(2, "0")}`,
            from: monthStart(y, m),
            to: monthStart(ny, nm),
          });
          y = ny;
          m = nm;
        }
        let previous: AparStatement | null = null;
        for (const month of months) {
          const res = await h.request<AparStatement>("GET", `/api/admin/apar/${month.key}`, {
            cookie: staff.cookie,
          });
          expect(res.status).toBe(200);
          const s = res.body.data!;
          if (previous)
            expect(s.opening, `${month.key} opens where the month before closed`).toEqual(previous.closing);
          const fig = Object.fromEntries(s.figures.map((f) => [f.key, f.total])) as Record<
            LedgerFigure,
            number
          >;
          expect(
            s.opening.net +
              fig.invoiced -
              fig.credited -
              fig.collectedOnline -
              fig.codRemitted +
              fig.refundsPaid,
          ).toBe(s.closing.net);
          for (const key of Object.keys(SIGN) as LedgerFigure[]) {
            const expected = events
              .filter((e) => e.kind === key && e.at >= month.from && e.at < month.to)
              .reduce((sum, e) => sum + e.amount, 0);
            expect(fig[key], `${month.key} ${key}`).toBe(expected);
          }
          for (const [edge, at] of [
            ["opening", month.from],
            ["closing", month.to],
          ] as const) {
            const { recordedOwed, ...mine } = balancesAt(events, owed, at);
            expect(s[edge], `${month.key} ${edge}`).toEqual(mine);
            expect(recordedOwed, `${month.key} ${edge}: refunds owed = the negative buyer balances`).toBe(
              mine.refundsOwed,
            );
          }
          const csv = await h.request("GET", `/api/admin/apar/${month.key}/lines.csv`, {
            cookie: staff.cookie,
          });
          const lines = parseCsv(csv.text);
          const sum = (section: string) =>
            lines.filter((l) => l.section === section).reduce((t, l) => t + l.amount, 0);
          for (const f of s.figures) expect(sum(f.key), `${month.key} ${f.key} lines`).toBe(f.total);
          expect(sum("openingReceivable")).toBe(s.opening.receivable);
          expect(sum("openingWithCouriers")).toBe(s.opening.withCouriers);
          expect(sum("openingRefundsOwed")).toBe(s.opening.refundsOwed);
          expect(sum("closingReceivable")).toBe(s.closing.receivable);
          expect(sum("closingWithCouriers")).toBe(s.closing.withCouriers);
          expect(sum("closingRefundsOwed")).toBe(s.closing.refundsOwed);
          previous = s;
        }
        const list = await h.request<AparMonths>("GET", "/api/admin/apar/months", { cookie: staff.cookie });
        const byMonth = new Map(list.body.data!.months.map((m) => [m.month, m]));
        const ordered = [...list.body.data!.months].reverse();
        for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.opening).toBe(ordered[i - 1]!.closing);
        // The list starts at the first order's month, with nothing before it.
        const first = Math.min(...events.map((e) => e.at));
        const firstMonth = months.find((m) => m.from <= first && first < m.to)!;
        expect(ordered[0]!.month).toBe(firstMonth.key);
        expect(ordered[0]!.opening).toBe(0);
        for (const month of months.filter((m) => m.key >= firstMonth.key)) {
          expect(byMonth.get(month.key)?.closing, month.key).toBe(balancesAt(events, owed, month.to).net);
        }
      }),
      { numRuns: 15 },
    );
  });
});
