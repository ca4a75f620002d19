/**
 * The invoices area of the back office: the invoice list and one invoice (its frozen snapshot, the
 * credit notes under it, the money in and out of its order), and the monthly accounts statement
 * (decision 29) with the lines behind every figure, as JSON and as CSV. Every figure is read from
 * services/money/ledger.ts.
 */
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AdminPage } from "../../../contracts/admin";
import {
  type AdminInvoiceDetail,
  type AdminInvoiceRow,
  type AdminInvoicesQuery,
  adminInvoicesQuery,
} from "../../../contracts/admin-invoices";
import { phoneSearchDigits } from "../../../contracts/admin-users";
import type { InvoiceSnapshot } from "../../../contracts/invoice";
import {
  type AparMonth,
  type AparStatement,
  dhakaMonth,
  dhakaMonthStart,
  FIGURE_LABELS,
  LEDGER_FIGURES,
  monthParams,
  nextMonth,
  type STATEMENT_LINE_KINDS,
  type StatementLine,
  statementLinesQuery,
} from "../../../contracts/ledger";
import { addDays, dhakaDayStart } from "../../../contracts/sales";
import { orders, payments, refunds } from "../../db/schema";
import { requirePermission } from "../access";
import { containsPattern } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { CSV_BOM, csvRows, csvTaka } from "../platform/csv";
import { listCreditNotes, readNumbered } from "./invoices";
import {
  balancesAround,
  figuresByMonth,
  netOf,
  orderFigureSql,
  periodFigures,
  statementLines,
} from "./ledger";

export const SEE_INVOICES = "You do not have permission to see invoices and accounts";
export const NO_SUCH_INVOICE = "No such invoice";

function allow(ctx: Ctx) {
  requirePermission(ctx, "invoices", SEE_INVOICES, SEE_INVOICES);
}

type Rows<T> = { rows: T[] };

const INVOICE_SORT: Record<string, SQL> = {
  issuedAt: sql`r.issued_at`,
  number: sql`r.number`,
  total: sql`r.total`,
};

/** The list's rows with each one's ledger figures, as a subquery `r`. */
function invoiceRowsSql(where: SQL | undefined): SQL {
  const f = orderFigureSql(sql`o.id`);
  return sql`select i.id, i.number, i.issued_at, i.total, o.id as order_id, o.number as order_number,
      o.name, o.phone, o.payment_method::text as payment_method,
      ${f.collectedOnline} as paid_online, ${f.codCollected} as cash_collected,
      ${f.credited} as credited, ${f.refundsPaid} as refunds_paid
    from invoices i join orders o on o.id = i.order_id
    ${where ? sql`where ${where}` : sql``}`;
}

/** The buyer balance of a row of `invoiceRowsSql` (decision 29), and its state. */
const DUE = sql`(r.total - r.credited - r.paid_online - r.cash_collected + r.refunds_paid)`;
const STATE: Record<string, SQL> = {
  credited: sql`r.credited >= r.total and r.total > 0`,
  due: sql`not (r.credited >= r.total and r.total > 0) and ${DUE} > 0`,
  paid: sql`not (r.credited >= r.total and r.total > 0) and ${DUE} <= 0`,
};

function toRow(r: Record<string, unknown>): AdminInvoiceRow {
  const total = Number(r.total);
  const paidOnline = Number(r.paid_online);
  const cashCollected = Number(r.cash_collected);
  const credited = Number(r.credited);
  const refundsPaid = Number(r.refunds_paid);
  const balance = total - credited - paidOnline - cashCollected + refundsPaid;
  return {
    id: Number(r.id),
    number: String(r.number),
    issuedAt: new Date(r.issued_at as string).toISOString(),
    orderId: Number(r.order_id),
    orderNumber: String(r.order_number),
    buyerName: String(r.name),
    buyerPhone: String(r.phone),
    paymentMethod: r.payment_method as "gateway" | "cod",
    total,
    paidOnline,
    cashCollected,
    credited,
    refundsPaid,
    due: Math.max(balance, 0),
    state: credited >= total && total > 0 ? "credited" : balance > 0 ? "due" : "paid",
  };
}

/**
 * Staff holding `invoices` list invoices: search the invoice number, the order number, the
 * buyer's name or phone; filter by the Dhaka days issued, the payment method and the state.
 */
