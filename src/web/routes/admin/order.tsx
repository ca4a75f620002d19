import { useState } from "react";
import { Link } from "react-router";
import type { AdminOrder } from "../../../contracts/admin-order";
import { consignmentSchema } from "../../../contracts/fulfilment";
import { formatTaka } from "../../../contracts/money";
import { describeOrderStatus, ORDER_STATUSES, type OrderStatus } from "../../../contracts/order-status";
import { idParams } from "../../../contracts/paging";
import { describeTimelineStatus } from "../../../contracts/tracking";
import { useMutation } from "../../components/admin/mutation";
import { OrderAddress } from "../../components/admin/order-address";
import { OrderMoney } from "../../components/admin/order-money";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { TextAreaField, TextField } from "../../components/ui/field";
import { formatDhakaDateTime } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/order";
import { loadOrder } from "./order.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, loaderData ? `Order ${loaderData.number}` : "Order") },
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
  refund_due: "Refund due",
  refund_owed: "Refund recorded as owed",
  refund_paid: "Refund paid",
  cod_check: "Phone check",
  address: "Address changed",
  consignment: "Consignment changed",
};
function historyWords(status: string): string {
  if ((ORDER_STATUSES as readonly string[]).includes(status))
    return describeOrderStatus(status as OrderStatus);
  return HISTORY_WORDS[status] ?? describeTimelineStatus(status) ?? status.replaceAll("_", " ");
}

export default function OrderPage({ loaderData: order }: Route.ComponentProps) {
  const [refundOpen, setRefundOpen] = useState(false);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/orders" className="text-sm text-brand-800 underline">
          ← Orders
        </Link>
        <PageHeading title={`Order ${order.number}`}>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span
              className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-slate-900"
              data-testid="order-status"
            >
              {describeOrderStatus(order.status)}
            </span>
            <span>{order.paymentMethod === "cod" ? "Cash on delivery" : "Paid online"}</span>
            <span className="tabular-nums font-semibold">{formatTaka(order.total)}</span>
            <span>Placed {formatDhakaDateTime(order.createdAt)}</span>
          </p>
        </PageHeading>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <StatusActions order={order} onRefund={() => setRefundOpen(true)} />
          {order.codCheck ? <CodCheck order={order} /> : null}
          {order.physical ? <Shipment order={order} /> : null}
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

/** The statuses the order may take next, as buttons; cancelling asks first, "Refunded" opens the refund. */
function StatusActions({ order, onRefund }: { order: AdminOrder; onRefund: () => void }) {
  const { run, pending } = useMutation();
  if (order.next.length === 0) {
    return (
      <section aria-labelledby="status-heading" className={card}>
        <h2 id="status-heading" className={h2}>
          Status
        </h2>
        <p className="text-sm text-slate-700">
          {order.status === "pending_payment" || order.status === "payment_failed"
            ? "Not paid yet: its status changes once it is paid."
            : "Its status can no longer change."}
        </p>
      </section>
    );
  }
  const move = (status: OrderStatus) => {
    if (status === "refunded" && order.ledger.refundable > 0) {
      onRefund();
      return;
    }
    const unchecked =
      status === "processing" && order.paymentMethod === "cod" && order.codCheck?.state !== "confirmed";
    const confirm =
      status === "cancelled" || status === "refunded"
        ? {
            title: `${status === "cancelled" ? "Cancel" : "Refund"} order ${order.number}?`,
            description: [
              order.invoice
                ? `A credit note is issued for what is left of invoice ${order.invoice.number}.`
                : "",
              order.ledger.refundable > 0
                ? `A refund of ${formatTaka(order.ledger.refundable)} is recorded as owed to the buyer.`
                : "No money was taken, so nothing is refunded.",
              "Stock and e-books are given back. This cannot be undone.",
            ]
              .filter(Boolean)
              .join(" "),
            confirmLabel: status === "cancelled" ? "Cancel order" : "Mark refunded",
            destructive: true,
          }
        : unchecked
          ? {
              title: "Pack without a phone check?",
              description:
                order.codCheck?.state === "unreachable"
                  ? "The buyer could not be reached by phone. Cash-on-delivery parcels of unconfirmed buyers are often refused at the door."
                  : "Nobody has confirmed this cash-on-delivery order with the buyer by phone yet.",
              confirmLabel: "Pack anyway",
            }
          : undefined;
    void run({ method: "PATCH", path: `/api/admin/orders/${order.id}/status`, body: { status }, confirm });
  };
  return (
    <section aria-labelledby="status-heading" className={card}>
      <h2 id="status-heading" className={h2}>
        Change status
      </h2>
      <div className="flex flex-wrap gap-2">
        {order.next.map((s) => (
          <Button
            key={s}
            variant={s === "cancelled" || s === "refunded" ? "destructive" : "primary"}
            disabled={pending}
            onClick={() => move(s)}
          >
            {describeOrderStatus(s)}
          </Button>
        ))}
      </div>
    </section>
  );
}

function CodCheck({ order }: { order: AdminOrder }) {
  const { run, pending } = useMutation();
  const c = order.codCheck!;
  const said =
    c.state === "confirmed"
      ? "Phone confirmed"
      : c.state === "unreachable"
        ? "Buyer unreachable"
        : "Not checked by phone yet";
  const check = (result: "confirmed" | "unreachable") =>
    void run({ method: "POST", path: `/api/admin/orders/${order.id}/cod-check`, body: { result } });
  return (
    <section aria-labelledby="cod-heading" className={card}>
      <h2 id="cod-heading" className={h2}>
        Cash on delivery: phone check
      </h2>
      <p className="text-sm" data-testid="cod-check">
        <span className="font-medium">{said}</span>
        {c.at ? ` · ${c.by ? `${c.by}, ` : ""}${formatDhakaDateTime(c.at)}` : ""}
      </p>
      {c.allowed ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={pending} onClick={() => check("confirmed")}>
            Phone confirmed
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => check("unreachable")}>
            Unreachable
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          The check is made on a confirmed order, before it is packed.
        </p>
      )}
    </section>
  );
}

