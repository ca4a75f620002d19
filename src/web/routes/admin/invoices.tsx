import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import {
  type AdminInvoiceRow,
  INVOICE_STATE_LABELS,
  INVOICE_STATES,
} from "../../../contracts/admin-invoices";
import { DataTable, FilterSelect } from "../../components/admin/data-table";
import { InvoiceDayFilter } from "../../components/admin/invoice-filters";
import { PageHeading } from "../../components/page-heading";
import { type useFormat as UseFormat, useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoices";
import { loadInvoices } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Invoices") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInvoices(context, request);
}

const STATE_STYLE: Record<AdminInvoiceRow["state"], string> = {
  paid: "bg-emerald-100 text-emerald-900",
  due: "bg-amber-100 text-amber-900",
  credited: "bg-slate-200 text-slate-900",
};

type Translate = (id: string) => string;

const col = createColumnHelper<AdminInvoiceRow>();
const invoiceColumns = (t: Translate, f: ReturnType<typeof UseFormat>) => {
  const money = (v: number) => <span className="whitespace-nowrap tabular-nums">{f.taka(v)}</span>;
  return [
    col.accessor("number", {
      header: /*i18n*/ "Invoice",
      meta: { sort: "number", cardTitle: true },
      cell: ({ row }) => (
        <Link
          to={`/admin/invoice/${row.original.id}`}
          className="font-medium whitespace-nowrap text-brand-800 underline"
        >
          {row.original.number}
        </Link>
      ),
    }),
    col.accessor("issuedAt", {
      header: /*i18n*/ "Date",
      meta: { sort: "issuedAt" },
      cell: ({ getValue }) => <span className="whitespace-nowrap">{f.date(getValue())}</span>,
    }),
    col.accessor("buyerName", {
      header: /*i18n*/ "Buyer",
      cell: ({ row }) => (
        <span>
          {row.original.buyerName}
          <span className="block text-xs text-slate-600">
            {row.original.buyerPhone} · #{row.original.orderNumber}
          </span>
        </span>
      ),
    }),
    col.accessor("total", {
      header: /*i18n*/ "Total",
      meta: { sort: "total", numeric: true },
      cell: ({ getValue }) => money(getValue()),
    }),
    col.accessor("paidOnline", {
      header: /*i18n*/ "Paid online",
      meta: { numeric: true },
      cell: ({ getValue }) => money(getValue()),
    }),
    col.accessor("cashCollected", {
      header: /*i18n*/ "Cash collected",
      meta: { numeric: true },
      cell: ({ getValue }) => money(getValue()),
    }),
    col.accessor("credited", {
      header: /*i18n*/ "Credited",
      meta: { numeric: true },
      cell: ({ getValue }) => money(getValue()),
    }),
    col.accessor("due", {
      header: /*i18n*/ "Due",
      meta: { numeric: true },
      cell: ({ getValue }) => money(getValue()),
    }),
    col.accessor("state", {
      header: /*i18n*/ "State",
      cell: ({ getValue }) => (
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[getValue()]}`}>
          {t(INVOICE_STATE_LABELS[getValue()])}
        </span>
      ),
    }),
  ];
};

const METHODS = [
  { value: "gateway", label: /*i18n*/ "Paid online" },
  { value: "cod", label: /*i18n*/ "Cash on delivery" },
];

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  const { i18n } = useLingui();
  const format = useFormat();
  const t: Translate = (id) => i18n._(id);
  const columns = invoiceColumns(t, format);
  const methods = METHODS.map((m) => ({ value: m.value, label: t(m.label) }));
  const states = INVOICE_STATES.map((s) => ({ value: s, label: t(INVOICE_STATE_LABELS[s]) }));
  return (
    <div>
      <PageHeading title={i18n._("Invoices")}>
        <p>
          {i18n._("{count} invoices", { count: format.number(page.total) })} ·{" "}
          <Link to="/admin/report/apar-monthly" className="text-brand-800 underline">
            {i18n._("Monthly accounts")}
          </Link>
        </p>
      </PageHeading>
      <DataTable
        label={i18n._("Invoices")}
        columns={columns}
        page={page}
        sort={query?.sort ?? "-issuedAt"}
        getRowId={(r) => r.id}
        searchLabel={i18n._("Search invoice or order number, buyer name or phone")}
        filters={
          <>
            <InvoiceDayFilter name="from" label={i18n._("From")} />
            <InvoiceDayFilter name="to" label={i18n._("To")} />
            <FilterSelect name="paymentMethod" label={i18n._("Payment")} options={methods} />
            <FilterSelect name="state" label={i18n._("State")} options={states} />
          </>
        }
        emptyMessage={
          query?.q
            ? i18n._("No invoice matches “{q}”.", { q: query.q })
            : i18n._("No invoice matches this view.")
        }
        error={error}
      />
    </div>
  );
}
