import { createColumnHelper } from "@tanstack/react-table";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import type { AdminPage } from "../../../contracts/admin";
import {
  type AdminOrder,
  ORDER_SEARCH_LABEL,
  type OrderBulkResult,
  PAYMENT_STATE_LABELS,
  type PaymentState,
} from "../../../contracts/admin-orders";
import { COD_RISK_LEVEL_WORDS, COD_RISK_LEVELS } from "../../../contracts/cod-risk";
import type { CourierDistricts, CourierOption } from "../../../contracts/couriers";
import { DISTRICT_NAMES } from "../../../contracts/districts";
import { STAFF_TRANSITIONS } from "../../../contracts/fulfilment";
import {
  describeOrderStatus,
  describeOrderStatusOf,
  ORDER_STATUSES,
  type OrderStatus,
} from "../../../contracts/order-status";
import { type useFormat as UseFormat, useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDhakaTime } from "../../lib/dates";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { CodRiskBadge } from "./cod-risk";
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
  returned: "bg-orange-100 text-orange-900",
};

const PAYMENT_TONE: Record<PaymentState, string> = {
  unpaid: "text-amber-900",
  paid: "text-emerald-800",
  refund_owed: "font-semibold text-red-800",
  refunded: "text-slate-700",
};

/** An order's status; an order without a parcel (e-books and courses only) speaks of access. */
export function OrderStatusBadge({ status, physical = true }: { status: OrderStatus; physical?: boolean }) {
  const { i18n } = useLingui();
  return (
    <span className={cn("inline-block rounded px-2 py-0.5 text-xs font-semibold", STATUS_TONE[status])}>
      {i18n._(describeOrderStatusOf(status, physical))}
    </span>
  );
}

const col = createColumnHelper<AdminOrder>();

type Translate = (id: string, values?: Record<string, unknown>) => string;

