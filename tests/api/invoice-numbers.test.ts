/**
 * Invoice numbers after the confirmation (decision 40): the confirming transaction writes the
 * invoice without a number, and `number_invoices()` numbers it right after the commit, before the
 * request answers; readers and the periodic sweep number any a crash left.
 *
 * The property runs on PostgreSQL only (TEST_DATABASE_URL): the embedded PGlite runs one statement
 * at a time, so confirmations can never overlap there. Many confirmations at once (cash-on-delivery
 * checkouts, gateway payments), with failed payments, buyer cancellations, confirmations rolled
 * back, and "crashes" (a confirmation committed whose numbering never ran), and then: the year's
 * invoices are numbered exactly 1..n, each once, every confirmed order has one, and a confirmation
 * answered before another began has the lower number.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResult } from "../../src/contracts/checkout";
import type { Db } from "../../src/server/db/client";
import { invoiceCounters, invoices, orders } from "../../src/server/db/schema";
import {
  formatInvoiceNumber,
  type InvoiceView,
  numberInvoices,
} from "../../src/server/services/money/invoices";
import { confirmInTx } from "../../src/server/services/orders/orders";
import { createProduct } from "./factories";
import { createHarness, type Harness, START_TIME, type TestUser } from "./harness";

const SERVER_URL = process.env.TEST_DATABASE_URL;
/** The Dhaka year of the harness's clock, which numbers its invoices. */
const YEAR = 2031;

let h: Harness;

const ADDRESS = {
  name: "Nusrat Jahan",
  phone: "01712345678",
  district: "Dhaka",
  area: "Mirpur",
  address: "House 12, Road 3",
};

beforeAll(async () => {
  h = await createHarness();
  expect(START_TIME.getUTCFullYear()).toBe(YEAR);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const addBook = async (u: TestUser, bookId: number) => {
  const r = await h.request("POST", "/api/cart", {
    body: { bookId, quantity: 1, source: "test", type: "book" },
    cookie: u.cookie,
  });
  expect(r.status).toBe(201);
};
const checkout = (u: TestUser, paymentMethod: "cod" | "gateway") =>
  h.request<CheckoutResult>("POST", "/api/checkout", {
    body: { ...ADDRESS, paymentMethod },
    cookie: u.cookie,
  });
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
/** The buyer presses a button on the sandbox gateway's page (the payment is then decided there). */
async function press(tranx: string, outcome: "pay" | "fail") {
  expect((await h.request("POST", `/sandbox-gateway/${tranx}`, form({ outcome }))).status).toBe(303);
}
/** The gateway's server-to-server callback: it confirms a paid order. */
const ipn = (tranx: string) => h.request("POST", `/api/payment/sandbox/${tranx}/ipn`, form({ tranx }));

/**
 * What a server does between placing an order and dying: the confirmation commits, and the
 * numbering that follows it never runs (or, with `rollBack`, the transaction fails after it).
 */
async function confirmAndCrash(orderId: number, rollBack = false) {
  const [o] = await h.db.select().from(orders).where(eq(orders.id, orderId));
  await h.db
    .transaction(async (t) => {
      const ok = await confirmInTx(
        h.ctx(),
        t as unknown as Db,
        o!,
        h.clock.now(),
        "Paid (the server then died)",
      );
      expect(ok).toBe(true);
      if (rollBack) throw new Error("rolled back");
    })
    .catch((err: Error) => {
      if (!rollBack || err.message !== "rolled back") throw err;
    });
}

type InvoiceRow = {
  order_id: number;
  year: number;
  seq: number | null;
  number: string | null;
  shown: string | null;
};
async function invoiceRows(): Promise<InvoiceRow[]> {
  const res = (await h.db.execute(
    sql`select order_id, year, seq, number, snapshot->>'number' as shown from invoices order by seq nulls last, id`,
  )) as unknown as { rows: InvoiceRow[] };
  return res.rows;
}

/** The invariant: the year's invoices are 1..n, each once, and the number says the same everywhere. */
async function expectGapFree(): Promise<InvoiceRow[]> {
  const rows = await invoiceRows();
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  for (const r of rows) {
    expect(r.year).toBe(YEAR);
    expect(r.number).toBe(formatInvoiceNumber(YEAR, r.seq!));
    expect(r.shown).toBe(r.number);
  }
  const [counter] = await h.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, YEAR));
  expect(counter?.last ?? 0).toBe(rows.length);
  return rows;
}

