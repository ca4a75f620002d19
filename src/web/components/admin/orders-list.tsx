import { createColumnHelper } from "@tanstack/react-table";
import { type ReactNode, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import type { AdminPage } from "../../../contracts/admin";
import {
  type AdminOrder,
  ORDER_SEARCH_LABEL,
  type OrderBulkResult,
  PAYMENT_STATE_LABELS,
  type PaymentState,
} from "../../../contracts/admin-orders";
import { DISTRICT_NAMES } from "../../../contracts/districts";
import { STAFF_TRANSITIONS } from "../../../contracts/fulfilment";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus, ORDER_STATUSES, type OrderStatus } from "../../../contracts/order-status";
import { cn } from "../../lib/cn";
import { formatDhakaDate, formatDhakaTime } from "../../lib/dates";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { type BulkAction, DataTable, FilterSelect } from "./data-table";
import { useListParams } from "./list-params";
import { useMutation } from "./mutation";

const STATUS_TONE: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  payment_failed: "bg-red-100 text-red-900",
  confirmed: "bg-sky-100 text-sky-900",
  processing: "bg-indigo-100 text-indigo-900",
  shipped: "bg-violet-100 text-violet-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-200 text-slate-800",
  refunded: "bg-slate-200 text-slate-800",
};

const PAYMENT_TONE: Record<PaymentState, string> = {
  unpaid: "text-amber-900",
  paid: "text-emerald-800",
  refund_owed: "font-semibold text-red-800",
  refunded: "text-slate-700",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={cn("rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap", STATUS_TONE[status])}>
      {describeOrderStatus(status)}
    </span>
  );
}

const col = createColumnHelper<AdminOrder>();

function orderColumns(linkOrders: boolean) {
  return [
    col.accessor("number", {
      header: "Order",
      meta: { cardTitle: true },
      cell: ({ row }) =>
        linkOrders ? (
          <Link to={`/admin/orders/${row.original.id}`} className="font-medium text-brand-800 underline">
            #{row.original.number}
          </Link>
        ) : (
          <span className="font-medium">#{row.original.number}</span>
        ),
    }),
    col.accessor("createdAt", {
      header: "Placed",
      meta: { sort: "createdAt" },
      cell: ({ getValue }) => (
        <span className="whitespace-nowrap">
          {formatDhakaDate(getValue())}
          <span className="block text-xs text-slate-600">{formatDhakaTime(getValue())}</span>
        </span>
      ),
    }),
    col.accessor("name", {
      header: "Buyer",
      cell: ({ row }) => (
        <span>
          {row.original.name}
          <span className="block text-xs whitespace-nowrap text-slate-600">{row.original.phone}</span>
        </span>
      ),
    }),
    col.accessor("district", { header: "District" }),
    col.accessor("items", {
      header: "Items",
      cell: ({ getValue }) => <span className="line-clamp-2 max-w-64">{getValue()}</span>,
    }),
    col.accessor("total", {
      header: "Total",
      meta: { sort: "total", numeric: true },
      cell: ({ getValue }) => <span className="whitespace-nowrap">{formatTaka(getValue())}</span>,
    }),
    col.accessor("paymentState", {
      header: "Payment",
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.paymentMethod === "cod" ? "Cash on delivery" : "Online"}
          <span className={cn("block text-xs", PAYMENT_TONE[row.original.paymentState])}>
            {PAYMENT_STATE_LABELS[row.original.paymentState]}
          </span>
        </span>
      ),
    }),
    col.accessor("status", {
      header: "Status",
      cell: ({ getValue }) => <OrderStatusBadge status={getValue()} />,
    }),
    col.accessor("codCheck", {
      header: "Phone check",
      cell: ({ row }) =>
        row.original.paymentMethod !== "cod" ? (
          <span className="text-slate-500">—</span>
        ) : row.original.codCheck === "confirmed" ? (
          <span className="text-emerald-800">Confirmed</span>
        ) : row.original.codCheck === "unreachable" ? (
          <span className="text-red-800">Unreachable</span>
        ) : (
          <span className="text-slate-600">Not called</span>
        ),
    }),
    col.accessor("consignment", {
      header: "Consignment",
      cell: ({ row }) =>
        row.original.consignment ? (
          <span className="break-all">{row.original.consignment}</span>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    }),
  ];
}

