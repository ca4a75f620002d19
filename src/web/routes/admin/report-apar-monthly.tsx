import { Link } from "react-router";
import { FIGURE_LABELS, LEDGER_FIGURES, monthLabel } from "../../../contracts/ledger";
import { formatTaka } from "../../../contracts/money";
import { AparCodSection } from "../../components/admin/apar-cod-section";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report-apar-monthly";
import { loadAparMonths } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Monthly payables and receivables") },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAparMonths(context);
}

const SHORT: Record<(typeof LEDGER_FIGURES)[number], string> = {
  invoiced: "Invoiced",
  credited: "Credit notes",
  collectedOnline: "Online",
  codCollected: "COD collected",
  codRemitted: "COD remitted",
  refundsPaid: "Refunds paid",
};

const cell = "px-2 py-2 text-right tabular-nums whitespace-nowrap";

export default function MonthlyPayablesAndReceivablesPage({ loaderData }: Route.ComponentProps) {
  const { months, outstanding, remittances, now } = loaderData;
  return (
    <div className="space-y-10">
      <div>
        <PageHeading title="Monthly payables and receivables">
          <p>
            Each month opens where the last one closed: opening + invoiced − credit notes − collected online −
            COD remitted + refunds paid = closing. Months in Dhaka time.
          </p>
        </PageHeading>
        {months.length === 0 ? (
          <p className="text-slate-700">No order yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-sm">
              <caption className="sr-only">
                Months with their opening balance, figures and closing balance
              </caption>
              <thead>
                <tr className="border-b border-slate-300 text-left">
                  <th scope="col" className="px-2 py-2">
                    Month
                  </th>
                  <th scope="col" className={cell}>
                    Opening
                  </th>
                  {LEDGER_FIGURES.map((f) => (
                    <th key={f} scope="col" className={cell} title={FIGURE_LABELS[f]}>
                      {SHORT[f]}
                    </th>
                  ))}
                  <th scope="col" className={cell}>
                    Closing
                  </th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month} className="border-b border-slate-100">
                    <th scope="row" className="px-2 py-2 text-left whitespace-nowrap">
                      <Link
                        to={`/admin/invoice/apar-monthly/${m.month}`}
                        className="font-medium text-brand-800 underline"
                      >
                        {monthLabel(m.month)}
                      </Link>
                    </th>
                    <td className={cell}>{formatTaka(m.opening)}</td>
                    {LEDGER_FIGURES.map((f) => (
                      <td key={f} className={cell}>
                        {formatTaka(m[f])}
                      </td>
                    ))}
                    <td className={`${cell} font-semibold`}>{formatTaka(m.closing)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <AparCodSection outstanding={outstanding} remittances={remittances.items} now={now} />
    </div>
  );
}