function Shipment({ order }: { order: AdminOrder }) {
  const { run, pending } = useMutation();
  const [consignment, setConsignment] = useState("");
  const [courier, setCourier] = useState("");
  const [error, setError] = useState("");
  const consignable =
    order.status === "confirmed" || order.status === "processing" || order.status === "shipped";
  return (
    <section aria-labelledby="shipment-heading" className={card}>
      <h2 id="shipment-heading" className={h2}>
        Parcel
      </h2>
      {order.consignment ? (
        <p className="text-sm">
          Consignment{" "}
          <span className="font-semibold" data-testid="consignment">
            {order.consignment}
          </span>
          {order.courier && order.courier !== "manual" ? ` (${order.courier})` : ""} ·{" "}
          <a href={order.trackingPath!} className="text-brand-800 underline" target="_blank" rel="noreferrer">
            tracking page
          </a>
        </p>
      ) : (
        <p className="text-sm text-slate-700">No consignment yet.</p>
      )}
      {consignable ? (
        <form
          noValidate
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={async (e) => {
            e.preventDefault();
            const parsed = consignmentSchema.safeParse({ consignment, courier: courier || undefined });
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message ?? "Check the consignment number");
              return;
            }
            setError("");
            const done = await run({
              method: "PUT",
              path: `/api/admin/orders/${order.id}/consignment`,
              body: { consignment, courier: courier || undefined },
            });
            if (done) setConsignment("");
          }}
        >
          <TextField
            label="Consignment number"
            name="consignment"
            maxLength={40}
            value={consignment}
            error={error}
            onChange={(e) => setConsignment(e.target.value)}
          />
          <TextField
            label="Courier (optional)"
            name="courier"
            maxLength={40}
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
          />
          <Button type="submit" loading={pending}>
            Save consignment
          </Button>
        </form>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {order.courierConnected && !order.consignment && consignable ? (
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => void run({ method: "POST", path: `/api/admin/orders/${order.id}/courier` })}
          >
            Book with the courier
          </Button>
        ) : null}
        {order.followsCourier ? (
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() =>
              void run({ method: "POST", path: `/api/admin/orders/${order.id}/courier/refresh` })
            }
          >
            Ask the courier now
          </Button>
        ) : null}
      </div>
    </section>
  );
}

const KIND_WORDS: Record<string, string> = {
  book: "Book",
  ebook: "E-book",
  content: "Course",
  bundle: "Bundle",
  stationary: "Stationery",
};

