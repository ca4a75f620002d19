/**
 * The shop's ledger as the back office reads it (decision 29): the six movements every money
 * figure is a sum of, the three balances, Dhaka months, and the answers of the monthly accounts
 * statement (`/api/admin/apar/...`).
 */
import { isoTime, pageOf, poisha } from "./answers/shared";
import { pageQuery } from "./paging";
import { z } from "./zod";

/**
 * The movements of the ledger, in the order the statement lists them. `returnCharges` (what
 * couriers charge for parcels that came back) is a cost of the shop: listed, but it moves none of
 * the balances below (net 0), so cash with couriers stays the COD of delivered orders.
 */
export const LEDGER_FIGURES = [
  "invoiced",
  "credited",
  "collectedOnline",
  "codCollected",
  "codRemitted",
  "refundsPaid",
  "returnCharges",
] as const;
export type LedgerFigure = (typeof LEDGER_FIGURES)[number];

/** The balances at an instant: what buyers owe, the cash couriers hold, refunds the shop owes. */
export const LEDGER_BALANCES = ["receivable", "withCouriers", "refundsOwed"] as const;
export type LedgerBalance = (typeof LEDGER_BALANCES)[number];

export const FIGURE_LABELS: Record<LedgerFigure, string> = {
  invoiced: /*i18n*/ "Invoiced",
  credited: /*i18n*/ "Credit notes",
  collectedOnline: /*i18n*/ "Collected online",
  codCollected: /*i18n*/ "Cash on delivery collected by couriers",
  codRemitted: /*i18n*/ "Cash on delivery remitted by couriers",
  refundsPaid: /*i18n*/ "Refunds paid",
  returnCharges: /*i18n*/ "Couriers' charges for returned parcels",
};

export const BALANCE_LABELS: Record<LedgerBalance, string> = {
  receivable: /*i18n*/ "Receivable from buyers",
  withCouriers: /*i18n*/ "Cash with couriers",
  refundsOwed: /*i18n*/ "Refunds owed",
};

/**
 * How each movement moves an order's buyer balance, its courier balance and the shop's net
 * (buyer + courier): decision 29's two equations, as signs.
 */
export const FIGURE_SIGNS: Record<LedgerFigure, { buyer: -1 | 0 | 1; courier: -1 | 0 | 1; net: -1 | 0 | 1 }> =
  {
    invoiced: { buyer: 1, courier: 0, net: 1 },
    credited: { buyer: -1, courier: 0, net: -1 },
    collectedOnline: { buyer: -1, courier: 0, net: -1 },
    codCollected: { buyer: -1, courier: 1, net: 0 },
    codRemitted: { buyer: 0, courier: -1, net: -1 },
    refundsPaid: { buyer: 1, courier: 0, net: 1 },
    returnCharges: { buyer: 0, courier: 0, net: 0 },
  };

/** The lines of a statement: a movement, or a balance at the month's start or end, order by order. */
export const STATEMENT_LINE_KINDS = [
  ...LEDGER_FIGURES,
  "openingReceivable",
  "openingWithCouriers",
  "openingRefundsOwed",
  "closingReceivable",
  "closingWithCouriers",
  "closingRefundsOwed",
] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export function balanceLineKind(edge: "opening" | "closing", balance: LedgerBalance): StatementLineKind {
  return `${edge}${balance[0]!.toUpperCase()}${balance.slice(1)}` as StatementLineKind;
}

export const MONTH_ERROR = "month must be a month written YYYY-MM, e.g. 2026-03";
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM`, a Dhaka calendar month from 2000 to 2199. */
export const monthField = z
  .string({ error: MONTH_ERROR })
  .regex(MONTH, { error: MONTH_ERROR })
  .refine((m) => m >= "2000-01" && m <= "2199-12", { error: MONTH_ERROR });

export const monthParams = z.object({ month: monthField });

/** The first instant of a Dhaka month (UTC+6 all year). */
export function dhakaMonthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00+06:00`);
}

/** The month after `YYYY-MM`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The Dhaka month of an instant, `YYYY-MM`. */
export function dhakaMonth(at: Date): string {
  return new Date(at.getTime() + 6 * 3600_000).toISOString().slice(0, 7);
}

