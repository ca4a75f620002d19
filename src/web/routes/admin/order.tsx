import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { AdminOrder } from "../../../contracts/admin-order";
import type { CourierPrices } from "../../../contracts/couriers";
import { consignmentSchema } from "../../../contracts/fulfilment";
import {
  describeOrderStatus,
  describeOrderStatusOf,
  ORDER_STATUSES,
  type OrderStatus,
} from "../../../contracts/order-status";
import { idParams } from "../../../contracts/paging";
import { describeSource } from "../../../contracts/reports";
import { describeTimelineStatus } from "../../../contracts/tracking";
import { CodRiskBadge, CodRiskFigures } from "../../components/admin/cod-risk";
import { HistoryLink } from "../../components/admin/history-link";
import { useMutation } from "../../components/admin/mutation";
import { OrderAddress } from "../../components/admin/order-address";
import { OrderMoney } from "../../components/admin/order-money";
import { ParcelReturnDialog, ParcelReturnSummary } from "../../components/admin/parcel-return";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { TextAreaField, TextField } from "../../components/ui/field";
import { translate, useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { pageLocale, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/order";
import { loadOrder } from "./order.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: loaderData
      ? `${translate(pageLocale(matches), /*i18n*/ "Order {number}", { number: loaderData.number })} | ${pageTitle(matches)}`
      : pageTitle(matches, /*i18n*/ "Order"),
  },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new Response("No such order", { status: 404 });
  return loadOrder(context, parsed.data.id);
}

const card = "rounded-lg border border-slate-200 bg-white p-4";
const h2 = "mb-3 text-lg font-semibold text-slate-900";

/** Staff's words for a line of the history, internal markers included. */
const HISTORY_WORDS: Record<string, string> = {
  refund_due: /*i18n*/ "Refund due",
  refund_owed: /*i18n*/ "Refund recorded as owed",
  refund_paid: /*i18n*/ "Refund paid",
  refund_pending: /*i18n*/ "Refund sent to the gateway",
  refund_failed: /*i18n*/ "Refund refused by the gateway",
  cod_check: /*i18n*/ "Phone check",
  return_recorded: /*i18n*/ "Return recorded",
  address: /*i18n*/ "Address changed",
  consignment: /*i18n*/ "Consignment changed",
  parcel_split: /*i18n*/ "Parcel split",
};
/** The history's fixed notes (the rest name people, numbers or a courier's words, and stay as written). */
const HISTORY_NOTES: ReadonlySet<string> = new Set([
  /*i18n*/ "Order placed",
  /*i18n*/ "Order taken by phone",
  /*i18n*/ "New payment attempt",
  /*i18n*/ "Cash on delivery",
  /*i18n*/ "Nothing to pay",
  /*i18n*/ "Paid online and cancelled: refund due",
  /*i18n*/ "Phone confirmed: the buyer expects the parcel",
  /*i18n*/ "Phone check: the buyer could not be reached",
  /*i18n*/ "Delivered by hand",
]);

/** A history line's status in words: an order without a parcel speaks of access, not delivery. */
function historyWords(status: string, physical: boolean, t: (id: string) => string): string {
  if ((ORDER_STATUSES as readonly string[]).includes(status))
    return t(describeOrderStatusOf(status as OrderStatus, physical));
  const words = HISTORY_WORDS[status] ?? describeTimelineStatus(status);
  return words ? t(words) : status.replaceAll("_", " ");
}

