import { Trans } from "@lingui/react";
import { CircleX } from "lucide-react";
import { Link } from "react-router";
import { BOUGHT_STATUSES } from "../../../contracts/order-status";
import { BlankBrand } from "../../components/orders/blank-brand";
import { CancelOrderButton, PayNowButton } from "../../components/orders/order-actions";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { buttonClass } from "../../components/ui/button";
import { translate, useFormat, useLingui } from "../../i18n";
import { formatDhakaTime } from "../../lib/dates";
import { pageLocale } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import type { Route } from "./+types/payment-failed";
import { findFailedOrder, type OrderCard } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), /*i18n*/ "Payment Failed") },
  { name: "description", content: translate(pageLocale(matches), /*i18n*/ "Payment Failed page") },
  { name: "robots", content: "noindex" },
];

/** `?order=ID`: the caller's own order, to pay again or cancel; anyone else's is not shown. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { order: await findFailedOrder(context, request) };
}

function OrderPanel({ order }: { order: OrderCard }) {
  const { i18n } = useLingui();
  const { locale, number, taka, dateTime } = useFormat();
  const bought = BOUGHT_STATUSES.includes(order.status);
  return (
    <section
      aria-labelledby="order-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id="order-heading" className="text-lg font-bold text-slate-900">
            {i18n._("Order #{number}", { number: order.number })}
          </h2>
          <p className="text-sm text-slate-700">
            {i18n._("Placed {date}", { date: dateTime(order.createdAt) })} · {taka(order.total)}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <ul className="mt-3 space-y-1 text-sm text-slate-800">
        {order.lines.map((l) => (
          <li key={l.productId} className="break-words">
            {l.title} × {number(l.quantity)}
          </li>
        ))}
      </ul>

      {order.canPay ? (
        <>
          <p className="mt-4 text-sm text-slate-700">
            {order.payBy
              ? i18n._(
                  "Its items are held for you until {time}; after that the order is cancelled and they go back on sale.",
                  { time: formatDhakaTime(order.payBy, locale) },
                )
              : i18n._(
                  "Its items are not held now: trying again holds them again, if they are still in stock.",
                )}
          </p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <PayNowButton orderId={order.id}>{i18n._("Try again")}</PayNowButton>
            {order.canCancel ? <CancelOrderButton orderId={order.id} orderNumber={order.number} /> : null}
          </div>
        </>
      ) : bought ? (
        <p className="mt-4 text-sm text-emerald-900">
          {i18n._("Good news: this order has been paid after all.")}{" "}
          {order.tranx ? (
            <Link
              to={`/payment/${encodeURIComponent(order.tranx)}/success`}
              className="font-semibold underline"
            >
              {i18n._("See the order")}
            </Link>
          ) : null}
        </p>
      ) : (
        <p className="mt-4 text-sm text-slate-700">
          {i18n._("This order can no longer be paid. Add the items to your cart again to order them.")}
        </p>
      )}
    </section>
  );
}

export default function PaymentFailedPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { order } = loaderData;
  const { user } = useRootData();
  return (
    <div className="space-y-6">
      <BlankBrand />
      <div className="text-center">
        <CircleX aria-hidden="true" className="mx-auto h-14 w-14 text-red-700" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{i18n._("Payment Failed")}</h1>
        <p className="mt-2 text-slate-700">
          <Trans
            id="The payment was not completed, so nothing was charged. If money did leave your account, <0>contact us</0> with your order number and we will sort it out."
            components={{ 0: <Link to="/info/contact" className="font-semibold text-brand-800 underline" /> }}
          />
        </p>
        <p className="mt-2 text-slate-700">
          {i18n._(
            "Your order is saved: you can try to pay again or cancel it. Each payment attempt holds the order's items for you for 30 minutes.",
          )}
        </p>
      </div>

      {order ? <OrderPanel order={order} /> : null}

      {!user ? (
        <p className="text-center text-slate-700">
          <Trans
            id="<0>Sign in</0> to see your orders and pay again."
            components={{
              0: (
                <Link to="/auth/login?redirect=/orders" className="font-semibold text-brand-800 underline" />
              ),
            }}
          />
        </p>
      ) : null}

      <nav
        aria-label={i18n._("Next steps")}
        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center"
      >
        <Link to="/orders" className={buttonClass("secondary")}>
          {i18n._("My orders")}
        </Link>
        <Link to="/cart" className={buttonClass("secondary")}>
          {i18n._("Cart")}
        </Link>
        <Link to="/" className={buttonClass("secondary")}>
          {i18n._("Continue shopping")}
        </Link>
      </nav>
    </div>
  );
}
