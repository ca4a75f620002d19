import { CircleCheck, CircleX, Clock, CreditCard } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useRevalidator, useSearchParams } from "react-router";
import { districtLabel } from "../../../contracts/districts";
import { BOUGHT_STATUSES } from "../../../contracts/order-status";
import { BlankBrand } from "../../components/orders/blank-brand";
import { GatewayHandOff, gatewayOf } from "../../components/orders/gateway-hand-off";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { OrderItems, OrderTotals } from "../../components/orders/order-summary";
import { Button } from "../../components/ui/button";
import { translate, useFormat, useLingui } from "../../i18n";
import { formatDhakaTime } from "../../lib/dates";
import { pageLocale } from "../../lib/meta";
import type { Route } from "./+types/pay";
import { loadPayLink, payLinkAction } from "./pay.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), /*i18n*/ "Pay for your order") },
  { name: "robots", content: "noindex" },
];

/** The order the link names: anyone holding the link sees it and may pay it, signed in or not. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { order: await loadPayLink(context, params) };
}

export async function action({ context, request }: Route.ActionArgs) {
  return payLinkAction(context, request);
}

/** The page an SMS's payment link opens: an order taken by phone, paid online at the gateway. */
export default function PayLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const gateway = gatewayOf(actionData);
  if (gateway) return <GatewayHandOff url={gateway} />;
  return <PayLink order={order} />;
}

function PayLink({ order }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  const { i18n } = useLingui();
  const { taka, locale } = useFormat();
  const bought = BOUGHT_STATUSES.includes(order.status);
  const firstName = order.name.split(/\s+/)[0] ?? order.name;
  // Back from the gateway before its word arrived: the page asks again by itself for a while.
  const [search] = useSearchParams();
  const confirming = order.status === "pending_payment" && search.get("payment") === "pending";
  usePollWhileConfirming(confirming);
  return (
    <div className="space-y-6">
      <BlankBrand />
      <div className="text-center">
        {bought ? (
          <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-emerald-700" />
        ) : confirming ? (
          <Clock aria-hidden="true" className="mx-auto h-14 w-14 text-amber-600" />
        ) : order.canPay ? (
          <CreditCard aria-hidden="true" className="mx-auto h-14 w-14 text-brand-700" />
        ) : (
          <CircleX aria-hidden="true" className="mx-auto h-14 w-14 text-red-700" />
        )}
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
          {bought
            ? i18n._("Payment Successful")
            : confirming
              ? i18n._("Confirming your payment")
              : i18n._("Pay for your order")}
        </h1>
        <p className="mt-2 text-slate-700">
          {bought
            ? `${i18n._("Thank you, {name}!", { name: firstName })} ${i18n._(
                "We have received your payment of {amount}.",
                { amount: taka(order.total) },
              )}`
            : confirming
              ? i18n._(
                  "Thank you, {name}. We are waiting for the payment gateway to confirm your payment; this usually takes a few seconds and this page updates by itself. If you were charged, your order is safe: it is confirmed as soon as the gateway tells us.",
                  { name: firstName },
                )
              : order.canPay
                ? order.status === "payment_failed"
                  ? i18n._("The last payment did not go through, so nothing was charged. You can try again.")
                  : i18n._("Hello {name}, here is the order you placed with us by phone.", {
                      name: firstName,
                    })
                : i18n._("This order can no longer be paid. Call us if you still want these items.")}
        </p>
      </div>
      <section
        aria-labelledby="order-heading"
        className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h2 id="order-heading" className="text-lg font-bold text-slate-900">
            {i18n._("Order #{number}", { number: order.number })}
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <OrderItems order={order} />
        <div className="mt-3 border-t border-slate-200 pt-3">
          <OrderTotals order={order} />
        </div>
        {order.district ? (
          <p className="mt-3 text-sm text-slate-700">
            {i18n._("Delivery to {address}", {
              address: [order.address, order.area, districtLabel(order.district, locale)].join(", "),
            })}
          </p>
        ) : null}
        {order.canPay && !confirming ? (
          // A plain post, with or without scripts: the answer is the gateway's page (decision 53).
          <Form method="post" reloadDocument className="mt-5 space-y-2">
            {order.payBy ? (
              <p className="text-sm text-slate-700">
                {i18n._(
                  "Its items are held for you until {time}; after that the order is cancelled and they go back on sale.",
                  { time: formatDhakaTime(order.payBy, locale) },
                )}
              </p>
            ) : null}
            <Button type="submit" className="w-full sm:w-auto">
              {i18n._("Pay {amount} online", { amount: taka(order.total) })}
            </Button>
            <p className="text-xs text-slate-600">
              {i18n._("Pay now with bKash, Nagad, Rocket or a card on the payment gateway's secure page.")}
            </p>
          </Form>
        ) : null}
      </section>
    </div>
  );
}

/** How often, and how many times, the page asks again while the gateway's word is on its way. */
const POLL_MS = 3000;
const POLL_TIMES = 10;

function usePollWhileConfirming(confirming: boolean) {
  const revalidator = useRevalidator();
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!confirming || asked >= POLL_TIMES) return;
    const timer = setTimeout(() => {
      setAsked((n) => n + 1);
      void revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [confirming, asked, revalidator]);
}