export default function OrderPage({ loaderData: order }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { taka, dateTime } = useFormat();
  const [refundOpen, setRefundOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/orders" className="text-sm text-brand-800 underline">
          ← {i18n._("Orders")}
        </Link>
        <PageHeading title={i18n._("Order {number}", { number: order.number })}>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span
              className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-slate-900"
              data-testid="order-status"
            >
              {i18n._(describeOrderStatusOf(order.status, order.physical))}
            </span>
            <span>{order.paymentMethod === "cod" ? i18n._("Cash on delivery") : i18n._("Paid online")}</span>
            <span className="tabular-nums font-semibold">{taka(order.total)}</span>
            <span>{i18n._("Placed {when}", { when: dateTime(order.createdAt) })}</span>
            {order.codRisk ? <CodRiskBadge level={order.codRisk.level} /> : null}
            <HistoryLink entity="order" id={order.id} />
          </p>
        </PageHeading>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <StatusActions
            order={order}
            onRefund={() => setRefundOpen(true)}
            onReturn={() => setReturnOpen(true)}
          />
          <ParcelReturnSummary order={order} onRecord={() => setReturnOpen(true)} />
          <ParcelReturnDialog order={order} open={returnOpen} onClose={() => setReturnOpen(false)} />
          {order.codCheck ? <CodCheck order={order} /> : null}
          {order.physical ? <Shipments order={order} /> : null}
          <Lines order={order} />
          <OrderMoney order={order} refundOpen={refundOpen} onRefundOpen={setRefundOpen} />
          <Payments order={order} />
        </div>
        <div className="space-y-6">
          <Buyer order={order} />
          <OrderAddress order={order} />
          <Notes order={order} />
          <History order={order} />
        </div>
      </div>
    </div>
  );
}

/**
 * The statuses the order may take next, as buttons; cancelling asks first, "Refunded" opens the
 * refund, "Returned" the parcel's return.
 */
function StatusActions({
  order,
  onRefund,
  onReturn,
}: {
  order: AdminOrder;
  onRefund: () => void;
  onReturn: () => void;
}) {
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const { run, pending } = useMutation();
  if (order.next.length === 0) {
    return (
      <section aria-labelledby="status-heading" className={card}>
        <h2 id="status-heading" className={h2}>
          {i18n._("Status")}
        </h2>
        <p className="text-sm text-slate-700">
          {order.status === "pending_payment" || order.status === "payment_failed"
            ? i18n._("Not paid yet: its status changes once it is paid.")
            : i18n._("Its status can no longer change.")}
        </p>
      </section>
    );
  }
  const move = (status: OrderStatus) => {
    if (status === "refunded" && order.ledger.refundable > 0) {
      onRefund();
      return;
    }
    if (status === "returned") {
      onReturn();
      return;
    }
    const unchecked =
      status === "processing" && order.paymentMethod === "cod" && order.codCheck?.state !== "confirmed";
    const confirm =
      status === "cancelled" || status === "refunded"
        ? {
            title:
              status === "cancelled"
                ? i18n._("Cancel order {number}?", { number: order.number })
                : i18n._("Refund order {number}?", { number: order.number }),
            description: [
              order.invoice
                ? i18n._("A credit note is issued for what is left of invoice {invoice}.", {
                    invoice: order.invoice.number,
                  })
                : "",
              order.ledger.refundable > 0
                ? i18n._("A refund of {amount} is recorded as owed to the buyer.", {
                    amount: taka(order.ledger.refundable),
                  })
                : i18n._("No money was taken, so nothing is refunded."),
              i18n._("Stock and e-books are given back. This cannot be undone."),
            ]
              .filter(Boolean)
              .join(" "),
            confirmLabel: status === "cancelled" ? i18n._("Cancel order") : i18n._("Mark refunded"),
            destructive: true,
          }
        : unchecked
          ? {
              title: i18n._("Pack without a phone check?"),
              description:
                order.codCheck?.state === "unreachable"
                  ? i18n._(
                      "The buyer could not be reached by phone. Cash-on-delivery parcels of unconfirmed buyers are often refused at the door.",
                    )
                  : i18n._("Nobody has confirmed this cash-on-delivery order with the buyer by phone yet."),
              confirmLabel: i18n._("Pack anyway"),
            }
          : undefined;
    void run({ method: "PATCH", path: `/api/admin/orders/${order.id}/status`, body: { status }, confirm });
  };
  const shipByHand = () =>
    void run({
      method: "PATCH",
      path: `/api/admin/orders/${order.id}/status`,
      body: { status: "shipped", byHand: true },
      confirm: {
        title: i18n._("Mark order {number} delivered by hand?", { number: order.number }),
        description: i18n._(
          "It is marked shipped with no consignment number, so the buyer gets no tracking link. For a courier, save its consignment number under “Parcel” instead.",
        ),
        confirmLabel: i18n._("Delivered by hand"),
      },
    });
  return (
    <section aria-labelledby="status-heading" className={card}>
      <h2 id="status-heading" className={h2}>
        {i18n._("Change status")}
      </h2>
      <div className="flex flex-wrap gap-2">
        {order.next.map((s) =>
          s === "shipped" && !order.consignment ? (
            // Shipped needs the parcel's consignment number (saved under "Parcel"), or this.
            <Button key={s} variant="secondary" disabled={pending} onClick={shipByHand}>
              {i18n._("Delivered by hand")}
            </Button>
          ) : (
            <Button
              key={s}
              variant={
                s === "cancelled" || s === "refunded"
                  ? "destructive"
                  : s === "returned"
                    ? "secondary"
                    : "primary"
              }
              disabled={pending}
              onClick={() => move(s)}
            >
              {i18n._(describeOrderStatus(s))}
            </Button>
          ),
        )}
      </div>
      {order.next.includes("shipped") && !order.consignment ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="ship-hint">
          {i18n._(
            "To mark it shipped, save the parcel's consignment number under “Parcel”: the buyer gets the tracking link. A parcel you hand over yourself is “Delivered by hand”.",
          )}
        </p>
      ) : null}
    </section>
  );
}

