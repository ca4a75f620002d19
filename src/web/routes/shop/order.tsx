import { ArrowLeft, FileText, RotateCcw, Truck } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { describeRefundMethod } from "../../../contracts/admin-order";
import { isDigitalKind } from "../../../contracts/catalog";
import type { OrderDetail } from "../../../contracts/checkout";
import { describeShipmentState } from "../../../contracts/shipments";
import { GatewayHandOff, gatewayOf } from "../../components/orders/gateway-hand-off";
import { CancelOrderButton, PayNowButton } from "../../components/orders/order-actions";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { OrderItems, OrderTotals } from "../../components/orders/order-summary";
import { PaymentNote } from "../../components/orders/payment-note";
import { Button, buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/order";
import { loadMyOrderDetail, ordersAction } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Order") },
  { name: "robots", content: "noindex" },
];

/** One of the signed-in buyer's orders (the guard-auth layout asks for sign-in); anyone else's is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { order: await loadMyOrderDetail(context, params.id) };
}

/** "Pay now", "Cancel order" and "Buy again" posted without JavaScript: the orders page's forms. */
export async function action({ request, context }: Route.ActionArgs) {
  return ordersAction(context, request);
}

/** A gateway as a buyer knows it. */
const GATEWAY_NAMES: Record<string, string> = {
  bkash: "bKash",
  sslcommerz: "SSLCommerz",
  sandbox: /*i18n*/ "Test gateway",
};

const PAYMENT_STATE_WORDS: Record<OrderDetail["payments"][number]["state"], string> = {
  started: /*i18n*/ "Started, not finished",
  paid: /*i18n*/ "Paid",
  failed: /*i18n*/ "Failed",
  cancelled: /*i18n*/ "Cancelled",
  due: /*i18n*/ "Due on delivery",
};

const REFUND_STATE_WORDS: Record<OrderDetail["refunds"][number]["status"], string> = {
  owed: /*i18n*/ "Being sent",
  pending: /*i18n*/ "Being sent",
  failed: /*i18n*/ "Being sent",
  paid: /*i18n*/ "Sent",
};

/** "Buy again": the order's lines into the cart, through the orders page's action (HTML first). */
function BuyAgainForm({ orderId }: { orderId: number }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <Form method="post" action="/orders" className="contents">
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="back" value={pathname} />
      <Button type="submit" variant="secondary">
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        {i18n._("Buy again")}
      </Button>
    </Form>
  );
}