function Lines({ order }: { order: AdminOrder }) {
  return (
    <section aria-labelledby="lines-heading" className={card}>
      <h2 id="lines-heading" className={h2}>
        Items
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {order.lines.map((l) => (
          <li
            key={l.productId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
          >
            <span className="min-w-0 flex-1 font-medium break-words">
              {l.title} <span className="font-normal text-slate-600">· {KIND_WORDS[l.kind] ?? l.kind}</span>
            </span>
            <span className="tabular-nums text-slate-700">
              {formatTaka(l.unitPrice)} × {l.quantity}
            </span>
            <span className="w-24 text-right tabular-nums">{formatTaka(l.lineTotal)}</span>
            {l.discount ? (
              <span className="w-full text-right text-xs text-slate-600">
                of which coupon −{formatTaka(l.discount)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right tabular-nums">{formatTaka(order.subtotal)}</dd>
        {order.discount > 0 || order.coupon ? (
          <>
            <dt className="text-slate-600">Coupon{order.coupon ? ` ${order.coupon.code}` : ""}</dt>
            <dd className="text-right tabular-nums">−{formatTaka(order.discount)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Delivery</dt>
        <dd className="text-right tabular-nums">{formatTaka(order.delivery)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatTaka(order.total)}</dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600">Source: {order.source}</p>
    </section>
  );
}

function Buyer({ order }: { order: AdminOrder }) {
  const b = order.buyer;
  return (
    <section aria-labelledby="buyer-heading" className={card}>
      <h2 id="buyer-heading" className={h2}>
        Buyer
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Name</dt>
        <dd className="break-words">{b.name}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>
          <a href={`tel:${b.phone}`} className="text-brand-800 underline">
            {b.phone}
          </a>
        </dd>
        <dt className="text-slate-600">Email</dt>
        <dd className="break-all">{b.email ?? "—"}</dd>
        <dt className="text-slate-600">Account</dt>
        <dd>
          <Link to={b.url} className="text-brand-800 underline">
            {b.accountName}
          </Link>
        </dd>
      </dl>
    </section>
  );
}

function Payments({ order }: { order: AdminOrder }) {
  return (
    <section aria-labelledby="payments-heading" className={card}>
      <h2 id="payments-heading" className={h2}>
        Payments
      </h2>
      {order.payments.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {order.payments.map((p) => (
            <li key={p.id} className="grid gap-1 py-2 sm:grid-cols-[1fr_auto]">
              <span className="font-medium">
                {p.provider} · {p.status}
                {p.paidAt ? ` · ${formatDhakaDateTime(p.paidAt)}` : ""}
              </span>
              <span className="tabular-nums sm:text-right">{formatTaka(p.amount)}</span>
              <span className="break-all text-xs text-slate-600 sm:col-span-2">
                Ours {p.tranx}
                {p.gatewayRef ? ` · gateway ref ${p.gatewayRef}` : ""}
                {p.gatewayTxnId ? ` · gateway txn ${p.gatewayTxnId}` : ""}
                {p.reason ? ` · ${p.reason}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Notes({ order }: { order: AdminOrder }) {
  const { run, pending } = useMutation();
  const [body, setBody] = useState("");
  const [error, setError] = useState("");
  return (
    <section aria-labelledby="notes-heading" className={card}>
      <h2 id="notes-heading" className={h2}>
        Internal notes
      </h2>
      <p className="mb-2 text-xs text-slate-600">Only staff see these; the buyer never does.</p>
      <form
        noValidate
        className="space-y-2"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!body.trim()) {
            setError("The note is required");
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
          label="New note"
          name="note"
          maxLength={2000}
          value={body}
          error={error}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" variant="secondary" loading={pending}>
          Add note
        </Button>
      </form>
      {order.notes.length ? (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="order-notes">
          {order.notes.map((n) => (
            <li key={n.id} className="py-2">
              <p className="break-words whitespace-pre-line">{n.body}</p>
              <p className="text-xs text-slate-600">
                {n.author ?? "Staff"} · {formatDhakaDateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function History({ order }: { order: AdminOrder }) {
  return (
    <section aria-labelledby="history-heading" className={card}>
      <h2 id="history-heading" className={h2}>
        History
      </h2>
      <ol className="space-y-2 text-sm">
        {order.history.map((e) => (
          <li key={e.id}>
            <p className="font-medium">{historyWords(e.status)}</p>
            {e.note ? <p className="break-words text-slate-700">{e.note}</p> : null}
            <p className="text-xs text-slate-600">
              {e.actor ? `${e.actor} · ` : ""}
              {formatDhakaDateTime(e.at)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
