import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { creditNotesVat } from "../../../contracts/vat";
import { InvoiceCreditNote } from "../../components/orders/invoice-credit-note";
import { InvoiceDocument } from "../../components/orders/invoice-document";
import { Button } from "../../components/ui/button";
import { translate, useFormat, useLingui } from "../../i18n";
import { routeMiddleware } from "../../lib/guards.server";
import { pageLocale } from "../../lib/meta";
import type { Route } from "./+types/invoice";
import { loadInvoice } from "./invoice.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), /*i18n*/ "Invoice") },
  { name: "description", content: translate(pageLocale(matches), /*i18n*/ "View your order invoice") },
  { name: "robots", content: "noindex" },
];

/** A signed-out visitor signs in and comes back; the invoice is then shown to its buyer or staff. */
export const middleware: Route.MiddlewareFunction[] = routeMiddleware("auth");

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadInvoice(context, params.id);
}

// A4 with even margins; only the invoice is printed (no toolbar, no notifications), each credit
// note on a page of its own.
const PRINT_CSS = `@page { size: A4; margin: 14mm 12mm; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  [data-toaster] { display: none !important; }
  thead { display: table-header-group; }
  tr, td, th { break-inside: avoid; page-break-inside: avoid; }
}`;

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { date, dateTime } = useFormat();
  const { snapshot, creditNotes } = loaderData;
  const notesVat = snapshot.vat
    ? creditNotesVat(
        snapshot.vat.total,
        snapshot.total,
        creditNotes.map((n) => n.amount),
      )
    : [];
  return (
    <div>
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link
          to={`/orders/${loaderData.orderId}`}
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {i18n._("Order #{number}", { number: snapshot.order.number })}
        </Link>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          {i18n._("Print")}
        </Button>
      </div>
      <InvoiceDocument
        snapshot={snapshot}
        issuedText={date(snapshot.issuedAt)}
        placedText={dateTime(snapshot.order.placedAt)}
      />
      {creditNotes.map((n, i) => (
        <InvoiceCreditNote key={n.id} note={n} invoice={snapshot} vat={notesVat[i]} />
      ))}
    </div>
  );
}
