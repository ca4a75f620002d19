import { Link } from "react-router";
import {
  BALANCE_LABELS,
  balanceLineKind,
  FIGURE_LABELS,
  FIGURE_SIGNS,
  LEDGER_BALANCES,
  type LedgerBalances,
  monthLabel,
  nextMonth,
  type StatementLineKind,
} from "../../../contracts/ledger";
import { AparStatementLines } from "../../components/admin/apar-statement-lines";
import { usePeriod } from "../../components/admin/report-parts";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { translate, useFormat, useLingui } from "../../i18n";
import { pageLocale, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoice-apar-monthly";
import { loadStatement } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: loaderData
      ? `${translate(pageLocale(matches), /*i18n*/ "Accounts, {month}", { month: monthLabel(loaderData.statement.month) })} | ${pageTitle(matches)}`
      : pageTitle(matches, /*i18n*/ "Monthly payables and receivables"),
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadStatement(context, request, params.month);
}

const PRINT_CSS = `@page { size: A4; margin: 14mm 12mm; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  header, nav, aside, [data-toaster] { display: none !important; }
  main { margin: 0 !important; padding: 0 !important; }
  tr, li { break-inside: avoid; }
}`;

const previousMonth = (m: string) => {
  const [y, mm] = m.split("-").map(Number) as [number, number];
  return mm === 1 ? `${y - 1}-12` : `${y}-${String(mm - 1).padStart(2, "0")}`;
};

export default function StatementPage({ loaderData }: Route.ComponentProps) {
  const { statement: s, open, lines } = loaderData;
  const { i18n } = useLingui();
  const { taka, number, date } = useFormat();
  const period = usePeriod();
  const row = (
    kind: StatementLineKind,
    label: string,
    amount: number,
    count: number,
    sign: string,
    strong = false,
  ) => {
    const isOpen = open === kind;
    return (
      <li key={kind} className="py-2">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <span className={strong ? "font-semibold" : undefined}>
            {label}{" "}
            <Link
              to={isOpen ? "?" : `?open=${kind}`}
              preventScrollReset
              aria-expanded={isOpen}
              className="text-sm text-brand-800 underline print:hidden"
            >
              {isOpen
                ? i18n._("Hide lines")
                : count === 1
                  ? i18n._("1 line")
                  : i18n._("{count} lines", { count: number(count) })}
            </Link>
          </span>
          <span className={`tabular-nums ${strong ? "font-semibold" : ""}`}>
            {sign}
            {taka(amount)}
          </span>
        </div>
        {isOpen && lines ? (
          <div className="mt-2">
            <AparStatementLines kind={kind} lines={lines} />
          </div>
        ) : null}
      </li>
    );
  };
  const balances = (edge: "opening" | "closing", b: LedgerBalances, at: string) => (
    <section aria-labelledby={`${edge}-heading`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${edge}-heading`} className="flex justify-between gap-4 text-lg font-semibold text-slate-900">
        <span>
          {edge === "opening" ? i18n._("Opening balance") : i18n._("Closing balance")}{" "}
          <span className="text-sm font-normal text-slate-600">
            {i18n._("at {date}, 00:00", { date: date(at) })}
          </span>
        </span>
        <span className="tabular-nums">{taka(b.net)}</span>
      </h2>
      <ul className="divide-y divide-slate-100">
        {LEDGER_BALANCES.map((k) =>
          row(
            balanceLineKind(edge, k),
            i18n._(BALANCE_LABELS[k]),
            b[k],
            s.balanceCounts[balanceLineKind(edge, k) as keyof typeof s.balanceCounts],
            k === "refundsOwed" ? "−" : "",
          ),
        )}
      </ul>
    </section>
  );
  const movementNet = s.figures.reduce((t, f) => t + FIGURE_SIGNS[f.key].net * f.total, 0);
  return (
    <div className="space-y-6">
      <style>{PRINT_CSS}</style>
      <div>
        <Link to="/admin/report/apar-monthly" className="text-sm text-brand-800 underline print:hidden">
          ← {i18n._("All months")}
        </Link>
        <PageHeading title={i18n._("Accounts statement: {month}", { month: period.month(s.month) })}>
          <p>
            {i18n._(
              "Payables and receivables of the month, Dhaka time. Every figure lists the lines it is the sum of.",
            )}
          </p>
        </PageHeading>
        <div className="flex flex-wrap gap-2 print:hidden">
          <a href={`/api/admin/apar/${s.month}/lines.csv`} download className={buttonClass("secondary")}>
            {i18n._("Download CSV")}
          </a>
          <Button variant="secondary" onClick={() => window.print()}>
            {i18n._("Print")}
          </Button>
          <Link to={`/admin/invoice/apar-monthly/${previousMonth(s.month)}`} className={buttonClass("ghost")}>
            ← {period.month(previousMonth(s.month))}
          </Link>
          <Link to={`/admin/invoice/apar-monthly/${nextMonth(s.month)}`} className={buttonClass("ghost")}>
            {period.month(nextMonth(s.month))} →
          </Link>
        </div>
      </div>

      {balances("opening", s.opening, s.from)}

      <section
        aria-labelledby="movements-heading"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2
          id="movements-heading"
          className="flex justify-between gap-4 text-lg font-semibold text-slate-900"
        >
          <span>{i18n._("The month")}</span>
          <span className="tabular-nums">
            {movementNet >= 0 ? "+" : "−"}
            {taka(Math.abs(movementNet))}
          </span>
        </h2>
        <ul className="divide-y divide-slate-100">
          {s.figures.map((f) => {
            const sign = FIGURE_SIGNS[f.key].net;
            const words = i18n._(FIGURE_LABELS[f.key]);
            const label =
              f.key === "returnCharges"
                ? i18n._("{figure} (the shop's cost; moves no balance)", { figure: words })
                : sign === 0
                  ? i18n._("{figure} (moves cash from buyers to couriers)", { figure: words })
                  : words;
            return row(f.key, label, f.total, f.count, sign > 0 ? "+" : sign < 0 ? "−" : "");
          })}
        </ul>
      </section>

      {balances("closing", s.closing, s.to)}

      <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        {i18n._(
          "{opening} opening {sign} {movement} in the month = {sum}; closing {closing} = {receivable} receivable + {withCouriers} with couriers − {refundsOwed} refunds owed.",
          {
            opening: taka(s.opening.net),
            sign: movementNet >= 0 ? "+" : "−",
            movement: taka(Math.abs(movementNet)),
            sum: taka(s.opening.net + movementNet),
            closing: taka(s.closing.net),
            receivable: taka(s.closing.receivable),
            withCouriers: taka(s.closing.withCouriers),
            refundsOwed: taka(s.closing.refundsOwed),
          },
        )}
      </p>
    </div>
  );
}