function Parcels({ order }: { order: OrderDetail }) {
  const { i18n } = useLingui();
  const { number, date } = useFormat();
  const several = order.shipments.length > 1;
  return (
    <ol className="space-y-3">
      {order.shipments.map((s) => (
        <li
          key={s.seq}
          className="rounded-lg border border-slate-200 bg-white p-4"
          aria-labelledby={`parcel-${s.seq}`}
          data-testid="parcel"
        >
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <h3 id={`parcel-${s.seq}`} className="font-bold text-slate-900">
              {several
                ? i18n._("Parcel {seq} of {of}", { seq: number(s.seq), of: number(s.of) })
                : i18n._("Your parcel")}
            </h3>
            <p className="font-semibold text-slate-800">{i18n._(describeShipmentState(s.state))}</p>
          </div>
          {s.parcelText && s.state === "shipped" ? (
            <p className="text-sm text-slate-700">{i18n._(s.parcelText)}</p>
          ) : null}
          <ul className="mt-2 space-y-0.5 text-sm text-slate-800">
            {s.lines.map((l) => (
              <li key={l.lineId} className="break-words">
                {l.title} <span className="whitespace-nowrap text-slate-600">× {number(l.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700">
            {s.courierLabel ? (
              <>
                <dt>{i18n._("Courier")}</dt>
                <dd>{s.courierLabel}</dd>
              </>
            ) : null}
            {s.consignment ? (
              <>
                <dt>{i18n._("Tracking code")}</dt>
                <dd className="break-all font-mono">{s.consignment}</dd>
              </>
            ) : null}
            {s.shippedAt ? (
              <>
                <dt>{i18n._("Sent")}</dt>
                <dd>{date(s.shippedAt)}</dd>
              </>
            ) : null}
            {s.deliveredAt ? (
              <>
                <dt>{i18n._("Delivered")}</dt>
                <dd>{date(s.deliveredAt)}</dd>
              </>
            ) : null}
          </dl>
          {s.trackingPath ? (
            <Link to={s.trackingPath} className={buttonClass("secondary", "mt-3")}>
              <Truck aria-hidden="true" className="h-4 w-4" />
              {several ? i18n._("Track parcel {seq}", { seq: number(s.seq) }) : i18n._("Track")}
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function Payments({ order }: { order: OrderDetail }) {
  const { i18n } = useLingui();
  const { taka, dateTime } = useFormat();
  if (order.payments.length === 0) return null;
  return (
    <ul className="mt-4 divide-y divide-slate-100 border-t border-slate-200 text-sm">
      {order.payments.map((p, i) => {
        const gateway = p.provider ? (GATEWAY_NAMES[p.provider] ?? p.provider) : null;
        const what =
          p.kind === "store_credit"
            ? i18n._("Store credit")
            : p.kind === "cash"
              ? i18n._("Cash on delivery")
              : gateway
                ? i18n._("Online payment ({gateway})", { gateway: i18n._(gateway) })
                : i18n._("Online payment");
        return (
          // Payments have no id of their own on the page; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, oldest first
          <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
            <span className="min-w-0">
              <span className="font-semibold text-slate-900">{what}</span>
              <span className="block text-slate-700">
                {i18n._(PAYMENT_STATE_WORDS[p.state])}
                {p.state === "due" ? null : (
                  <>
                    {" · "}
                    <time dateTime={p.at}>{dateTime(p.at)}</time>
                  </>
                )}
              </span>
            </span>
            <span className="tabular-nums font-semibold text-slate-900">{taka(p.amount)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function InvoiceAndCredits({ order }: { order: OrderDetail }) {
  const { i18n } = useLingui();
  const { taka, date } = useFormat();
  if (!order.invoiceId && order.refunds.length === 0) return null;
  return (
    <section aria-labelledby="invoice-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invoice-heading" className="text-lg font-bold text-slate-900">
        {order.creditNotes.length > 0 ? i18n._("Invoice and credit notes") : i18n._("Invoice")}
      </h2>
      {order.invoiceId ? (
        <Link to={`/invoice/${order.invoiceId}`} className={buttonClass("secondary", "mt-3")}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          {i18n._("Invoice")}
        </Link>
      ) : null}
      {order.creditNotes.length > 0 ? (
        <ul className="mt-3 space-y-2 text-sm">
          {order.creditNotes.map((n) => (
            <li key={n.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="min-w-0">
                <Link
                  to={`/invoice/${order.invoiceId}#cn-${n.id}`}
                  className="font-semibold text-brand-800 underline"
                >
                  {i18n._("Credit note {number}", { number: n.number })}
                </Link>
                <span className="block break-words text-slate-700">
                  {date(n.issuedAt)} · {n.reason}
                </span>
              </span>
              <span className="tabular-nums font-semibold">−{taka(n.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {order.refunds.length > 0 ? (
        <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-800">
          {order.refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span>
                {i18n._("Refund to {method}", { method: i18n._(describeRefundMethod(r.method)) })}
                {" · "}
                {i18n._(REFUND_STATE_WORDS[r.status])}
                {r.paidAt ? ` · ${date(r.paidAt)}` : ""}
              </span>
              <span className="tabular-nums font-semibold">{taka(r.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { dateTime } = useFormat();
  const { order } = loaderData;
  // "Pay now" posted without the page's scripts: on to the gateway's page on another site.
  const gateway = gatewayOf(actionData);
  if (gateway) return <GatewayHandOff url={gateway} />;
  const physical = order.lines.some((l) => !isDigitalKind(l.kind));
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <Link
        to="/orders"
        className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {i18n._("My orders")}
      </Link>

      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">
            {i18n._("Order #{number}", { number: order.number })}
          </h1>
          <p className="text-slate-700">{i18n._("Placed {time}", { time: dateTime(order.createdAt) })}</p>
        </div>
        <OrderStatusBadge status={order.status} className="text-base" />
      </header>

      <PaymentNote order={order} boxed />

      <div className="flex flex-wrap gap-2">
        {order.canPay ? <PayNowButton orderId={order.id}>{i18n._("Pay now")}</PayNowButton> : null}
        <BuyAgainForm orderId={order.id} />
        {order.canCancel ? (
          <CancelOrderButton
            orderId={order.id}
            orderNumber={order.number}
            paid={order.status === "confirmed" && order.paymentMethod === "gateway" && order.total > 0}
          />
        ) : null}
      </div>

      {physical ? (
        <section aria-labelledby="delivery-heading" className="space-y-3">
          <h2 id="delivery-heading" className="text-lg font-bold text-slate-900">
            {i18n._("Delivery")}
          </h2>
          <address className="rounded-lg border border-slate-200 bg-white p-4 not-italic text-slate-800">
            <span className="block font-semibold text-slate-900">{order.name}</span>
            <span className="block">{order.phone}</span>
            <span className="block break-words">
              {order.address}, {order.area}, {order.district}
            </span>
            {order.note ? (
              <span className="mt-1 block break-words text-sm text-slate-700">{order.note}</span>
            ) : null}
          </address>
          {order.waitShipping ? (
            <p className="text-sm text-slate-700">
              {order.waitShipping === "split"
                ? i18n._("You chose to have what is in stock sent now and the rest when it arrives.")
                : i18n._("You chose to have everything sent together when all of it has arrived.")}
            </p>
          ) : null}
          <Parcels order={order} />
        </section>
      ) : null}

      <section aria-labelledby="items-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="items-heading" className="text-lg font-bold text-slate-900">
          {i18n._("Items")}
        </h2>
        <OrderItems order={order} />
      </section>

      <section aria-labelledby="payment-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="payment-heading" className="mb-3 text-lg font-bold text-slate-900">
          {i18n._("Payment")}
        </h2>
        <OrderTotals order={order} />
        <Payments order={order} />
      </section>

      <InvoiceAndCredits order={order} />
    </div>
  );
}