export async function listInvoices(ctx: Ctx, v: AdminInvoicesQuery): Promise<AdminPage<AdminInvoiceRow>> {
  allow(ctx);
  const where: SQL[] = [];
  if (v.q) {
    const digits = phoneSearchDigits(v.q);
    const like = containsPattern(v.q);
    where.push(
      sql`(i.number ilike ${like} or o.number ilike ${like} or o.name ilike ${like}${digits ? sql` or o.phone like ${containsPattern(digits)}` : sql``})`,
    );
  }
  if (v.from) where.push(sql`i.issued_at >= ${dhakaDayStart(v.from).toISOString()}::timestamptz`);
  if (v.to) where.push(sql`i.issued_at < ${dhakaDayStart(addDays(v.to, 1)).toISOString()}::timestamptz`);
  if (v.paymentMethod) where.push(sql`o.payment_method = ${v.paymentMethod}`);
  const inner = invoiceRowsSql(where.length ? sql.join(where, sql` and `) : undefined);
  const outer = v.state ? sql`where ${STATE[v.state]}` : sql``;
  const desc = v.sort.startsWith("-");
  const column = INVOICE_SORT[v.sort.replace(/^-/, "")]!;
  const dir = sql.raw(desc ? "desc" : "asc");
  const [rows, total] = await readNumbered(
    ctx.db,
    () =>
      Promise.all([
        ctx.db.execute(
          sql`select * from (${inner}) r ${outer} order by ${column} ${dir}, r.id ${dir} limit ${v.limit} offset ${(v.page - 1) * v.limit}`,
        ) as unknown as Promise<Rows<Record<string, unknown>>>,
        ctx.db.execute(sql`select count(*)::int as n from (${inner}) r ${outer}`) as unknown as Promise<
          Rows<{ n: unknown }>
        >,
      ]),
    ([page]) => page.rows.some((r) => r.number == null),
  );
  return { items: rows.rows.map(toRow), total: Number(total.rows[0]?.n ?? 0), page: v.page, limit: v.limit };
}

/** The list's query parsed (400 naming the field), then the list. */
export function listInvoicesFrom(ctx: Ctx, input: unknown) {
  allow(ctx);
  return listInvoices(ctx, adminInvoicesQuery.parse(input));
}

/** One invoice for staff: the snapshot as issued, its credit notes, and its order's money in and out. */
export async function getAdminInvoice(ctx: Ctx, id: number): Promise<AdminInvoiceDetail> {
  allow(ctx);
  const head = await readNumbered(
    ctx.db,
    async () =>
      (
        (await ctx.db.execute(
          sql`select r.*, i.snapshot, o.status::text as order_status from (${invoiceRowsSql(sql`i.id = ${id}`)}) r
            join invoices i on i.id = r.id join orders o on o.id = r.order_id`,
        )) as unknown as Rows<Record<string, unknown>>
      ).rows[0],
    (r) => r !== undefined && r.number == null,
  );
  if (!head) throw new DomainError("not_found", NO_SUCH_INVOICE);
  const row = toRow(head);
  const [notes, paid, owed] = await Promise.all([
    listCreditNotes(ctx.db, { invoiceId: id }),
    ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, row.orderId), eq(payments.status, "paid")))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    ctx.db.select().from(refunds).where(eq(refunds.orderId, row.orderId)).orderBy(asc(refunds.id)),
  ]);
  const [order] = await ctx.db
    .select({ deliveredAt: orders.deliveredAt, consignment: orders.consignment, courier: orders.courier })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  const lines: AdminInvoiceDetail["payments"] = [
    ...paid
      .filter((p) => p.paidAt)
      .map((p) => ({
        kind: "online" as const,
        at: p.paidAt!.toISOString(),
        amount: p.amount,
        reference: p.gatewayTxnId ?? p.tranx,
        detail: p.provider,
      })),
    ...(row.paymentMethod === "cod" && order?.deliveredAt
      ? [
          {
            kind: "cod" as const,
            at: order.deliveredAt.toISOString(),
            amount: row.total,
            reference: order.consignment ?? row.orderNumber,
            detail: order.courier,
          },
        ]
      : []),
    ...owed
      .filter((r) => r.status === "paid" && r.paidAt)
      .map((r) => ({
        kind: "refund" as const,
        at: r.paidAt!.toISOString(),
        amount: r.amount,
        reference: r.reference ?? `Refund ${r.id}`,
        detail: `${r.method}: ${r.reason}`,
      })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: row.id,
    orderId: row.orderId,
    orderStatus: String(head.order_status),
    snapshot: head.snapshot as InvoiceSnapshot,
    row,
    creditNotes: notes,
    payments: lines,
    refundsOwed: owed.filter((r) => r.status === "owed").reduce((s, r) => s + r.amount, 0),
  };
}

// ---------------------------------------------------------------- the monthly statement

/**
 * Every Dhaka month from the first order's (or the first movement's) to this one, newest first,
 * with its opening net balance, each movement and its closing net balance; each month's closing is
 * the next one's opening.
 */