/** `March 2026` */
export function monthLabel(month: string): string {
  const names = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${names[m - 1]} ${y}`;
}

// ---------------------------------------------------------------- answers

const figureAmounts = (what: string) =>
  z.object(
    Object.fromEntries(LEDGER_FIGURES.map((f) => [f, poisha(`${FIGURE_LABELS[f]} ${what}`)])) as Record<
      LedgerFigure,
      ReturnType<typeof poisha>
    >,
  );

export const ledgerBalancesSchema = z
  .object({
    receivable: poisha("Receivable from buyers: the sum of the positive buyer balances"),
    withCouriers: poisha("Cash still with couriers: COD collected and not yet remitted"),
    refundsOwed: poisha("Refunds owed: the sum of the negative buyer balances, as a positive amount"),
    net: z.int().meta({ description: "receivable + withCouriers − refundsOwed, poisha (may be negative)" }),
  })
  .meta({ id: "LedgerBalances" });

export const orderLedgerSchema = z
  .object({
    orderId: z.int(),
    figures: figureAmounts("for the order"),
    buyerBalance: z
      .int()
      .meta({ description: "What the buyer owes (negative: what the shop owes back), poisha" }),
    courierBalance: z.int().meta({ description: "The order's cash still with its courier, poisha" }),
    refundsOwed: poisha("Refunds recorded and not yet paid"),
  })
  .meta({ id: "OrderLedger" });

export const aparMonthSchema = z
  .object({
    month: z.string().meta({ description: "YYYY-MM (Dhaka)" }),
    opening: z.int().meta({ description: "The net balance at the month's start, poisha" }),
    ...figureAmounts("in the month").shape,
    closing: z.int().meta({ description: "The net balance at the month's end, poisha" }),
  })
  .meta({ id: "AparMonth" });

export const aparMonthsSchema = z
  .object({
    months: z.array(aparMonthSchema).meta({ description: "Newest first, from the first order's month" }),
  })
  .meta({ id: "AparMonths" });

export const statementFigureSchema = z.object({
  key: z.enum(LEDGER_FIGURES),
  label: z.string(),
  total: poisha("The sum of the figure's lines"),
  count: z.int().meta({ description: "How many lines" }),
});

export const aparStatementSchema = z
  .object({
    month: z.string(),
    from: isoTime().meta({ description: "The month's first instant (Dhaka midnight)" }),
    to: isoTime().meta({ description: "The next month's first instant" }),
    opening: ledgerBalancesSchema,
    figures: z.array(statementFigureSchema),
    closing: ledgerBalancesSchema,
    balanceCounts: z
      .object(
        Object.fromEntries(
          STATEMENT_LINE_KINDS.filter((k) => !(LEDGER_FIGURES as readonly string[]).includes(k)).map((k) => [
            k,
            z.int(),
          ]),
        ) as Record<Exclude<StatementLineKind, LedgerFigure>, z.ZodInt>,
      )
      .meta({ description: "How many orders each opening and closing balance is made of" }),
  })
  .meta({ id: "AparStatement" });

export const statementLineSchema = z
  .object({
    kind: z.enum(STATEMENT_LINE_KINDS),
    at: isoTime().meta({ description: "When it happened (a balance line: the instant of the balance)" }),
    amount: poisha("The line's amount"),
    document: z.string().meta({
      description: "INV-…, CN-…, the payment's transaction, the remittance, the refund, the returned parcel",
    }),
    orderId: z.int(),
    orderNumber: z.string(),
    invoiceId: z.int().nullable(),
    invoiceNumber: z.string().nullable(),
    detail: z.string().nullable().meta({ description: "The gateway, courier, reason or method" }),
  })
  .meta({ id: "StatementLine" });

export const statementLinePageSchema = pageOf(statementLineSchema).meta({ id: "StatementLinePage" });

export const statementLinesQuery = pageQuery.extend({
  kind: z.enum(STATEMENT_LINE_KINDS, { error: `kind must be one of ${STATEMENT_LINE_KINDS.join(", ")}` }),
});

export type LedgerBalances = z.infer<typeof ledgerBalancesSchema>;
export type OrderLedger = z.infer<typeof orderLedgerSchema>;
export type AparMonth = z.infer<typeof aparMonthSchema>;
export type AparMonths = z.infer<typeof aparMonthsSchema>;
export type AparStatement = z.infer<typeof aparStatementSchema>;
export type StatementLine = z.infer<typeof statementLineSchema>;
export type StatementLinesQuery = z.infer<typeof statementLinesQuery>;
