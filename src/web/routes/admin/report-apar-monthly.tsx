import { Link } from "react-router";
import { FIGURE_LABELS, LEDGER_FIGURES } from "../../../contracts/ledger";
import { AparCodSection } from "../../components/admin/apar-cod-section";
import { usePeriod } from "../../components/admin/report-parts";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/report-apar-monthly";
import { loadAparMonths } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Monthly payables and receivables") },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAparMonths(context);
}

const SHORT: Record<(typeof LEDGER_FIGURES)[number], string> = {
  invoiced: /*i18n*/ "Invoiced",
  credited: /*i18n*/ "Credit notes",
  collectedOnline: /*i18n*/ "Online",
  codCollected: /*i18n*/ "COD collected",
  codRemitted: /*i18n*/ "COD remitted",
  refundsPaid: /*i18n*/ "Refunds paid",
  returnCharges: /*i18n*/ "Return charges",
};

const cell = "px-2 py-2 text-right tabular-nums whitespace-nowrap";

export default function MonthlyPayablesAndReceivablesPage({ loaderData }: Route.ComponentProps) {
  const { months, outstanding, remittances, now } = loaderData;
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const period = usePeriod();
  return (
    <div className="space-y-10">
      <div>
        <PageHeading title={i18n._("Monthly payables and receivables")}>
          <p>
            {i18n._(
              "Each month opens where the last one closed: opening + invoiced − credit notes − collected online − COD remitted + refunds paid = closing. Months in Dhaka time.",
            )}
          </p>
        </PageHeading>
        {months.length === 0 ? (
          <p className="text-slate-700">{i18n._("No order yet.")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-sm">
              <caption className="sr-only">
                {i18n._("Months with their opening balance, figures and closing balance")}
              </caption>
              <thead>
                <tr className="border-b border-slate-300 text-left">
                  <th scope="col" className="px-2 py-2">
                    {i18n._("Month")}
                  </th>
                  <th scope="col" className={cell}>
                    {i18n._("Opening")}
                  </th>
                  {LEDGER_FIGURES.map((f) => (
                    <th key={f} scope="col" className={cell} title={i18n._(FIGURE_LABELS[f])}>
                      {i18n._(SHORT[f])}
                    </th>
                  ))}
                  <th scope="col" className={cell}>
                    {i18n._("Closing")}
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
                        {period.month(m.month)}
                      </Link>
                    </th>
                    <td className={cell}>{taka(m.opening)}</td>
                    {LEDGER_FIGURES.map((f) => (
                      <td key={f} className={cell}>
                        {taka(m[f])}
                      </td>
                    ))}
                    <td className={`${cell} font-semibold`}>{taka(m.closing)}</td>
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