describe("invoice numbers after the confirmation", () => {
  it("numbers a cash-on-delivery order's invoice before the checkout answers", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    await addBook(u, book.id);
    const placed = (await checkout(u, "cod")).body.data!;
    const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, placed.orderId));
    expect(inv?.number).toMatch(/^INV-2031-\d{6}$/);
    await expectGapFree();
  });

  it("numbers an invoice a crash left without one when it is first read, after those before it", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    await addBook(u, book.id);
    const placed = (await checkout(u, "gateway")).body.data!;
    await confirmAndCrash(placed.orderId);
    const [waiting] = await h.db.select().from(invoices).where(eq(invoices.orderId, placed.orderId));
    expect(waiting).toMatchObject({ number: null, seq: null });
    const before = (await invoiceRows()).filter((r) => r.seq !== null).length;

    const shown = await h.request<InvoiceView>("GET", `/api/invoices/${waiting!.id}`, { cookie: u.cookie });
    expect(shown.status).toBe(200);
    expect(shown.body.data?.snapshot.number).toBe(formatInvoiceNumber(YEAR, before + 1));
    await expectGapFree();
  });

  it("numbers what a crash left with the sweep, and a rolled-back confirmation takes no number", async () => {
    const u = await h.createUser();
    const v = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    await addBook(u, book.id);
    await addBook(v, book.id);
    const crashed = (await checkout(u, "gateway")).body.data!;
    const rolled = (await checkout(v, "gateway")).body.data!;
    await confirmAndCrash(crashed.orderId);
    await confirmAndCrash(rolled.orderId, true);
    expect(await numberInvoices(h.db)).toBe(1);
    expect(await numberInvoices(h.db)).toBe(0);
    const rows = await expectGapFree();
    expect(rows.at(-1)?.order_id).toBe(crashed.orderId);
    expect(rows.some((r) => r.order_id === rolled.orderId)).toBe(false);
  });
});

type Kind = "cod" | "paid" | "failed" | "crash" | "rollback" | "cancel";
type Plan = { kind: Kind; user: TestUser; orderId?: number; tranx?: string };
type Timed = { orderId: number; start: number; end: number };

describe.runIf(SERVER_URL)("invoice numbers under concurrency (PostgreSQL)", () => {
  it("numbers each waiting invoice once when many numberings run at once", async () => {
    const book = await createProduct(h.db, { stock: 1_000 });
    for (let round = 0; round < 5; round++) {
      const placed: number[] = [];
      for (let i = 0; i < 8; i++) {
        const u = await h.createUser();
        await addBook(u, book.id);
        placed.push((await checkout(u, "gateway")).body.data!.orderId);
      }
      // Eight confirmations commit and die before numbering, then eight numberings start at once.
      await Promise.all(placed.map((id) => confirmAndCrash(id)));
      const numbered = await Promise.all(Array.from({ length: 8 }, () => numberInvoices(h.db)));
      expect(numbered.reduce((a, b) => a + b, 0)).toBe(8);
      await expectGapFree();
    }
  }, 120_000);

  it("numbers every confirmed order's invoice 1..n in confirmation order, whatever runs at once", async () => {
    const book = await createProduct(h.db, { stock: 100_000 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom<Kind>("cod", "cod", "cod", "paid", "paid", "failed", "crash", "rollback", "cancel"),
          {
            minLength: 10,
            maxLength: 20,
          },
        ),
        async (kinds) => {
          // Set up one order per plan, one after another.
          const plans: Plan[] = [];
          for (const kind of kinds) {
            const user = await h.createUser();
            await addBook(user, book.id);
            const plan: Plan = { kind, user };
            if (kind === "cancel") {
              const placed = (await checkout(user, "cod")).body.data!;
              plan.orderId = placed.orderId;
            } else if (kind !== "cod") {
              const placed = (await checkout(user, "gateway")).body.data!;
              plan.orderId = placed.orderId;
              plan.tranx = placed.tranx;
              if (kind === "paid" || kind === "failed")
                await press(placed.tranx, kind === "paid" ? "pay" : "fail");
            }
            plans.push(plan);
          }
          const before = (await invoiceRows()).length;

          // Then all at once: each confirming request is timed from its start to its answer.
          const timed: Timed[] = [];
          const confirmed = new Set<number>();
          await Promise.all(
            plans.map(async (p) => {
              const start = performance.now();
              switch (p.kind) {
                case "cod": {
                  const r = await checkout(p.user, "cod");
                  expect(r.status).toBe(201);
                  timed.push({ orderId: r.body.data!.orderId, start, end: performance.now() });
                  confirmed.add(r.body.data!.orderId);
                  break;
                }
                case "paid":
                  expect((await ipn(p.tranx!)).status).toBe(200);
                  timed.push({ orderId: p.orderId!, start, end: performance.now() });
                  confirmed.add(p.orderId!);
                  break;
                case "failed":
                  await ipn(p.tranx!);
                  break;
                case "crash":
                  await confirmAndCrash(p.orderId!);
                  confirmed.add(p.orderId!);
                  break;
                case "rollback":
                  await confirmAndCrash(p.orderId!, true);
                  break;
                case "cancel":
                  expect(
                    (await h.request("POST", `/api/orders/${p.orderId}/cancel`, { cookie: p.user.cookie }))
                      .status,
                  ).toBe(200);
                  confirmed.add(p.orderId!);
                  break;
              }
            }),
          );
          // The sweep numbers what the crashes left.
          await numberInvoices(h.db);

          const rows = await expectGapFree();
          const fresh = rows.slice(before);
          const cancelled = plans.filter((p) => p.kind === "cancel").map((p) => p.orderId!);
          // Invoices issued now: one per confirmation of this round (a cancelled order's was issued before).
          expect(new Set(fresh.map((r) => r.order_id))).toEqual(
            new Set([...confirmed].filter((id) => !cancelled.includes(id))),
          );
          // Confirmation order: an answer given before another confirmation began has the lower number.
          const seqOf = new Map(rows.map((r) => [r.order_id, r.seq!]));
          for (const a of timed) {
            for (const b of timed) {
              if (a.end < b.start) expect(seqOf.get(a.orderId)!).toBeLessThan(seqOf.get(b.orderId)!);
            }
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 240_000);
});