function CodCheck({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const { dateTime } = useFormat();
  const { run, pending } = useMutation();
  const c = order.codCheck!;
  const said =
    c.state === "confirmed"
      ? i18n._("Phone confirmed")
      : c.state === "unreachable"
        ? i18n._("Buyer unreachable")
        : i18n._("Not checked by phone yet");
  const check = (result: "confirmed" | "unreachable") =>
    void run({ method: "POST", path: `/api/admin/orders/${order.id}/cod-check`, body: { result } });
  return (
    <section aria-labelledby="cod-heading" className={card}>
      <h2 id="cod-heading" className={h2}>
        {i18n._("Cash on delivery: phone check")}
      </h2>
      <p className="text-sm" data-testid="cod-check">
        <span className="font-medium">{said}</span>
        {c.at ? ` · ${c.by ? `${c.by}, ` : ""}${dateTime(c.at)}` : ""}
      </p>
      {order.codRisk ? <CodRiskFigures risk={order.codRisk} /> : null}
      {c.allowed ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={pending} onClick={() => check("confirmed")}>
            {i18n._("Phone confirmed")}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => check("unreachable")}>
            {i18n._("Unreachable")}
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {i18n._("The check is made on a confirmed order, before it is packed.")}
        </p>
      )}
    </section>
  );
}

type Parcel = AdminOrder["shipments"][number];

/**
 * The order's parcels (decision 73): one for most orders, as it always was; each of several is
 * booked, numbered and asked about on its own, and a parcel not yet sent can be split.
 */
