/**
 * The shop's ledger read (decision 29): the one place its figures are computed in SQL.
 *
 * Every figure is a sum of rows that are only ever added (invoices, credit notes, paid payments,
 * COD deliveries, COD remittances, paid refunds), each at its own instant:
 *
 *   invoiced         invoices.total            at invoices.issued_at
 *   credited         credit_notes.amount       at credit_notes.issued_at
 *   collectedOnline  payments.amount (paid)    at payments.paid_at
 *   codCollected     orders.total (cod)        at orders.delivered_at
 *   codRemitted      orders.total              at cod_remittances.received_at (orders.cod_remittance_id)
 *   refundsPaid      refunds.amount (paid)     at refunds.paid_at
 *   returnCharges    orders.return_charge      at orders.return_charged_at (a cost; no balance moves)
 *
 * and per order: buyer balance = invoiced − credited − collectedOnline − codCollected + refundsPaid,
 * courier balance = codCollected − codRemitted. The balances at an instant (receivable from buyers,
 * cash with couriers, refunds owed) are sums over the orders of those two, so they reconcile with
 * the movements by construction.
 *
 * Reusable pieces: `orderLedger` (one order's figures and balances), `orderFigureSql` (the same as
 * correlated SQL for a list's select), `periodFigures` (a range's totals), `balancesAt` (the split
 * at an instant), `statementLines` (the rows behind a figure or a balance).
 */
import { type SQL, sql } from "drizzle-orm";
import {
  FIGURE_SIGNS,
  LEDGER_BALANCES,
  LEDGER_FIGURES,
  type LedgerBalance,
  type LedgerBalances,
  type LedgerFigure,
  type OrderLedger,
  type StatementLine,
  type StatementLineKind,
} from "../../../contracts/ledger";
import type { Db } from "../../db/client";
import { dhakaText } from "../../db/dhaka";
import { readNumbered } from "./invoices";

type Range = { from?: Date; to?: Date };

