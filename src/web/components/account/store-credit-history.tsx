import type { StoreCreditView } from "../../../contracts/store-credit";
import { translateIfKnown, useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

/**
 * A customer's store credit: the balance, then each entry newest first with what it added or took
 * and the balance after it (decision 71). The buyer's profile and the staff user page both show it.
 */
export function StoreCreditHistory({ credit }: { credit: StoreCreditView }) {
  const { i18n } = useLingui();
  const { taka, date } = useFormat();
  return (
    <div>
      <p className="text-3xl font-bold text-slate-900 tabular-nums" data-testid="store-credit-balance">
        {taka(credit.balance)}
      </p>
      {credit.entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{i18n._("No store credit yet.")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
          {credit.entries.map((e) => (
            <li key={e.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{translateIfKnown(i18n, e.text)}</p>
                <p className="text-slate-600">
                  <time dateTime={e.at}>{date(e.at)}</time>
                  {e.orderNumber ? ` · ${i18n._("Order {number}", { number: e.orderNumber })}` : null}
                  {e.kind === "adjustment" && e.note ? ` · ${e.note}` : null}
                </p>
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <p className={cn("font-semibold", e.amount > 0 ? "text-emerald-800" : "text-slate-900")}>
                  {e.amount > 0 ? "+" : "−"}
                  {taka(Math.abs(e.amount))}
                </p>
                <p className="text-xs text-slate-600">
                  {i18n._("Balance {amount}", { amount: taka(e.balance) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
