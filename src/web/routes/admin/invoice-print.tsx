import { Link } from "react-router";
import { creditNotesVat } from "../../../contracts/vat";
import { InvoiceCreditNote } from "../../components/orders/invoice-credit-note";
import { InvoiceDocument } from "../../components/orders/invoice-document";
import { Button } from "../../components/ui/button";
import { translate, useFormat, useLingui } from "../../i18n";
import { pageLocale, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoice-print";
import { loadAdminInvoice } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: loaderData
      ? `${translate(pageLocale(matches), /*i18n*/ "{number} (print)", { number: loaderData.snapshot.number })} | ${pageTitle(matches)}`
      : pageTitle(matches, /*i18n*/ "Invoice"),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminInvoice(context, params.id);
}

// A4 with even margins; only the documents are printed, each credit note on its own page.
const PRINT_CSS = `@page { size: A4; margin: 14mm 12mm; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  [data-toaster] { display: none !important; }
  thead { display: table-header-group; }
  tr, td, th { break-inside: avoid; page-break-inside: avoid; }
}`;

export default function InvoicePrintPage({ loaderData: d }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { date, dateTime } = useFormat();
  const notesVat = d.snapshot.vat
    ? creditNotesVat(
        d.snapshot.vat.total,
        d.snapshot.total,
        d.creditNotes.map((n) => n.amount),
      )
    : [];
  return (
    <div className="mx-auto max-w-4xl p-4 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/admin/invoice/${d.id}`} className="font-semibold text-brand-800 underline">
          ← {i18n._("Invoice {number}", { number: d.snapshot.number })}
        </Link>
        <Button onClick={() => window.print()}>{i18n._("Print")}</Button>
      </div>
      <InvoiceDocument
        snapshot={d.snapshot}
        issuedText={date(d.snapshot.issuedAt)}
        placedText={dateTime(d.snapshot.order.placedAt)}
      />
      {d.creditNotes.map((n, i) => (
        <InvoiceCreditNote key={n.id} note={n} invoice={d.snapshot} vat={notesVat[i]} />
      ))}
    </div>
  );
}