const option = (value: string, label: string) => ({ value, label });
const STATUS_OPTIONS = ORDER_STATUSES.map((s) => option(s, describeOrderStatus(s)));
const PAYMENT_OPTIONS = (Object.keys(PAYMENT_STATE_LABELS) as PaymentState[]).map((s) =>
  option(s, PAYMENT_STATE_LABELS[s]),
);
const METHOD_OPTIONS = [option("cod", "Cash on delivery"), option("gateway", "Online")];
const PHYSICAL_OPTIONS = [
  option("printed", "Something to ship"),
  option("digital", "Only e-books or courses"),
];
const COD_OPTIONS = [
  option("unchecked", "Not called"),
  option("confirmed", "Confirmed"),
  option("unreachable", "Unreachable"),
];
const PRINTED_OPTIONS = [option("true", "Printed"), option("false", "Not printed")];
const DISTRICT_OPTIONS = DISTRICT_NAMES.map((d) => option(d, d));
/** The statuses staff can move orders to (the single order's buttons say which apply to each). */
const MOVE_TO = ORDER_STATUSES.filter((s) => Object.values(STAFF_TRANSITIONS).some((to) => to.includes(s)));

/** A text filter bound to one URL parameter: applied on Enter or when the field is left. */
function TextFilter({ name, label, placeholder }: { name: string; label: string; placeholder?: string }) {
  const { get, set } = useListParams();
  const id = useId();
  const current = get(name);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        key={current}
        defaultValue={current}
        placeholder={placeholder}
        maxLength={100}
        onBlur={(e) => {
          if (e.target.value.trim() !== current) set({ [name]: e.target.value.trim() });
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") set({ [name]: e.currentTarget.value.trim() });
        }}
        className="block min-h-11 w-36 rounded-md border border-slate-300 bg-white px-2"
      />
    </div>
  );
}

function DateFilter({ name, label }: { name: string; label: string }) {
  const { get, set } = useListParams();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={get(name)}
        onChange={(e) => set({ [name]: e.target.value })}
        className="block min-h-11 rounded-md border border-slate-300 bg-white px-2"
      />
    </div>
  );
}

/** The orders list's filters: the common ones in view, the rest folded away on a phone. */
function OrderFilters({ shop }: { shop: boolean }) {
  const { params } = useListParams();
  const more = ["district", "from", "to", "source", "coupon", "codCheck", "printed", "physical"].some((k) =>
    params.has(k),
  );
  return (
    <>
      <FilterSelect name="status" label="Status" options={STATUS_OPTIONS} />
      <FilterSelect name="paymentMethod" label="Payment method" options={METHOD_OPTIONS} />
      <FilterSelect name="payment" label="Payment" options={PAYMENT_OPTIONS} />
      <details className="w-full" open={more}>
        <summary className="cursor-pointer py-2 text-sm font-medium text-brand-800">More filters</summary>
        <div className="flex flex-wrap items-end gap-2">
          <FilterSelect name="district" label="District" options={DISTRICT_OPTIONS} />
          <DateFilter name="from" label="Placed from" />
          <DateFilter name="to" label="Placed to" />
          {shop ? null : <FilterSelect name="physical" label="Contents" options={PHYSICAL_OPTIONS} />}
          <FilterSelect name="codCheck" label="Phone check" options={COD_OPTIONS} />
          <FilterSelect name="printed" label="Packing slip" options={PRINTED_OPTIONS} />
          <TextFilter name="source" label="Source" placeholder="e.g. facebook" />
          <TextFilter name="coupon" label="Coupon" placeholder="Code" />
        </div>
      </details>
    </>
  );
}