function Shipments({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const several = order.shipments.length > 1;
  return (
    <section aria-labelledby="shipment-heading" className={card}>
      <h2 id="shipment-heading" className={h2}>
        {several ? i18n._("Parcels") : i18n._("Parcel")}
      </h2>
      <div className={several ? "space-y-4 divide-y divide-slate-100" : undefined}>
        {order.shipments.map((p) => (
          <ParcelView key={p.seq} order={order} parcel={p} />
        ))}
      </div>
      <SplitParcel order={order} />
    </section>
  );
}

function ParcelView({ order, parcel }: { order: AdminOrder; parcel: Parcel }) {
  const { i18n } = useLingui();
  const { run, pending } = useMutation();
  const [consignment, setConsignment] = useState("");
  const [courier, setCourier] = useState("");
  const [error, setError] = useState("");
  const several = parcel.of > 1;
  const headingId = useId();
  const consignable =
    (order.status === "confirmed" || order.status === "processing" || order.status === "shipped") &&
    (parcel.state === "ready" || parcel.state === "shipped");
  const which = several ? { shipment: parcel.seq } : {};
  return (
    <section
      aria-labelledby={several ? headingId : undefined}
      data-testid={several ? `parcel-${parcel.seq}` : undefined}
      className={several ? "pt-4 first:pt-0" : undefined}
    >
      {several ? (
        <>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {i18n._("Parcel {seq} of {of}", { seq: parcel.seq, of: parcel.of })}{" "}
            <span className="text-sm font-normal text-slate-700">· {i18n._(parcel.stateText)}</span>
          </h3>
          <ul className="mb-2 text-sm text-slate-700">
            {parcel.lines.map((l) => (
              <li key={l.lineId}>
                {l.title} × {l.quantity}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {parcel.consignment ? (
        <p className="text-sm">
          {i18n._("Consignment")}{" "}
          <span className="font-semibold" data-testid="consignment">
            {parcel.consignment}
          </span>
          {parcel.courierLabel ? ` (${parcel.courierLabel})` : ""} ·{" "}
          <a
            href={parcel.trackingPath!}
            className="text-brand-800 underline"
            target="_blank"
            rel="noreferrer"
          >
            {i18n._("tracking page")}
          </a>
          {parcel.parcelText ? ` · ${i18n._(parcel.parcelText)}` : ""}
        </p>
      ) : parcel.byHand ? (
        <p className="text-sm text-slate-700" data-testid="by-hand">
          {i18n._("Delivered by hand: no consignment number.")}
        </p>
      ) : parcel.state === "waiting" ? (
        <p className="text-sm text-slate-700">
          {i18n._("Waiting for its pre-ordered books: it is booked once they arrive.")}
        </p>
      ) : (
        <p className="text-sm text-slate-700">{i18n._("No consignment yet.")}</p>
      )}
      {consignable ? (
        <form
          noValidate
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={async (e) => {
            e.preventDefault();
            const parsed = consignmentSchema.safeParse({ consignment, courier: courier || undefined });
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message ?? i18n._("Check the consignment number"));
              return;
            }
            setError("");
            const done = await run({
              method: "PUT",
              path: `/api/admin/orders/${order.id}/consignment`,
              body: { consignment, courier: courier || undefined, ...which },
            });
            if (done) setConsignment("");
          }}
        >
          <TextField
            label={i18n._("Consignment number")}
            name="consignment"
            maxLength={40}
            value={consignment}
            error={error}
            onChange={(e) => setConsignment(e.target.value)}
          />
          <TextField
            label={i18n._("Courier (optional)")}
            name="courier"
            maxLength={40}
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
          />
          <Button type="submit" loading={pending}>
            {i18n._("Save consignment")}
          </Button>
          <p className="text-sm text-slate-600 sm:col-span-3">
            {order.status === "shipped"
              ? i18n._("A new number texts the buyer its tracking link.")
              : i18n._("Saving it marks the order shipped and texts the buyer the tracking link.")}
          </p>
        </form>
      ) : null}
      {order.demoCourier && !parcel.consignment && consignable ? (
        <p className="mt-3 rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="demo-courier">
          {i18n._(
            "Demo courier: this shop runs as a demo, so bookings go nowhere. A booked parcel is with the rider after 5 minutes and delivered after 30.",
          )}
        </p>
      ) : null}
      {order.courierConnected && !parcel.consignment && consignable ? (
        <CourierBooking order={order} parcel={several ? parcel.seq : undefined} />
      ) : null}
      {parcel.followsCourier ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() =>
              void run({
                method: "POST",
                path: `/api/admin/orders/${order.id}/courier/refresh`,
                body: which,
              })
            }
          >
            {i18n._("Ask the courier now")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Sending some items of a parcel not yet sent apart, as a parcel of their own (a late book, a
 * parcel too heavy for one rider): one line and how many, for the first such parcel.
 */
function SplitParcel({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const { run, pending } = useMutation();
  const from = order.shipments.find(
    (p) =>
      (p.state === "ready" || p.state === "waiting") &&
      p.consignment === null &&
      p.lines.reduce((n, l) => n + l.quantity, 0) > 1,
  );
  const [lineId, setLineId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const selectId = useId();
  const open = order.status === "confirmed" || order.status === "processing" || order.status === "shipped";
  if (!from || !open) return null;
  const chosen = from.lines.find((l) => l.lineId === lineId) ?? from.lines.at(-1)!;
  return (
    <details className="mt-4 border-t border-slate-100 pt-3" data-testid="split-parcel">
      <summary className="cursor-pointer text-sm font-medium text-brand-800">
        {i18n._("Send some items in a parcel of their own")}
      </summary>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void run({
            method: "POST",
            path: `/api/admin/orders/${order.id}/shipments`,
            body: {
              from: from.seq,
              parcels: order.shipments.length,
              lines: [{ lineId: chosen.lineId, quantity }],
            },
          });
        }}
      >
        <div>
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-800">
            {i18n._("Item")}
          </label>
          <select
            id={selectId}
            name="lineId"
            value={chosen.lineId}
            onChange={(e) => {
              setLineId(Number(e.target.value));
              setQuantity(1);
            }}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
          >
            {from.lines.map((l) => (
              <option key={l.lineId} value={l.lineId}>
                {`${l.title} × ${l.quantity}`}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={i18n._("How many")}
          name="quantity"
          type="number"
          min={1}
          max={chosen.quantity}
          value={String(quantity)}
          onChange={(e) => setQuantity(Math.max(1, Number(e.target.value) || 1))}
        />
        <Button type="submit" variant="secondary" loading={pending}>
          {i18n._("Send apart")}
        </Button>
      </form>
    </details>
  );
}

/**
 * Booking the parcel: the courier select, preselected with the district's default courier (else
 * the shop's), each courier's price for this parcel asked after the page has shown (a slow
 * courier never holds it), and the button.
 */
function CourierBooking({ order, parcel }: { order: AdminOrder; parcel?: number | undefined }) {
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const { run, pending } = useMutation();
  const [chosen, setChosen] = useState(order.districtCourier ?? order.couriers[0]?.name ?? "");
  const [prices, setPrices] = useState<CourierPrices["prices"] | null>(null);
  const [priceError, setPriceError] = useState(false);
  const selectId = useId();
  useEffect(() => {
    let live = true;
    api<CourierPrices>("GET", `/api/admin/orders/${order.id}/courier-prices`).then(
      (answer) => {
        if (live) setPrices(answer.data?.prices ?? []);
      },
      () => {
        if (live) setPriceError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [order.id]);
  const option = order.couriers.find((c) => c.name === chosen);
  const price = prices?.find((p) => p.courier === chosen);
  const priceWords = (p: CourierPrices["prices"][number] | undefined) =>
    p?.state === "priced" && p.total !== null ? taka(p.total) : null;
  return (
    <div className="mt-3 grid gap-2 sm:grid-cols-[minmax(0,18rem)_auto] sm:items-end">
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-800">
          {i18n._("Courier")}
        </label>
        <select
          id={selectId}
          name="courier"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
          data-testid="courier-choice"
        >
          {order.couriers.map((c) => {
            const p = priceWords(prices?.find((x) => x.courier === c.name));
            const mark = c.name === order.districtCourier ? ` · ${i18n._("district's courier")}` : "";
            return (
              <option key={c.name} value={c.name}>
                {`${c.label}${p ? ` · ${p}` : ""}${mark}`}
              </option>
            );
          })}
        </select>
      </div>
      <Button
        variant="secondary"
        disabled={pending || !option}
        onClick={() =>
          void run({
            method: "POST",
            path: `/api/admin/orders/${order.id}/courier`,
            body: { courier: chosen, ...(parcel === undefined ? {} : { shipment: parcel }) },
          })
        }
      >
        {i18n._("Book with {courier}", { courier: option?.label ?? chosen })}
      </Button>
      <p className="text-sm text-slate-700 sm:col-span-2" data-testid="courier-price" aria-live="polite">
        {priceError
          ? i18n._("The couriers' prices could not be asked; booking still works.")
          : prices === null
            ? i18n._("Asking the couriers for this parcel's price…")
            : price?.state === "priced" && price.total !== null
              ? i18n._(
                  "{courier} asks {total} for this parcel (delivery {delivery}, cash-on-delivery fee {fee}).",
                  {
                    courier: price.label,
                    total: taka(price.total),
                    delivery: taka(price.delivery ?? 0),
                    fee: taka(price.codFee ?? 0),
                  },
                )
              : price?.state === "failed"
                ? i18n._("{courier} gave no price for this parcel just now.", { courier: price.label })
                : option?.demo
                  ? i18n._("{courier} stands in for the courier in the demo and quotes no price.", {
                      courier: option.label,
                    })
                  : i18n._("{courier} has no price list the shop can ask: see its rate card.", {
                      courier: option?.label ?? chosen,
                    })}
      </p>
    </div>
  );
}

const KIND_WORDS: Record<string, string> = {
  book: /*i18n*/ "Book",
  ebook: /*i18n*/ "E-book",
  content: /*i18n*/ "Course",
  bundle: /*i18n*/ "Bundle",
  stationary: /*i18n*/ "Stationery",
};

function Lines({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const { taka, number, date } = useFormat();
  return (
    <section aria-labelledby="lines-heading" className={card}>
      <h2 id="lines-heading" className={h2}>
        {i18n._("Items")}
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {order.lines.map((l) => (
          <li
            key={l.productId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
          >
            <span className="min-w-0 flex-1 font-medium break-words">
              {l.title}{" "}
              <span className="font-normal text-slate-600">
                · {KIND_WORDS[l.kind] ? i18n._(KIND_WORDS[l.kind]!) : l.kind}
              </span>
            </span>
            <span className="tabular-nums text-slate-700">
              {taka(l.unitPrice)} × {number(l.quantity)}
            </span>
            <span className="w-24 text-right tabular-nums">{taka(l.lineTotal)}</span>
            {l.discount ? (
              <span className="w-full text-right text-xs text-slate-600">
                {i18n._("of which coupon −{amount}", { amount: taka(l.discount) })}
              </span>
            ) : null}
            {l.wait ? (
              <span className="w-full text-xs font-semibold text-brand-800" data-testid="admin-line-wait">
                {l.wait.filled
                  ? i18n._("Filled from stock: ready to pack")
                  : l.wait.kind === "preorder"
                    ? i18n._("Pre-order, waiting for its release on {date}", {
                        date: l.wait.expectedOn ? date(`${l.wait.expectedOn}T00:00:00+06:00`) : "",
                      })
                    : i18n._("Back-order, waiting for the publisher (expected by {date})", {
                        date: l.wait.expectedOn ? date(`${l.wait.expectedOn}T00:00:00+06:00`) : "",
                      })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {order.waitShipping ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="wait-shipping">
          {order.waitShipping === "split"
            ? i18n._("The buyer chose two parcels: what is in stock now, the rest when it comes.")
            : i18n._("The buyer chose to wait and receive everything in one parcel.")}
        </p>
      ) : null}
      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{i18n._("Subtotal")}</dt>
        <dd className="text-right tabular-nums">{taka(order.subtotal)}</dd>
        {order.discount > 0 || order.coupon ? (
          <>
            <dt className="text-slate-600">
              {order.coupon ? i18n._("Coupon {code}", { code: order.coupon.code }) : i18n._("Coupon")}
            </dt>
            <dd className="text-right tabular-nums">−{taka(order.discount)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{i18n._("Delivery")}</dt>
        <dd className="text-right tabular-nums">{taka(order.delivery)}</dd>
        {order.storeCredit > 0 ? (
          <>
            <dt className="text-slate-600">{i18n._("Paid with store credit")}</dt>
            <dd className="text-right tabular-nums">−{taka(order.storeCredit)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{i18n._("Total")}</dt>
        <dd className="text-right font-semibold tabular-nums">{taka(order.total)}</dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {i18n._("Source: {source}", {
          source: describeSource(order.source, (id, values) => i18n._(id, values)),
        })}
      </p>
    </section>
  );
}

function Buyer({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const b = order.buyer;
  return (
    <section aria-labelledby="buyer-heading" className={card}>
      <h2 id="buyer-heading" className={h2}>
        {i18n._("Buyer")}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{i18n._("Name")}</dt>
        <dd className="break-words">{b.name}</dd>
        <dt className="text-slate-600">{i18n._("Phone")}</dt>
        <dd>
          <a href={`tel:${b.phone}`} className="text-brand-800 underline">
            {b.phone}
          </a>
        </dd>
        <dt className="text-slate-600">{i18n._("Email")}</dt>
        <dd className="break-all">{b.email ?? "—"}</dd>
        <dt className="text-slate-600">{i18n._("Account")}</dt>
        <dd>
          <Link to={b.url} className="text-brand-800 underline">
            {b.accountName}
          </Link>
        </dd>
      </dl>
    </section>
  );
}

const PAYMENT_STATUS_WORDS: Record<AdminOrder["payments"][number]["status"], string> = {
  initiated: /*i18n*/ "started",
  paid: /*i18n*/ "paid",
  failed: /*i18n*/ "failed",
  cancelled: /*i18n*/ "cancelled",
};

function Payments({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const { taka, dateTime } = useFormat();
  /**
   * A cash-on-delivery order's payment row stays "initiated": the ledger (decision 29) records
   * the cash as collected by the order's delivery (`deliveredAt`), not by the row, which counts
   * only money a gateway confirmed. So the row reads from the order, as the ledger does.
   */
  const paymentWords = (p: AdminOrder["payments"][number]) => {
    if (p.provider === "cod" && p.status === "initiated") {
      if (order.deliveredAt)
        return i18n._("Cash collected on delivery · {when}", { when: dateTime(order.deliveredAt) });
      if (order.status === "cancelled")
        return i18n._("Cash on delivery · not collected, the order was cancelled");
      return i18n._("Cash on delivery · due when the parcel is delivered");
    }
    const provider = p.provider === "cod" ? i18n._("Cash on delivery") : p.provider;
    const words = [provider, i18n._(PAYMENT_STATUS_WORDS[p.status])];
    if (p.paidAt) words.push(dateTime(p.paidAt));
    return words.join(" · ");
  };
  return (
    <section aria-labelledby="payments-heading" className={card}>
      <h2 id="payments-heading" className={h2}>
        {i18n._("Payments")}
      </h2>
      {order.payments.length === 0 ? (
        <p className="text-sm text-slate-600">{i18n._("None.")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {order.payments.map((p) => (
            <li key={p.id} className="grid gap-1 py-2 sm:grid-cols-[1fr_auto]">
              <span className="font-medium">{paymentWords(p)}</span>
              <span className="tabular-nums sm:text-right">{taka(p.amount)}</span>
              <span className="break-all text-xs text-slate-600 sm:col-span-2">
                {[
                  i18n._("Ours {tranx}", { tranx: p.tranx }),
                  p.gatewayRef ? i18n._("gateway ref {ref}", { ref: p.gatewayRef }) : "",
                  p.gatewayTxnId ? i18n._("gateway txn {txn}", { txn: p.gatewayTxnId }) : "",
                  p.reason ?? "",
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Notes({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const { dateTime } = useFormat();
  const { run, pending } = useMutation();
  const [body, setBody] = useState("");
  const [error, setError] = useState("");
  return (
    <section aria-labelledby="notes-heading" className={card}>
      <h2 id="notes-heading" className={h2}>
        {i18n._("Internal notes")}
      </h2>
      <p className="mb-2 text-xs text-slate-600">{i18n._("Only staff see these; the buyer never does.")}</p>
      <form
        noValidate
        className="space-y-2"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!body.trim()) {
            setError(i18n._("The note is required"));
            return;
          }
          setError("");
          const done = await run({
            method: "POST",
            path: `/api/admin/orders/${order.id}/notes`,
            body: { body },
          });
          if (done) setBody("");
        }}
      >
        <TextAreaField
          label={i18n._("New note")}
          name="note"
          maxLength={2000}
          value={body}
          error={error}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" variant="secondary" loading={pending}>
          {i18n._("Add note")}
        </Button>
      </form>
      {order.notes.length ? (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="order-notes">
          {order.notes.map((n) => (
            <li key={n.id} className="py-2">
              <p className="break-words whitespace-pre-line">{n.body}</p>
              <p className="text-xs text-slate-600">
                {n.author ?? i18n._("Staff")} · {dateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function History({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const { dateTime } = useFormat();
  return (
    <section aria-labelledby="history-heading" className={card}>
      <h2 id="history-heading" className={h2}>
        {i18n._("History")}
      </h2>
      <ol className="space-y-2 text-sm">
        {order.history.map((e) => (
          <li key={e.id}>
            <p className="font-medium">{historyWords(e.status, order.physical, i18n._.bind(i18n))}</p>
            {e.note ? (
              <p className="break-words text-slate-700">
                {HISTORY_NOTES.has(e.note) ? i18n._(e.note) : e.note}
              </p>
            ) : null}
            <p className="text-xs text-slate-600">
              {e.actor ? `${e.actor} · ` : ""}
              {dateTime(e.at)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
