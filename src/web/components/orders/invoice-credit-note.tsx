import type { CreditNoteLine } from "../../../contracts/admin-invoices";
import type { InvoiceSnapshot } from "../../../contracts/invoice";
import { useFormat, useLingui } from "../../i18n";
import { ShopFields } from "./invoice-document";

/**
 * A credit note as its own printed page: the shop's legal details as on the invoice, the invoice it
 * corrects (which is never changed), the buyer, the amount credited and why. A tax invoice's credit
 * note is a Mushak-6.7 and says the VAT it takes back (`vat`, from `creditNotesVat`). Starts a new
 * page when printed.
 */
export function InvoiceCreditNote({
  note,
  invoice,
  vat,
}: {
  note: CreditNoteLine;
  invoice: InvoiceSnapshot;
  /** The VAT this note takes back, when the invoice is a tax invoice. */
  vat?: number;
}) {
  const { i18n } = useLingui();
  const { taka, date } = useFormat();
  return (
    <article
      aria-labelledby={`cn-${note.id}`}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 sm:p-8 print:mt-0 print:break-before-page print:rounded-none print:border-0 print:p-0 print:text-black"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4">
        <div>
          <p className="text-2xl font-bold tracking-tight text-brand-800 print:text-black">
            {invoice.shop.name}
          </p>
          <ShopFields shop={invoice.shop} />
        </div>
        <div className="text-left sm:text-right">
          <h2 id={`cn-${note.id}`} className="text-2xl font-bold tracking-wide uppercase">
            {i18n._("Credit note")}
          </h2>
          {invoice.vat ? <p className="text-sm font-semibold">{i18n._("Credit note · Mushak-6.7")}</p> : null}
          <p className="font-semibold tabular-nums">{note.number}</p>
          <p className="text-sm text-slate-700 print:text-black">
            {i18n._("Issued {date}", { date: date(note.issuedAt) })}
          </p>
        </div>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 py-4 text-sm">
        <dt className="text-slate-600 print:text-black">{i18n._("Credits invoice")}</dt>
        <dd className="font-semibold">
          {i18n._("{invoice} of {date} ({amount})", {
            invoice: invoice.number,
            date: date(invoice.issuedAt),
            amount: taka(invoice.total),
          })}
        </dd>
        <dt className="text-slate-600 print:text-black">{i18n._("Order")}</dt>
        <dd>#{invoice.order.number}</dd>
        <dt className="text-slate-600 print:text-black">{i18n._("Buyer")}</dt>
        <dd>
          {invoice.buyer.name}, {invoice.buyer.phone}
        </dd>
        <dt className="text-slate-600 print:text-black">{i18n._("Reason")}</dt>
        <dd className="break-words">{note.reason}</dd>
      </dl>
      <p className="flex justify-between border-t-2 border-slate-900 pt-2 text-base font-bold">
        <span>{i18n._("Amount credited")}</span>
        <span className="tabular-nums">{taka(note.amount)}</span>
      </p>
      {invoice.vat && vat !== undefined ? (
        <p className="flex justify-between pt-1 text-sm" data-testid="credit-note-vat">
          <span>{i18n._("VAT taken back (included in the credit)")}</span>
          <span className="tabular-nums">{taka(vat)}</span>
        </p>
      ) : null}
    </article>
  );
}