export async function aparMonths(ctx: Ctx): Promise<{ months: AparMonth[] }> {
  allow(ctx);
  const [byMonth, first] = await Promise.all([
    figuresByMonth(ctx.db),
    ctx.db.execute(sql`select min(created_at) as first from orders`) as unknown as Promise<
      Rows<{ first: unknown }>
    >,
  ]);
  const firstOrder = first.rows[0]?.first;
  const known = [...byMonth.keys()];
  if (firstOrder) known.push(dhakaMonth(new Date(firstOrder as string)));
  if (known.length === 0) return { months: [] };
  known.sort();
  const last = [dhakaMonth(ctx.now()), known[known.length - 1]!].sort()[1]!;
  const out: AparMonth[] = [];
  let opening = 0;
  for (let m = known[0]!; m <= last; m = nextMonth(m)) {
    const f =
      byMonth.get(m) ?? (Object.fromEntries(LEDGER_FIGURES.map((k) => [k, 0])) as Record<string, number>);
    const closing = opening + netOf(f as never);
    out.push({ month: m, opening, ...(f as Record<(typeof LEDGER_FIGURES)[number], number>), closing });
    opening = closing;
  }
  return { months: out.reverse() };
}

function monthOf(input: unknown): { month: string; from: Date; to: Date } {
  const { month } = monthParams.parse(input);
  return { month, from: dhakaMonthStart(month), to: dhakaMonthStart(nextMonth(month)) };
}

/** One month's statement: the opening and closing balances (split), and each movement's total and count. */
export async function aparStatement(ctx: Ctx, params: unknown): Promise<AparStatement> {
  allow(ctx);
  const { month, from, to } = monthOf(params);
  const [split, period] = await Promise.all([
    balancesAround(ctx.db, from, to),
    periodFigures(ctx.db, { from, to }),
  ]);
  return {
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    opening: split.opening,
    figures: LEDGER_FIGURES.map((key) => ({
      key,
      label: FIGURE_LABELS[key],
      total: period.totals[key],
      count: period.counts[key],
    })),
    closing: split.closing,
    balanceCounts: split.counts as AparStatement["balanceCounts"],
  };
}

/** The lines behind one figure or balance of a month's statement, a page at a time. */
export async function aparLines(
  ctx: Ctx,
  params: unknown,
  query: unknown,
): Promise<AdminPage<StatementLine>> {
  allow(ctx);
  const { from, to } = monthOf(params);
  const q = statementLinesQuery.parse(query);
  const [items, split, period] = await Promise.all([
    statementLines(ctx.db, q.kind, from, to, { limit: q.limit, offset: (q.page - 1) * q.limit }),
    (LEDGER_FIGURES as readonly string[]).includes(q.kind) ? null : balancesAround(ctx.db, from, to),
    (LEDGER_FIGURES as readonly string[]).includes(q.kind) ? periodFigures(ctx.db, { from, to }) : null,
  ]);
  const total = period
    ? period.counts[q.kind as (typeof LEDGER_FIGURES)[number]]
    : (split!.counts[q.kind] ?? 0);
  return { items, total, page: q.page, limit: q.limit };
}

/** Taka with two decimals from poisha, exactly (no floating point). */
export function takaText(poisha: number): string {
  const sign = poisha < 0 ? "-" : "";
  const abs = Math.abs(poisha);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export const STATEMENT_CSV_COLUMNS = [
  "section",
  "date",
  "document",
  "order",
  "invoice",
  "detail",
  "amount_poisha",
  "amount_taka",
] as const;

const CSV_BATCH = 2_000;

/**
 * Every line of a month's statement as CSV text in pieces (UTF-8 with a byte-order mark): the
 * opening balances order by order, each movement's lines, the closing balances order by order,
 * read a batch at a time so a large month is never held in memory whole.
 */
export async function aparCsv(
  ctx: Ctx,
  params: unknown,
): Promise<{ fileName: string; pieces: AsyncIterable<string> }> {
  allow(ctx);
  const { month, from, to } = monthOf(params);
  const db = ctx.db;
  const kinds = [
    "openingReceivable",
    "openingWithCouriers",
    "openingRefundsOwed",
    ...LEDGER_FIGURES,
    "closingReceivable",
    "closingWithCouriers",
    "closingRefundsOwed",
  ] as const satisfies readonly (typeof STATEMENT_LINE_KINDS)[number][];
  return {
    fileName: `accounts-${month}.csv`,
    pieces: (async function* () {
      yield CSV_BOM + csvRows([STATEMENT_CSV_COLUMNS]);
      for (const kind of kinds) {
        for (let offset = 0; ; offset += CSV_BATCH) {
          const lines = await statementLines(db, kind, from, to, { limit: CSV_BATCH, offset });
          if (lines.length === 0) break;
          yield csvRows(
            lines.map((l) => [
              l.kind,
              l.at,
              l.document,
              l.orderNumber,
              l.invoiceNumber,
              l.detail,
              l.amount,
              csvTaka(l.amount),
            ]),
          );
          if (lines.length < CSV_BATCH) break;
        }
      }
    })(),
  };
}
