import { FileText, Package, Truck } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { BOUGHT_STATUSES } from "../../../contracts/order-status";
import { GatewayHandOff, gatewayOf } from "../../components/orders/gateway-hand-off";
import { PAYMENT_METHOD_LABEL } from "../../components/orders/labels";
import { LineWaitNote } from "../../components/orders/line-wait";
import { CancelOrderButton, PayNowButton } from "../../components/orders/order-actions";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { PaymentNote } from "../../components/orders/payment-note";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders";
import { loadMyOrders, type OrderCard, ordersAction } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "My orders") },
  { name: "robots", content: "noindex" },
];

/** The signed-in buyer's orders, newest first (the guard-auth layout asks for sign-in). */
export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await loadMyOrders(context) };
}

/** "Cancel order" and "Pay now" posted without JavaScript, from here and the payment result pages. */
export async function action({ request, context }: Route.ActionArgs) {
  return ordersAction(context, request);
}

function OrderCardView({ order }: { order: OrderCard }) {
  const { i18n } = useLingui();
  const { number, taka, dateTime } = useFormat();
  const headingId = `order-${order.id}`;

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            <Link to={`/orders/${order.id}`} className="hover:underline">
              {i18n._("Order #{number}", { number: order.number })}
            </Link>
          </h2>
          <p className="text-sm text-slate-700">
            <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>

      <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-slate-800">
        {order.lines.map((l) => (
          <li key={l.productId} className="flex justify-between gap-3">
            <Link to={l.url} className="min-w-0 break-words hover:underline">
              {l.title} <span className="whitespace-nowrap text-slate-600">× {number(l.quantity)}</span>
              <LineWaitNote wait={l.wait} />
            </Link>
            <span className="shrink-0 text-sm text-slate-700 tabular-nums">{taka(l.lineTotal)}</span>
          </li>
        ))}
      </ul>

      <dl className="mt-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-slate-100 pt-3">
        <div className="flex gap-1.5 text-sm text-slate-700">
          <dt className="sr-only">{i18n._("Payment")}</dt>
          <dd>{i18n._(PAYMENT_METHOD_LABEL[order.paymentMethod])}</dd>
        </div>
        <div className="flex items-baseline gap-1.5">
          <dt className="text-slate-700">{i18n._("Total")}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums">{taka(order.total)}</dd>
        </div>
      </dl>

      <PaymentNote order={order} />

      <div className="mt-3 flex flex-wrap gap-2">
        {order.canPay ? <PayNowButton orderId={order.id}>{i18n._("Pay now")}</PayNowButton> : null}
        <Link to={`/orders/${order.id}`} className={buttonClass("secondary")}>
          <Package aria-hidden="true" className="h-4 w-4" />
          {i18n._("Details")}
        </Link>
        {order.canCancel ? (
          <CancelOrderButton
            orderId={order.id}
            orderNumber={order.number}
            paid={order.status === "confirmed" && order.paymentMethod === "gateway" && order.total > 0}
          />
        ) : null}
        {order.invoiceId ? (
          <Link to={`/invoice/${order.invoiceId}`} className={buttonClass("secondary")}>
            <FileText aria-hidden="true" className="h-4 w-4" />
            {i18n._("Invoice")}
          </Link>
        ) : null}
        {order.consignment ? (
          <Link
            to={`/tracking/${encodeURIComponent(order.consignment)}`}
            className={buttonClass("secondary")}
          >
            <Truck aria-hidden="true" className="h-4 w-4" />
            {i18n._("Track")}
          </Link>
        ) : null}
      </div>
    </article>
  );
}

export default function MyOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const { orders } = loaderData;
  // Online payments confirmed since their payment page was left: counted now, once (GA4 purchase).
  useEffect(() => {
    const bought = orders.filter((o) => BOUGHT_STATUSES.includes(o.status));
    if (bought.length) void import("../../lib/analytics-events").then((m) => m.reportConfirmed(bought));
  }, [orders]);
  // "Pay now" posted without the page's scripts: on to the gateway's page on another site.
  const gateway = gatewayOf(actionData);
  if (gateway) return <GatewayHandOff url={gateway} />;
  if (orders.length === 0) {
    return (
      <div className="mx-auto max-w-md py-10 text-center">
        <Package aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{i18n._("No orders yet")}</h1>
        <p className="mt-2 text-slate-700">
          {i18n._("When you buy books, e-books or stationery, your orders show here.")}
        </p>
        <Link to="/" className={buttonClass("primary", "mt-6")}>
          {i18n._("Browse the shop")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title={i18n._("My orders")}>
        <p>
          {orders.length === 1
            ? i18n._("1 order, newest first.")
            : i18n._("{count} orders, newest first.", { count: number(orders.length) })}
        </p>
      </PageHeading>
      <div className="space-y-4">
        {orders.map((o) => (
          <OrderCardView key={o.id} order={o} />
        ))}
      </div>
    </div>
  );
}
