import { Link } from "react-router";
import type { AdminPage } from "../../../contracts/admin";
import type { StatementLine, StatementLineKind } from "../../../contracts/ledger";
import { useFormat, useLingui } from "../../i18n";

/** The lines behind one figure of the statement, a hundred at a time, with their sum. */
export function AparStatementLines({
  kind,
  lines,
}: {
  kind: StatementLineKind;
  lines: AdminPage<StatementLine>;
}) {
  const pages = Math.max(1, Math.ceil(lines.total / lines.limit));
  const pageSum = lines.items.reduce((s, l) => s + l.amount, 0);
  const { i18n } = useLingui();
  const { taka, number, dateTime } = useFormat();
  return (
    <div className="rounded-md bg-slate-50 p-2">
      {lines.items.length === 0 ? (
        <p className="p-2 text-sm text-slate-700">{i18n._("No line.")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {lines.items.map((l) => (
            <li
              key={`${l.document}-${l.orderId}-${l.at}`}
              className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5"
            >
              <span className="min-w-0">
                <span className="font-medium break-all">{l.document}</span>
                <span className="block text-xs text-slate-600">
                  {dateTime(l.at)} · {i18n._("order")}{" "}
                  <Link to={`/admin/orders/${l.orderId}`} className="underline">
                    #{l.orderNumber}
                  </Link>
                  {l.invoiceId ? (
                    <>
                      {" "}
                      ·{" "}
                      <Link to={`/admin/invoice/${l.invoiceId}`} className="underline">
                        {l.invoiceNumber}
                      </Link>
                    </>
                  ) : null}
                  {l.detail ? ` · ${l.detail}` : ""}
                </span>
              </span>
              <span className="tabular-nums">{taka(l.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700 print:hidden">
        <span>
          {lines.total === 1 ? i18n._("1 line") : i18n._("{count} lines", { count: number(lines.total) })}
          {pages > 1 ? i18n._("; this page sums to {amount}", { amount: taka(pageSum) }) : ""}
        </span>
        {pages > 1 ? (
          <span className="flex gap-3">
            {lines.page > 1 ? (
              <Link to={`?open=${kind}&page=${lines.page - 1}`} preventScrollReset className="underline">
                {i18n._("Previous")}
              </Link>
            ) : null}
            <span>
              {i18n._("Page {page} of {pages}", { page: number(lines.page), pages: number(pages) })}
            </span>
            {lines.page < pages ? (
              <Link to={`?open=${kind}&page=${lines.page + 1}`} preventScrollReset className="underline">
                {i18n._("Next")}
              </Link>
            ) : null}
          </span>
        ) : null}
      </div>
    </div>
  );
}
