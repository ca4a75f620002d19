import { Link } from "react-router";
import { INVOICE_STATE_LABELS } from "../../../contracts/admin-invoices";
import { describeOrderStatus, type OrderStatus } from "../../../contracts/order-status";
import { InvoiceDocument } from "../../components/orders/invoice-document";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { translate, useFormat, useLingui } from "../../i18n";
import { pageLocale, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoice";
import { loadAdminInvoice } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: loaderData
      ? `${translate(pageLocale(matches), /*i18n*/ "{number} · Invoices", { number: loaderData.snapshot.number })} | ${pageTitle(matches)}`
      : pageTitle(matches, /*i18n*/ "Invoice"),
  },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminInvoice(context, params.id);
}

const PAYMENT_KIND = {
  online: /*i18n*/ "Paid online",
  cod: /*i18n*/ "Cash collected on delivery",
  refund: /*i18n*/ "Refund paid",
} as const;

export default function InvoicePage({ loaderData: d }: Route.ComponentProps) {
  const r = d.row;
  const { i18n } = useLingui();
  const { taka, date, dateTime } = useFormat();
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/invoice" className="text-sm text-brand-800 underline">
          ← {i18n._("Invoices")}
        </Link>
        <PageHeading title={i18n._("Invoice {number}", { number: d.snapshot.number })}>
          <p>
            {i18n._(INVOICE_STATE_LABELS[r.state])} · {i18n._("order")}{" "}
            <Link to={`/admin/orders/${d.orderId}`} className="text-brand-800 underline">
              #{r.orderNumber}
            </Link>{" "}
            ({i18n._(describeOrderStatus(d.orderStatus as OrderStatus))})
          </p>
        </PageHeading>
        <Link to={`/admin/invoice/${d.id}/print`} className={buttonClass("secondary")}>
          {i18n._("Print (A4)")}
        </Link>
      </div>

      <section aria-labelledby="money-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="money-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {i18n._("Money")}
        </h2>
        <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
          <dt>{i18n._("Total")}</dt>
          <dd className="text-right">{taka(r.total)}</dd>
          <dt>{i18n._("Paid online")}</dt>
          <dd className="text-right">{taka(r.paidOnline)}</dd>
          <dt>{i18n._("Cash collected")}</dt>
          <dd className="text-right">{taka(r.cashCollected)}</dd>
          <dt>{i18n._("Credited")}</dt>
          <dd className="text-right">{taka(r.credited)}</dd>
          <dt>{i18n._("Refunds paid")}</dt>
          <dd className="text-right">{taka(r.refundsPaid)}</dd>
          <dt>{i18n._("Refunds owed")}</dt>
          <dd className="text-right">{taka(d.refundsOwed)}</dd>
          <dt className="font-semibold">{i18n._("Due")}</dt>
          <dd className="text-right font-semibold">{taka(r.due)}</dd>
        </dl>
        {d.payments.length ? (
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">{i18n._("Payments")}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="py-1 pr-2">
                  {i18n._("Date")}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {i18n._("What")}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {i18n._("Reference")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {i18n._("Amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.payments.map((p) => (
                <tr key={`${p.kind}-${p.at}-${p.reference}`} className="border-b border-slate-100 align-top">
                  <td className="py-1 pr-2 whitespace-nowrap">{dateTime(p.at)}</td>
                  <td className="py-1 pr-2">{i18n._(PAYMENT_KIND[p.kind])}</td>
                  <td className="py-1 pr-2 break-all">{p.reference}</td>
                  <td className="py-1 text-right tabular-nums">{taka(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      <section aria-labelledby="cn-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="cn-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {i18n._("Credit notes")}
        </h2>
        {d.creditNotes.length === 0 ? (
          <p className="text-sm text-slate-700">{i18n._("No credit note: the invoice stands as issued.")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {d.creditNotes.map((n) => (
              <li key={n.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{n.number}</span> · {date(n.issuedAt)} · {n.reason}
                </span>
                <span className="tabular-nums">−{taka(n.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <InvoiceDocument
        snapshot={d.snapshot}
        issuedText={date(d.snapshot.issuedAt)}
        placedText={dateTime(d.snapshot.order.placedAt)}
      />
    </div>
  );
}