function orderColumns(linkOrders: boolean, t: Translate, f: ReturnType<typeof UseFormat>) {
  return [
    col.accessor("number", {
      header: /*i18n*/ "Order",
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
      header: /*i18n*/ "Placed",
      meta: { sort: "createdAt" },
      cell: ({ getValue }) => (
        <span className="whitespace-nowrap">
          {f.date(getValue())}
          <span className="block text-xs text-slate-600">{formatDhakaTime(getValue(), f.locale)}</span>
        </span>
      ),
    }),
    col.accessor("name", {
      header: /*i18n*/ "Buyer",
      cell: ({ row }) => (
        <span>
          {row.original.name}
          <span className="block text-xs whitespace-nowrap text-slate-600">{row.original.phone}</span>
          {/* The district under the buyer rather than a column of its own: the table fits 1280 px. */}
          <span className="block text-xs text-slate-600">{row.original.district}</span>
        </span>
      ),
    }),
    col.accessor("items", {
      header: /*i18n*/ "Items",
      cell: ({ getValue }) => <span className="line-clamp-2 max-w-48 min-w-28">{getValue()}</span>,
    }),
    col.accessor("total", {
      header: /*i18n*/ "Total",
      meta: { sort: "total", numeric: true },
      cell: ({ getValue }) => <span className="whitespace-nowrap">{f.taka(getValue())}</span>,
    }),
    col.accessor("paymentState", {
      header: /*i18n*/ "Payment",
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.paymentMethod === "cod" ? t(/*i18n*/ "Cash on delivery") : t(/*i18n*/ "Online")}
          <span className={cn("block text-xs", PAYMENT_TONE[row.original.paymentState])}>
            {t(PAYMENT_STATE_LABELS[row.original.paymentState])}
          </span>
        </span>
      ),
    }),
    col.accessor("status", {
      header: /*i18n*/ "Status",
      cell: ({ row }) => <OrderStatusBadge status={row.original.status} physical={row.original.physical} />,
    }),
    // The phone check and the COD risk it answers share a column (a column of its own made the
    // list wider than a 1280 px screen in Bangla).
    col.accessor("codCheck", {
      header: /*i18n*/ "Phone check",
      cell: ({ row }) =>
        row.original.paymentMethod !== "cod" ? (
          <span className="text-slate-500">—</span>
        ) : (
          <span className="flex flex-col items-start gap-1">
            {row.original.codCheck === "confirmed" ? (
              <span className="text-emerald-800">{t(/*i18n*/ "Confirmed")}</span>
            ) : row.original.codCheck === "unreachable" ? (
              <span className="text-red-800">{t(/*i18n*/ "Unreachable")}</span>
            ) : (
              <span className="text-slate-600">{t(/*i18n*/ "Not called")}</span>
            )}
            {row.original.codRisk ? <CodRiskBadge level={row.original.codRisk} /> : null}
          </span>
        ),
    }),
    col.accessor("consignment", {
      header: /*i18n*/ "Consignment",
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
/** Options whose labels are catalogue messages, in the page's language. */
const translated = (t: Translate, options: { value: string; label: string }[]) =>
  options.map((o) => ({ value: o.value, label: t(o.label) }));
const STATUS_OPTIONS = ORDER_STATUSES.map((s) => option(s, describeOrderStatus(s)));
const PAYMENT_OPTIONS = (Object.keys(PAYMENT_STATE_LABELS) as PaymentState[]).map((s) =>
  option(s, PAYMENT_STATE_LABELS[s]),
);
const METHOD_OPTIONS = [option("cod", /*i18n*/ "Cash on delivery"), option("gateway", /*i18n*/ "Online")];
const PHYSICAL_OPTIONS = [
  option("printed", /*i18n*/ "Something to ship"),
  option("digital", /*i18n*/ "Only e-books or courses"),
];
const COD_OPTIONS = [
  option("unchecked", /*i18n*/ "Not called"),
  option("confirmed", /*i18n*/ "Confirmed"),
  option("unreachable", /*i18n*/ "Unreachable"),
];
const RISK_OPTIONS = COD_RISK_LEVELS.map((l) => option(l, COD_RISK_LEVEL_WORDS[l]));
const PRINTED_OPTIONS = [option("true", /*i18n*/ "Printed"), option("false", /*i18n*/ "Not printed")];
const DISTRICT_OPTIONS = DISTRICT_NAMES.map((d) => option(d, d));
/**
 * The statuses staff can move orders to (the single order's buttons say which apply to each); a
 * returned parcel is recorded one at a time, with its reason and the courier's charge.
 */
const MOVE_TO = ORDER_STATUSES.filter(
  (s) => s !== "returned" && Object.values(STAFF_TRANSITIONS).some((to) => to.includes(s)),
);

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
  const { i18n } = useLingui();
  const t: Translate = (id, values) => i18n._(id, values);
  const more = [
    "district",
    "from",
    "to",
    "source",
    "coupon",
    "codCheck",
    "codRisk",
    "printed",
    "physical",
  ].some((k) => params.has(k));
  return (
    <>
      <FilterSelect name="status" label={t(/*i18n*/ "Status")} options={translated(t, STATUS_OPTIONS)} />
      <FilterSelect
        name="paymentMethod"
        label={t(/*i18n*/ "Payment method")}
        options={translated(t, METHOD_OPTIONS)}
      />
      <FilterSelect name="payment" label={t(/*i18n*/ "Payment")} options={translated(t, PAYMENT_OPTIONS)} />
      <details className="w-full" open={more}>
        <summary className="cursor-pointer py-2 text-sm font-medium text-brand-800">
          {t(/*i18n*/ "More filters")}
        </summary>
        <div className="flex flex-wrap items-end gap-2">
          <FilterSelect name="district" label={t(/*i18n*/ "District")} options={DISTRICT_OPTIONS} />
          <DateFilter name="from" label={t(/*i18n*/ "Placed from")} />
          <DateFilter name="to" label={t(/*i18n*/ "Placed to")} />
          {shop ? null : (
            <FilterSelect
              name="physical"
              label={t(/*i18n*/ "Order contents")}
              options={translated(t, PHYSICAL_OPTIONS)}
            />
          )}
          <FilterSelect
            name="codCheck"
            label={t(/*i18n*/ "Phone check")}
            options={translated(t, COD_OPTIONS)}
          />
          <FilterSelect name="codRisk" label={t(/*i18n*/ "COD risk")} options={translated(t, RISK_OPTIONS)} />
          <FilterSelect
            name="printed"
            label={t(/*i18n*/ "Packing slip")}
            options={translated(t, PRINTED_OPTIONS)}
          />
          <TextFilter name="source" label={t(/*i18n*/ "Source")} placeholder={t(/*i18n*/ "e.g. facebook")} />
          <TextFilter name="coupon" label={t(/*i18n*/ "Coupon")} placeholder={t(/*i18n*/ "Code")} />
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
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (
    <Dialog
      open={results !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={title}
      description={
        results
          ? i18n._("{done} of {count} done", { done: number(done), count: number(results.length) })
          : undefined
      }
    >
      <ul className="space-y-2 text-sm" aria-label={i18n._("Result per order")}>
        {results?.map((r) => (
          <li
            key={`${r.id}-${r.number}`}
            className={cn(
              "rounded-md border px-3 py-2",
              r.ok ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50",
            )}
          >
            <span className="font-medium">
              {r.number ? `#${r.number}` : i18n._("Order {id}", { id: r.id })}
            </span>
            <span className={cn("ml-2", r.ok ? "text-emerald-900" : "text-red-900")}>
              {r.ok ? "✓ " : "✗ "}
              {r.message}
            </span>
          </li>
        ))}
      </ul>
      {children}
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>{i18n._("Close")}</Button>
      </div>
    </Dialog>
  );
}

/**
 * Booking the chosen orders: each with its district's default courier (else the shop's), or all
 * with one courier; a result per order (booked, or refused and why).
 */
function CourierDialog({
  ids,
  warning,
  onClose,
  onDone,
}: {
  ids: number[] | null;
  warning: string;
  onClose: () => void;
  onDone: (results: OrderBulkResult["results"]) => void;
}) {
  const { run, pending } = useMutation();
  const [courier, setCourier] = useState("");
  const [couriers, setCouriers] = useState<CourierOption[] | null>(null);
  const courierId = useId();
  const n = ids?.length ?? 0;
  const open = ids !== null;
  const { i18n } = useLingui();
  const { number } = useFormat();
  useEffect(() => {
    if (!open || couriers !== null) return;
    api<CourierDistricts>("GET", "/api/admin/couriers/districts").then(
      (answer) => setCouriers(answer.data?.couriers ?? []),
      () => setCouriers([]),
    );
  }, [open, couriers]);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? null : onClose())}
      title={
        n === 1
          ? i18n._("Book 1 order with a courier")
          : i18n._("Book {count} orders with a courier", { count: number(n) })
      }
      description={[
        i18n._(
          "Each order is booked on its own; one that cannot be booked (already booked, or refused by the courier) is left as it is, with the reason.",
        ),
        warning,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <form
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const answer = await run<OrderBulkResult>({
            method: "POST",
            path: "/api/admin/orders/bulk/courier",
            body: { ids, courier: courier || undefined },
          });
          if (answer) onDone(answer.results);
        }}
      >
        <div>
          <label htmlFor={courierId} className="mb-1 block text-sm font-medium text-slate-800">
            {i18n._("Courier")}
          </label>
          <select
            id={courierId}
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
          >
            <option value="">{i18n._("Each with its district's courier")}</option>
            {(couriers ?? []).map((c) => (
              <option key={c.name} value={c.name}>
                {i18n._("All with {courier}", { courier: c.label })}
              </option>
            ))}
          </select>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("Book courier")}
          </Button>
        </div>
      </form>
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
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (
    <Dialog
      open={ids !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={
        n === 1
          ? i18n._("Change the status of 1 order")
          : i18n._("Change the status of {count} orders", { count: number(n) })
      }
      description={i18n._(
        "Each order is moved on its own; one that cannot make the change is left as it is, with the reason.",
      )}
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
            {i18n._("New status")}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
          >
            {MOVE_TO.map((s) => (
              <option key={s} value={s}>
                {i18n._(describeOrderStatus(s))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-800">
            {i18n._("Note for the history (optional)")}
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
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("Change status")}
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
  emptyMessage,
}: {
  label: string;
  page: AdminPage<AdminOrder>;
  sort: string;
  error?: string;
  scope?: "orders" | "shop";
  emptyMessage?: string;
}) {
  const { run } = useMutation();
  const { i18n } = useLingui();
  const format = useFormat();
  const { number } = format;
  const t: Translate = (id, values) => i18n._(id, values);
  const [statusFor, setStatusFor] = useState<number[] | null>(null);
  const [courierFor, setCourierFor] = useState<number[] | null>(null);
  const [results, setResults] = useState<{ title: string; items: OrderBulkResult["results"] } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns change with the language only
  const columns = useMemo(() => orderColumns(scope === "orders", t, format), [scope, i18n.locale]);
  const chosen = (ids: number[]) => page.items.filter((o) => ids.includes(o.id));
  const bulk = async (
    title: string,
    path: string,
    ids: number[],
    confirmLabel: string,
    warning?: (orders: AdminOrder[]) => string,
  ) => {
    const orders = chosen(ids);
    const answer = await run<OrderBulkResult>({
      method: "POST",
      path,
      body: { ids },
      confirm: {
        title:
          ids.length === 1
            ? t(/*i18n*/ "{action}: 1 order?", { action: title })
            : t(/*i18n*/ "{action}: {count} orders?", { action: title, count: number(ids.length) }),
        description: [warning?.(orders) ?? "", orders.map((o) => `#${o.number}`).join(", ")]
          .filter(Boolean)
          .join(" "),
        confirmLabel,
      },
    });
    if (answer) setResults({ title, items: answer.results });
  };
  /** Cash-on-delivery parcels nobody confirmed by phone are often refused at the door: say how many. */
  const unconfirmedWarning = (orders: AdminOrder[]) => {
    const unconfirmed = orders.filter((o) => o.paymentMethod === "cod" && o.codCheck !== "confirmed").length;
    if (unconfirmed === 0) return "";
    return unconfirmed === 1
      ? t(/*i18n*/ "1 cash-on-delivery order has not been confirmed with the buyer by phone.")
      : t(/*i18n*/ "{count} cash-on-delivery orders have not been confirmed with the buyer by phone.", {
          count: number(unconfirmed),
        });
  };
  const actions: BulkAction[] =
    scope === "shop"
      ? [
          {
            label: t(/*i18n*/ "Mark delivered"),
            run: (ids) =>
              bulk(
                t(/*i18n*/ "Marked delivered"),
                "/api/admin/shop-orders/delivered",
                ids,
                t(/*i18n*/ "Mark delivered"),
              ),
          },
        ]
      : [
          { label: t(/*i18n*/ "Change status…"), run: (ids) => setStatusFor(ids) },
          { label: t(/*i18n*/ "Book courier"), run: (ids) => setCourierFor(ids) },
          {
            label: t(/*i18n*/ "Print slips"),
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
        rowName={(o) => t(/*i18n*/ "order {number}", { number: o.number })}
        searchLabel={t(ORDER_SEARCH_LABEL)}
        filters={<OrderFilters shop={scope === "shop"} />}
        emptyMessage={emptyMessage ?? t(/*i18n*/ "No order matches this view.")}
        bulkActions={actions}
      />
      <StatusDialog
        ids={statusFor}
        onClose={() => setStatusFor(null)}
        onDone={(items) => {
          setStatusFor(null);
          setResults({ title: t(/*i18n*/ "Status changed"), items });
        }}
      />
      <CourierDialog
        ids={courierFor}
        warning={courierFor ? unconfirmedWarning(chosen(courierFor)) : ""}
        onClose={() => setCourierFor(null)}
        onDone={(items) => {
          setCourierFor(null);
          setResults({ title: t(/*i18n*/ "Booked with the courier"), items });
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
  const { i18n } = useLingui();
  const links = [
    ["/admin/orders", /*i18n*/ "All orders"],
    ["/admin/orders/cycle", /*i18n*/ "Academic cycle"],
    ["/admin/orders/ebook", /*i18n*/ "E-books and courses"],
    ["/admin/orders/sources", /*i18n*/ "By source"],
    ["/admin/orders/couriers", /*i18n*/ "Couriers by district"],
    ["/admin/orders/cod-risk", /*i18n*/ "COD risk rule"],
  ] as const;
  return (
    <nav aria-label={i18n._("Order lists")} className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {links.map(([to, label]) => (
        <Link key={to} to={to} className="text-brand-800 underline">
          {i18n._(label)}
        </Link>
      ))}
    </nav>
  );
}
