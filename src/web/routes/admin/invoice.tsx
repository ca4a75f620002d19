import { Link } from "react-router";
import { INVOICE_STATE_LABELS } from "../../../contracts/admin-invoices";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus, type OrderStatus } from "../../../contracts/order-status";
import { InvoiceDocument } from "../../components/orders/invoice-document";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { formatDhakaDate, formatDhakaDateTime } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoice";
import { loadAdminInvoice } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, loaderData ? `${loaderData.snapshot.number} · Invoices` : "Invoice") },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminInvoice(context, params.id);
}

const PAYMENT_KIND = {
  online: "Paid online",
  cod: "Cash collected on delivery",
  refund: "Refund paid",
} as const;

export default function InvoicePage({ loaderData: d }: Route.ComponentProps) {
  const r = d.row;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/invoice" className="text-sm text-brand-800 underline">
          ← Invoices
        </Link>
        <PageHeading title={`Invoice ${d.snapshot.number}`}>
          <p>
            {INVOICE_STATE_LABELS[r.state]} · order{" "}
            <Link to={`/admin/orders/${d.orderId}`} className="text-brand-800 underline">
              #{r.orderNumber}
            </Link>{" "}
            ({describeOrderStatus(d.orderStatus as OrderStatus)})
          </p>
        </PageHeading>
        <Link to={`/admin/invoice/${d.id}/print`} className={buttonClass("secondary")}>
          Print (A4)
        </Link>
      </div>

      <section aria-labelledby="money-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="money-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Money
        </h2>
        <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
          <dt>Total</dt>
          <dd className="text-right">{formatTaka(r.total)}</dd>
          <dt>Paid online</dt>
          <dd className="text-right">{formatTaka(r.paidOnline)}</dd>
          <dt>Cash collected</dt>
          <dd className="text-right">{formatTaka(r.cashCollected)}</dd>
          <dt>Credited</dt>
          <dd className="text-right">{formatTaka(r.credited)}</dd>
          <dt>Refunds paid</dt>
          <dd className="text-right">{formatTaka(r.refundsPaid)}</dd>
          <dt>Refunds owed</dt>
          <dd className="text-right">{formatTaka(d.refundsOwed)}</dd>
          <dt className="font-semibold">Due</dt>
          <dd className="text-right font-semibold">{formatTaka(r.due)}</dd>
        </dl>
        {d.payments.length ? (
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Payments</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="py-1 pr-2">
                  Date
                </th>
                <th scope="col" className="py-1 pr-2">
                  What
                </th>
                <th scope="col" className="py-1 pr-2">
                  Reference
                </th>
                <th scope="col" className="py-1 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {d.payments.map((p) => (
                <tr key={`${p.kind}-${p.at}-${p.reference}`} className="border-b border-slate-100 align-top">
                  <td className="py-1 pr-2 whitespace-nowrap">{formatDhakaDateTime(p.at)}</td>
                  <td className="py-1 pr-2">{PAYMENT_KIND[p.kind]}</td>
                  <td className="py-1 pr-2 break-all">{p.reference}</td>
                  <td className="py-1 text-right tabular-nums">{formatTaka(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      <section aria-labelledby="cn-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="cn-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Credit notes
        </h2>
        {d.creditNotes.length === 0 ? (
          <p className="text-sm text-slate-700">No credit note: the invoice stands as issued.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {d.creditNotes.map((n) => (
              <li key={n.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{n.number}</span> · {formatDhakaDate(n.issuedAt)} ·{" "}
                  {n.reason}
                </span>
                <span className="tabular-nums">−{formatTaka(n.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <InvoiceDocument
        snapshot={d.snapshot}
        issuedText={formatDhakaDate(d.snapshot.issuedAt)}
        placedText={formatDhakaDateTime(d.snapshot.order.placedAt)}
      />
    </div>
  );
}