/** `column >= from and column < to`, either end left open. */
function within(column: SQL, r: Range): SQL {
  const parts: SQL[] = [sql`${column} is not null`];
  if (r.from) parts.push(sql`${column} >= ${r.from.toISOString()}::timestamptz`);
  if (r.to) parts.push(sql`${column} < ${r.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * Each movement's rows within a range, as `kind, at, amount, order_id` and the line's references
 * (`document, invoice_id, invoice_number, detail`); each branch is filtered on its own time column,
 * which is indexed. The orders table is joined only where a branch needs it: for its references,
 * or (COD) for the amount itself.
 */
function movementBranches(r: Range, withRefs: boolean): Record<LedgerFigure, SQL> {
  const refs = (document: SQL, detail: SQL) =>
    withRefs
      ? sql`, ${document} as document, i.id as invoice_id, i.number as invoice_number, ${detail} as detail, o.number as order_number`
      : sql``;
  const invoiceJoin = withRefs ? sql` left join invoices i on i.order_id = o.id` : sql``;
  const orderOf = (alias: string) =>
    withRefs ? sql.raw(` join orders o on o.id = ${alias}.order_id`).append(invoiceJoin) : sql``;
  return {
    invoiced: sql`select 'invoiced'::text as kind, iv.issued_at as at, iv.total as amount, iv.order_id as order_id${refs(sql`iv.number`, sql`o.payment_method::text`)}
      from invoices iv${orderOf("iv")}
      where ${within(sql`iv.issued_at`, r)}`,
    credited: sql`select 'credited'::text as kind, c.issued_at as at, c.amount as amount, c.order_id as order_id${refs(sql`c.number`, sql`c.reason`)}
      from credit_notes c${orderOf("c")}
      where ${within(sql`c.issued_at`, r)}`,
    collectedOnline: sql`select 'collectedOnline'::text as kind, p.paid_at as at, p.amount as amount, p.order_id as order_id${refs(sql`coalesce(p.gateway_txn_id, p.tranx)`, sql`p.provider`)}
      from payments p${orderOf("p")}
      where p.status = 'paid' and ${within(sql`p.paid_at`, r)}`,
    codCollected: sql`select 'codCollected'::text as kind, o.delivered_at as at, o.total as amount, o.id as order_id${refs(sql`coalesce(o.consignment, o.number)`, sql`coalesce(o.courier, 'manual')`)}
      from orders o${invoiceJoin}
      where o.payment_method = 'cod' and ${within(sql`o.delivered_at`, r)}`,
    codRemitted: sql`select 'codRemitted'::text as kind, m.received_at as at, o.total as amount, o.id as order_id${refs(sql`'Remittance ' || m.id || coalesce(' (' || m.reference || ')', '')`, sql`m.courier`)}
      from cod_remittances m join orders o on o.cod_remittance_id = m.id${invoiceJoin}
      where ${within(sql`m.received_at`, r)}`,
    refundsPaid: sql`select 'refundsPaid'::text as kind, f.paid_at as at, f.amount as amount, f.order_id as order_id${refs(sql`'Refund ' || f.id || coalesce(' (' || f.reference || ')', '')`, sql`f.method || ': ' || f.reason`)}
      from refunds f${orderOf("f")}
      where f.status = 'paid' and ${within(sql`f.paid_at`, r)}`,
    returnCharges: sql`select 'returnCharges'::text as kind, o.return_charged_at as at, o.return_charge as amount, o.id as order_id${refs(sql`coalesce(o.consignment, o.number)`, sql`coalesce(o.courier, 'manual') || ': ' || coalesce(o.return_reason::text, 'returned')`)}
      from orders o${invoiceJoin}
      where o.return_charge is not null and ${within(sql`o.return_charged_at`, r)}`,
  };
}

function movementRows(r: Range, withRefs: boolean, only?: LedgerFigure): SQL {
  const branches = movementBranches(r, withRefs);
  const kinds = only ? [only] : LEDGER_FIGURES;
  return sql.join(
    kinds.map((k) => sql`(${branches[k]})`),
    sql` union all `,
  );
}

type Rows<T> = { rows: T[] };
const n = (v: unknown): number => Number(v ?? 0);
const iso = (v: unknown): string => new Date(v as string | Date).toISOString();

function zeroFigures(): Record<LedgerFigure, number> {
  return Object.fromEntries(LEDGER_FIGURES.map((f) => [f, 0])) as Record<LedgerFigure, number>;
}

/** The net balance's change a set of movements makes (decision 29). */
export function netOf(f: Record<LedgerFigure, number>): number {
  return LEDGER_FIGURES.reduce((sum, k) => sum + FIGURE_SIGNS[k].net * f[k], 0);
}

/** Each movement's total (poisha) and count within `[from, to)`. */
export async function periodFigures(
  db: Db,
  r: Range,
): Promise<{ totals: Record<LedgerFigure, number>; counts: Record<LedgerFigure, number> }> {
  const res = (await db.execute(
    sql`select kind, sum(amount)::bigint as total, count(*)::int as n from (${movementRows(r, false)}) e group by kind`,
  )) as unknown as Rows<{ kind: LedgerFigure; total: unknown; n: unknown }>;
  const totals = zeroFigures();
  const counts = zeroFigures();
  for (const row of res.rows) {
    totals[row.kind] = n(row.total);
    counts[row.kind] = n(row.n);
  }
  return { totals, counts };
}

/**
 * Per order, its buyer and courier balance change from movements at `at` and before. Each branch
 * carries its amount already signed for the two balances (`b`, `c`), so the grouping is plain sums.
 */
function perOrderBalances(to: Date, from?: Date): SQL {
  const branches = movementBranches({ to }, false);
  // A figure that moves no balance (a cost) is left out.
  const moving = LEDGER_FIGURES.filter((k) => FIGURE_SIGNS[k].buyer !== 0 || FIGURE_SIGNS[k].courier !== 0);
  const signed = sql.join(
    moving.map(
      (k) =>
        sql`(select at, amount * ${sql.raw(String(FIGURE_SIGNS[k].buyer))} as b, amount * ${sql.raw(String(FIGURE_SIGNS[k].courier))} as c, order_id from (${branches[k]}) ${sql.raw(k)})`,
    ),
    sql` union all `,
  );
  const early = from ? sql`at < ${from.toISOString()}::timestamptz` : sql`false`;
  return sql`select order_id,
      coalesce(sum(b) filter (where ${early}), 0)::bigint as ob,
      coalesce(sum(c) filter (where ${early}), 0)::bigint as oc,
      sum(b)::bigint as cb,
      sum(c)::bigint as cc
    from (${signed}) e group by order_id`;
}

function splitOf(receivable: unknown, withCouriers: unknown, refundsOwed: unknown): LedgerBalances {
  const s = { receivable: n(receivable), withCouriers: n(withCouriers), refundsOwed: n(refundsOwed) };
  return { ...s, net: s.receivable + s.withCouriers - s.refundsOwed };
}

type Split = { opening: LedgerBalances; closing: LedgerBalances; counts: Record<string, number> };

/**
 * The balances at the start of `from` and the start of `to` (two instants, one pass over the
 * orders' history), with how many orders each is made of.
 */
export async function balancesAround(db: Db, from: Date, to: Date): Promise<Split> {
  const res = (await db.execute(sql`select
      sum(greatest(ob, 0)) as o_r, sum(oc) as o_c, sum(greatest(-ob, 0)) as o_o,
      sum(greatest(cb, 0)) as c_r, sum(cc) as c_c, sum(greatest(-cb, 0)) as c_o,
      count(*) filter (where ob > 0)::int as n_or, count(*) filter (where oc <> 0)::int as n_oc,
      count(*) filter (where ob < 0)::int as n_oo, count(*) filter (where cb > 0)::int as n_cr,
      count(*) filter (where cc <> 0)::int as n_cc, count(*) filter (where cb < 0)::int as n_co
    from (${perOrderBalances(to, from)}) per`)) as unknown as Rows<Record<string, unknown>>;
  const r = res.rows[0] ?? {};
  return {
    opening: splitOf(r.o_r, r.o_c, r.o_o),
    closing: splitOf(r.c_r, r.c_c, r.c_o),
    counts: {
      openingReceivable: n(r.n_or),
      openingWithCouriers: n(r.n_oc),
      openingRefundsOwed: n(r.n_oo),
      closingReceivable: n(r.n_cr),
      closingWithCouriers: n(r.n_cc),
      closingRefundsOwed: n(r.n_co),
    },
  };
}

/** The balances at an instant: receivable from buyers, cash with couriers, refunds owed, net. */
export async function balancesAt(db: Db, at: Date): Promise<LedgerBalances> {
  return (await balancesAround(db, at, at)).closing;
}

/** One order's movements (all time, or before `at`), its buyer and courier balance, its unpaid refunds. */
export async function orderLedger(db: Db, orderId: number, at?: Date): Promise<OrderLedger> {
  const res = (await db.execute(sql`select kind, sum(amount)::bigint as total
      from (${movementRows({ to: at }, false)}) e where order_id = ${orderId} group by kind`)) as unknown as Rows<{
    kind: LedgerFigure;
    total: unknown;
  }>;
  const figures = zeroFigures();
  for (const row of res.rows) figures[row.kind] = n(row.total);
  const owed = (await db.execute(
    sql`select coalesce(sum(amount), 0)::bigint as owed from refunds where order_id = ${orderId} and status = 'owed'
      ${at ? sql`and created_at < ${at.toISOString()}::timestamptz` : sql``}`,
  )) as unknown as Rows<{ owed: unknown }>;
  return {
    orderId,
    figures,
    buyerBalance: LEDGER_FIGURES.reduce((s, k) => s + FIGURE_SIGNS[k].buyer * figures[k], 0),
    courierBalance: LEDGER_FIGURES.reduce((s, k) => s + FIGURE_SIGNS[k].courier * figures[k], 0),
    refundsOwed: n(owed.rows[0]?.owed),
  };
}

/**
 * An order's all-time movement totals as correlated SQL, for a list's select (`orderId` is the
 * outer query's order id column). Keyed like the figures.
 */
export function orderFigureSql(orderId: SQL): Record<LedgerFigure, SQL<number>> {
  const total = (q: SQL) => sql<number>`(${q})`.mapWith(Number);
  return {
    invoiced: total(sql`select coalesce(sum(total), 0)::bigint from invoices where order_id = ${orderId}`),
    credited: total(
      sql`select coalesce(sum(amount), 0)::bigint from credit_notes where order_id = ${orderId}`,
    ),
    collectedOnline: total(
      sql`select coalesce(sum(amount), 0)::bigint from payments where order_id = ${orderId} and status = 'paid' and paid_at is not null`,
    ),
    codCollected: total(
      sql`select coalesce(sum(total), 0)::bigint from orders where id = ${orderId} and payment_method = 'cod' and delivered_at is not null`,
    ),
    codRemitted: total(
      sql`select coalesce(sum(total), 0)::bigint from orders where id = ${orderId} and cod_remittance_id is not null`,
    ),
    refundsPaid: total(
      sql`select coalesce(sum(amount), 0)::bigint from refunds where order_id = ${orderId} and status = 'paid'`,
    ),
    returnCharges: total(
      sql`select coalesce(sum(return_charge), 0)::bigint from orders where id = ${orderId} and return_charged_at is not null`,
    ),
  };
}

/** Whether lines met an invoice confirmed an instant ago and not numbered yet. */
function unnumberedIn(res: Rows<Record<string, unknown>>): boolean {
  return res.rows.some((row) => row.invoice_id != null && row.invoice_number == null);
}

/** The lines behind a movement within `[from, to)`, oldest first, paged. */
async function movementLines(
  db: Db,
  kind: LedgerFigure,
  r: Range,
  page: { limit: number; offset: number },
): Promise<StatementLine[]> {
  const res = await readNumbered(
    db,
    async () =>
      (await db.execute(
        sql`select * from (${movementRows(r, true, kind)}) e order by at, document, order_id limit ${page.limit} offset ${page.offset}`,
      )) as unknown as Rows<Record<string, unknown>>,
    unnumberedIn,
  );
  return res.rows.map((row) => ({
    kind,
    at: iso(row.at),
    amount: n(row.amount),
    document: String(row.document),
    orderId: n(row.order_id),
    orderNumber: String(row.order_number),
    invoiceId: row.invoice_id == null ? null : n(row.invoice_id),
    invoiceNumber: row.invoice_number == null ? null : String(row.invoice_number),
    detail: row.detail == null ? null : String(row.detail),
  }));
}

const BALANCE_FILTER: Record<LedgerBalance, (b: string, c: string) => string> = {
  receivable: (b) => `${b} > 0`,
  withCouriers: (_b, c) => `${c} <> 0`,
  refundsOwed: (b) => `${b} < 0`,
};
const BALANCE_AMOUNT: Record<LedgerBalance, (b: string, c: string) => string> = {
  receivable: (b) => b,
  withCouriers: (_b, c) => c,
  refundsOwed: (b) => `-${b}`,
};

/** The orders a balance at `at` is made of, with each one's part, oldest order first, paged. */
async function balanceLines(
  db: Db,
  kind: StatementLineKind,
  balance: LedgerBalance,
  at: Date,
  page: { limit: number; offset: number },
): Promise<StatementLine[]> {
  const where = sql.raw(BALANCE_FILTER[balance]("per.cb", "per.cc"));
  const amount = sql.raw(BALANCE_AMOUNT[balance]("per.cb", "per.cc"));
  const res = await readNumbered(
    db,
    async () =>
      (await db.execute(sql`select per.order_id, ${amount} as amount, o.number as order_number,
      i.id as invoice_id, i.number as invoice_number, o.payment_method::text as method, o.courier
    from (${perOrderBalances(at)}) per join orders o on o.id = per.order_id left join invoices i on i.order_id = o.id
    where ${where} order by per.order_id limit ${page.limit} offset ${page.offset}`)) as unknown as Rows<
        Record<string, unknown>
      >,
    unnumberedIn,
  );
  return res.rows.map((row) => ({
    kind,
    at: at.toISOString(),
    amount: n(row.amount),
    document: String(row.order_number),
    orderId: n(row.order_id),
    orderNumber: String(row.order_number),
    invoiceId: row.invoice_id == null ? null : n(row.invoice_id),
    invoiceNumber: row.invoice_number == null ? null : String(row.invoice_number),
    detail: balance === "withCouriers" ? String(row.courier ?? "manual") : String(row.method),
  }));
}

/** What a statement line kind is: a movement, or a balance at the period's start or end. */
export function lineKindOf(
  kind: StatementLineKind,
): { figure: LedgerFigure } | { edge: "opening" | "closing"; balance: LedgerBalance } {
  if ((LEDGER_FIGURES as readonly string[]).includes(kind)) return { figure: kind as LedgerFigure };
  const edge = kind.startsWith("opening") ? "opening" : "closing";
  const rest = kind.slice(edge.length);
  const balance = LEDGER_BALANCES.find((b) => b.toLowerCase() === rest.toLowerCase())!;
  return { edge, balance };
}

/** The lines behind one figure or balance of the period `[from, to)`, paged. */
export function statementLines(
  db: Db,
  kind: StatementLineKind,
  from: Date,
  to: Date,
  page: { limit: number; offset: number },
): Promise<StatementLine[]> {
  const k = lineKindOf(kind);
  if ("figure" in k) return movementLines(db, k.figure, { from, to }, page);
  return balanceLines(db, kind, k.balance, k.edge === "opening" ? from : to, page);
}

/** Each movement's total per Dhaka month (`YYYY-MM`), over all history. */
export async function figuresByMonth(db: Db): Promise<Map<string, Record<LedgerFigure, number>>> {
  const res = (await db.execute(sql`select kind, ${dhakaText(sql`at`, "YYYY-MM")} as month,
      sum(amount)::bigint as total from (${movementRows({}, false)}) e group by kind, month`)) as unknown as Rows<{
    kind: LedgerFigure;
    month: string;
    total: unknown;
  }>;
  const out = new Map<string, Record<LedgerFigure, number>>();
  for (const row of res.rows) {
    const f = out.get(row.month) ?? zeroFigures();
    f[row.kind] = n(row.total);
    out.set(row.month, f);
  }
  return out;
}