/** What a bulk action did to each order: done, or refused with the reason. */
export function OrderResults({
  title,
  results,
  onClose,
  children,
}: {
  title: string;
  results: OrderBulkResult["results"] | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  const done = results?.filter((r) => r.ok).length ?? 0;
  return (
    <Dialog
      open={results !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={title}
      description={results ? `${done} of ${results.length} done` : undefined}
    >
      <ul className="space-y-2 text-sm" aria-label="Result per order">
        {results?.map((r) => (
          <li
            key={`${r.id}-${r.number}`}
            className={cn(
              "rounded-md border px-3 py-2",
              r.ok ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50",
            )}
          >
            <span className="font-medium">{r.number ? `#${r.number}` : `Order ${r.id}`}</span>
            <span className={cn("ml-2", r.ok ? "text-emerald-900" : "text-red-900")}>
              {r.ok ? "✓ " : "✗ "}
              {r.message}
            </span>
          </li>
        ))}
      </ul>
      {children}
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

function StatusDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: number[] | null;
  onClose: () => void;
  onDone: (results: OrderBulkResult["results"]) => void;
}) {
  const { run, pending } = useMutation();
  const [status, setStatus] = useState<string>("processing");
  const [note, setNote] = useState("");
  const statusId = useId();
  const noteId = useId();
  const n = ids?.length ?? 0;
  return (
    <Dialog
      open={ids !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Change the status of ${n} ${n === 1 ? "order" : "orders"}`}
      description="Each order is moved on its own; one that cannot make the change is left as it is, with the reason."
    >
      <form
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const answer = await run<OrderBulkResult>({
            method: "POST",
            path: "/api/admin/orders/bulk/status",
            body: { ids, status, note: note.trim() || undefined },
          });
          if (answer) {
            setNote("");
            onDone(answer.results);
          }
        }}
      >
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-slate-800">
            New status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
          >
            {MOVE_TO.map((s) => (
              <option key={s} value={s}>
                {describeOrderStatus(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-800">
            Note for the history (optional)
          </label>
          <input
            id={noteId}
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Change status
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The orders list of every orders page (`/admin/orders` and its sub-lists, `/admin/shop-orders`):
 * the data table with the orders filters and search, and the bulk actions with a result per
 * order. `scope` "shop" is the stationery staff's view: no links to the orders pages, and its one
 * bulk action marks orders delivered.
 */
export function OrdersList({
  label,
  page,
  sort,
  error,
  scope = "orders",
  emptyMessage = "No order matches this view.",
}: {
  label: string;
  page: AdminPage<AdminOrder>;
  sort: string;
  error?: string;
  scope?: "orders" | "shop";
  emptyMessage?: string;
}) {
  const { run } = useMutation();
  const [statusFor, setStatusFor] = useState<number[] | null>(null);
  const [results, setResults] = useState<{ title: string; items: OrderBulkResult["results"] } | null>(null);
  const columns = useMemo(() => orderColumns(scope === "orders"), [scope]);
  const numbers = (ids: number[]) => page.items.filter((o) => ids.includes(o.id)).map((o) => `#${o.number}`);
  const bulk = async (title: string, path: string, ids: number[], confirmLabel: string) => {
    const answer = await run<OrderBulkResult>({
      method: "POST",
      path,
      body: { ids },
      confirm: {
        title: `${title}: ${ids.length} ${ids.length === 1 ? "order" : "orders"}?`,
        description: numbers(ids).join(", "),
        confirmLabel,
      },
    });
    if (answer) setResults({ title, items: answer.results });
  };
  const actions: BulkAction[] =
    scope === "shop"
      ? [
          {
            label: "Mark delivered",
            run: (ids) => bulk("Marked delivered", "/api/admin/shop-orders/delivered", ids, "Mark delivered"),
          },
        ]
      : [
          { label: "Change status…", run: (ids) => setStatusFor(ids) },
          {
            label: "Book courier",
            run: (ids) =>
              bulk("Booked with the courier", "/api/admin/orders/bulk/courier", ids, "Book courier"),
          },
          {
            label: "Print slips",
            run: (ids) => {
              window.open(`/admin/orders/print?ids=${ids.join(",")}`, "_blank", "noopener");
            },
          },
        ];
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        page={page}
        sort={sort}
        error={error}
        getRowId={(o) => o.id}
        rowName={(o) => `order ${o.number}`}
        searchLabel={ORDER_SEARCH_LABEL}
        filters={<OrderFilters shop={scope === "shop"} />}
        emptyMessage={emptyMessage}
        bulkActions={actions}
      />
      <StatusDialog
        ids={statusFor}
        onClose={() => setStatusFor(null)}
        onDone={(items) => {
          setStatusFor(null);
          setResults({ title: "Status changed", items });
        }}
      />
      <OrderResults
        title={results?.title ?? ""}
        results={results?.items ?? null}
        onClose={() => setResults(null)}
      />
    </>
  );
}

/** The orders' own sub-pages, linked from every orders list. */
export function OrdersNav() {
  const links = [
    ["/admin/orders", "All orders"],
    ["/admin/orders/cycle", "Academic cycle"],
    ["/admin/orders/ebook", "E-books and courses"],
    ["/admin/orders/sources", "By source"],
  ] as const;
  return (
    <nav aria-label="Order lists" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {links.map(([to, label]) => (
        <Link key={to} to={to} className="text-brand-800 underline">
          {label}
        </Link>
      ))}
    </nav>
  );
}
