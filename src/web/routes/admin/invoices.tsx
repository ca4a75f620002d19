import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import {
  type AdminInvoiceRow,
  INVOICE_STATE_LABELS,
  INVOICE_STATES,
} from "../../../contracts/admin-invoices";
import { formatTaka } from "../../../contracts/money";
import { DataTable, FilterSelect } from "../../components/admin/data-table";
import { InvoiceDayFilter } from "../../components/admin/invoice-filters";
import { PageHeading } from "../../components/page-heading";
import { formatDhakaDate } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/invoices";
import { loadInvoices } from "./invoices.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Invoices") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInvoices(context, request);
}

const STATE_STYLE: Record<AdminInvoiceRow["state"], string> = {
  paid: "bg-emerald-100 text-emerald-900",
  due: "bg-amber-100 text-amber-900",
  credited: "bg-slate-200 text-slate-900",
};

const money = (v: number) => <span className="whitespace-nowrap tabular-nums">{formatTaka(v)}</span>;

const col = createColumnHelper<AdminInvoiceRow>();
const columns = [
  col.accessor("number", {
    header: "Invoice",
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
    header: "Date",
    meta: { sort: "issuedAt" },
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDhakaDate(getValue())}</span>,
  }),
  col.accessor("buyerName", {
    header: "Buyer",
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
    header: "Total",
    meta: { sort: "total", numeric: true },
    cell: ({ getValue }) => money(getValue()),
  }),
  col.accessor("paidOnline", {
    header: "Paid online",
    meta: { numeric: true },
    cell: ({ getValue }) => money(getValue()),
  }),
  col.accessor("cashCollected", {
    header: "Cash collected",
    meta: { numeric: true },
    cell: ({ getValue }) => money(getValue()),
  }),
  col.accessor("credited", {
    header: "Credited",
    meta: { numeric: true },
    cell: ({ getValue }) => money(getValue()),
  }),
  col.accessor("due", { header: "Due", meta: { numeric: true }, cell: ({ getValue }) => money(getValue()) }),
  col.accessor("state", {
    header: "State",
    cell: ({ getValue }) => (
      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[getValue()]}`}>
        {INVOICE_STATE_LABELS[getValue()]}
      </span>
    ),
  }),
];

const METHODS = [
  { value: "gateway", label: "Paid online" },
  { value: "cod", label: "Cash on delivery" },
];
const STATES = INVOICE_STATES.map((s) => ({ value: s, label: INVOICE_STATE_LABELS[s] }));

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="Invoices">
        <p>
          {page.total.toLocaleString("en-US")} invoices ·{" "}
          <Link to="/admin/report/apar-monthly" className="text-brand-800 underline">
            Monthly accounts
          </Link>
        </p>
      </PageHeading>
      <DataTable
        label="Invoices"
        columns={columns}
        page={page}
        sort={query?.sort ?? "-issuedAt"}
        getRowId={(r) => r.id}
        searchLabel="Search invoice or order number, buyer name or phone"
        filters={
          <>
            <InvoiceDayFilter name="from" label="From" />
            <InvoiceDayFilter name="to" label="To" />
            <FilterSelect name="paymentMethod" label="Payment" options={METHODS} />
            <FilterSelect name="state" label="State" options={STATES} />
          </>
        }
        emptyMessage={query?.q ? `No invoice matches “${query.q}”.` : "No invoice matches this view."}
        error={error}
      />
    </div>
  );
}
