import { CircleCheck, CircleX, Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { isDigitalKind } from "../../../contracts/catalog";
import { districtLabel } from "../../../contracts/districts";
import { BOUGHT_STATUSES } from "../../../contracts/order-status";
import { BlankBrand } from "../../components/orders/blank-brand";
import { CancelOrderButton, PayNowButton } from "../../components/orders/order-actions";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { OrderItems, OrderTotals } from "../../components/orders/order-summary";
import { Button, buttonClass } from "../../components/ui/button";
import { translate, useFormat, useLingui } from "../../i18n";
import { useCart } from "../../lib/cart";
import { formatDhakaTime } from "../../lib/dates";
import { routeMiddleware } from "../../lib/guards.server";
import { pageLocale } from "../../lib/meta";
import { usePurchaseEvent } from "../../lib/purchase-event";
import type { Route } from "./+types/payment-success";
import { loadOrderByTranx, type OrderCard } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), /*i18n*/ "Payment Successful") },
  { name: "description", content: translate(pageLocale(matches), /*i18n*/ "Payment successful page") },
  { name: "robots", content: "noindex" },
];

/** A signed-out visitor (a session that ended while paying) signs in and comes back here. */
export const middleware: Route.MiddlewareFunction[] = routeMiddleware("auth");

/** The caller's order by the payment attempt in the address; anyone else's is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { order: await loadOrderByTranx(context, params.tranx) };
}

/** How often, and how many times, the page asks again while the gateway's word is on its way. */
const POLL_MS = 3000;
const POLL_TIMES = 10;

function Hero({ order }: { order: OrderCard }) {
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const bought = BOUGHT_STATUSES.includes(order.status);
  const firstName = order.name.split(/\s+/)[0] ?? order.name;
  if (bought) {
    const cod = order.paymentMethod === "cod";
    return (
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-emerald-700" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
          {cod ? i18n._("Order Confirmed") : i18n._("Payment Successful")}
        </h1>
        <p className="mt-2 text-slate-700">
          {i18n._("Thank you, {name}!", { name: firstName })}{" "}
          {cod
            ? i18n._("Your order is confirmed. Please keep {amount} ready to pay the rider in cash.", {
                amount: taka(order.total),
              })
            : order.total > 0
              ? i18n._("We have received your payment of {amount}.", { amount: taka(order.total) })
              : i18n._("Your order is confirmed.")}
        </p>
      </div>
    );
  }
  if (order.status === "pending_payment") {
    return (
      <div className="text-center">
        <Clock aria-hidden="true" className="mx-auto h-14 w-14 text-amber-600" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
          {i18n._("Confirming your payment")}
        </h1>
        <p className="mt-2 text-slate-700">
          {i18n._(
            "Thank you, {name}. We are waiting for the payment gateway to confirm your payment; this usually takes a few seconds and this page updates by itself. If you were charged, your order is safe: it is confirmed as soon as the gateway tells us.",
            { name: firstName },
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="text-center">
      <CircleX aria-hidden="true" className="mx-auto h-14 w-14 text-red-700" />
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {order.status === "payment_failed" ? i18n._("Payment not completed") : i18n._("This order is closed")}
      </h1>
      <p className="mt-2 text-slate-700">
        {order.status === "payment_failed"
          ? i18n._("The payment did not go through and nothing was charged. You can try again below.")
          : i18n._(
              "This order was cancelled or refunded, so there is nothing to pay. You can see it in My orders.",
            )}
      </p>
    </div>
  );
}

/** While the order waits for the gateway's notice, asks again a few times. */
function usePollWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!pending || asked >= POLL_TIMES) return;
    const timer = setTimeout(() => {
      setAsked((n) => n + 1);
      void revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, asked, revalidator]);
  return {
    exhausted: pending && asked >= POLL_TIMES,
    checking: revalidator.state === "loading",
    again: () => {
      setAsked(0);
      void revalidator.revalidate();
    },
  };
}

export default function PaymentSuccessfulPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { locale, dateTime } = useFormat();
  const { order } = loaderData;
  const { reload } = useCart();
  const bought = BOUGHT_STATUSES.includes(order.status);
  const physical = order.lines.some((l) => !isDigitalKind(l.kind));
  const digital = order.lines.filter((l) => isDigitalKind(l.kind));
  const poll = usePollWhilePending(order.status === "pending_payment");

  // The order emptied the cart: the summary (the header's count on the next page) is read again.
  useEffect(() => void reload(), [reload]);

  usePurchaseEvent(order);

  return (
    <div className="space-y-6">
      <BlankBrand />
      <Hero order={order} />

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
              {i18n._("Placed {date}", { date: dateTime(order.createdAt) })}
            </p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <div className="mt-3">
          <OrderItems order={order} />
        </div>
        <div className="mt-2 border-t border-slate-200 pt-3">
          <OrderTotals order={order} />
        </div>
        {physical ? (
          <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
            <p className="font-semibold text-slate-900">{i18n._("Delivering to")}</p>
            <p>
              {order.name}, {order.phone}
            </p>
            <p className="break-words">
              {order.address}, {order.area}, {districtLabel(order.district, locale)}
            </p>
          </div>
        ) : null}
      </section>

      {order.status === "pending_payment" ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          {poll.exhausted ? (
            <p>
              {i18n._(
                "We have not heard from the gateway yet. If the payment went through, the order is confirmed shortly and you will get an SMS.",
              )}
              {order.payBy
                ? ` ${i18n._("Otherwise the order waits for payment until {time}.", {
                    time: formatDhakaTime(order.payBy, locale),
                  })}`
                : ""}
            </p>
          ) : (
            <p role="status">{i18n._("Checking the payment…")}</p>
          )}
          {poll.exhausted ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" loading={poll.checking} onClick={poll.again}>
                {i18n._("Check again")}
              </Button>
              {order.canPay ? (
                <PayNowButton orderId={order.id} variant="secondary">
                  {i18n._("Pay again")}
                </PayNowButton>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {order.status === "payment_failed" ? (
        <div className="flex flex-wrap gap-2">
          {order.canPay ? <PayNowButton orderId={order.id}>{i18n._("Try again")}</PayNowButton> : null}
          {order.canCancel ? <CancelOrderButton orderId={order.id} orderNumber={order.number} /> : null}
        </div>
      ) : null}

      {bought && digital.length > 0 ? (
        <section
          aria-labelledby="access-heading"
          className="rounded-lg border border-brand-100 bg-brand-50 p-4"
        >
          <h2 id="access-heading" className="font-bold text-slate-900">
            {i18n._("Ready for you now")}
          </h2>
          <ul className="mt-2 space-y-2">
            {digital.map((l) => (
              <li key={l.productId} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-medium text-slate-900">{l.title}</span>
                <Link
                  to={l.kind === "ebook" ? `/ebook/${l.productId}/read` : `/content/${l.productId}`}
                  className={buttonClass("primary")}
                >
                  {l.kind === "ebook" ? i18n._("Read now") : i18n._("Start the course")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <nav
        aria-label={i18n._("Next steps")}
        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center"
      >
        {order.invoiceId ? (
          <Link to={`/invoice/${order.invoiceId}`} className={buttonClass("primary")}>
            {i18n._("View invoice")}
          </Link>
        ) : null}
        <Link to={`/orders/${order.id}`} className={buttonClass("secondary")}>
          {i18n._("View order")}
        </Link>
        <Link to="/" className={buttonClass("secondary")}>
          {i18n._("Continue shopping")}
        </Link>
      </nav>
    </div>
  );
}
