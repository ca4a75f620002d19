import { Link } from "react-router";
import { isDigitalKind } from "../../../contracts/catalog";
import type { OrderView } from "../../../contracts/checkout";
import { useFormat, useLingui } from "../../i18n";
import { CoverImage } from "../catalog/cover-image";
import { PAYMENT_METHOD_LABEL } from "./labels";
import { LineWaitNote } from "./line-wait";

/** The order's lines with their covers (money in poisha). */
export function OrderItems({ order }: { order: OrderView }) {
  const { number, taka } = useFormat();
  return (
    <ul className="divide-y divide-slate-200">
      {order.lines.map((l) => (
        <li key={l.productId} className="flex items-center gap-3 py-3">
          <div className="w-12 shrink-0">
            <CoverImage image={l.image} title={l.title} width={48} sizes="48px" />
          </div>
          <div className="min-w-0 flex-1">
            <Link to={l.url} className="line-clamp-2 font-semibold text-slate-900 hover:underline">
              {l.title}
            </Link>
            <p className="text-sm text-slate-700 tabular-nums">
              {number(l.quantity)} × {taka(l.unitPrice)}
            </p>
            <LineWaitNote wait={l.wait} />
          </div>
          <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{taka(l.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount (with the coupon), delivery, store credit spent, total and how it is paid. */
export function OrderTotals({ order }: { order: OrderView }) {
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const digitalOnly = order.lines.every((l) => isDigitalKind(l.kind));
  return (
    <dl className="space-y-1.5 text-slate-800">
      <div className="flex justify-between gap-3">
        <dt>{i18n._("Subtotal")}</dt>
        <dd className="tabular-nums">{taka(order.subtotal)}</dd>
      </div>
      {order.discount > 0 ? (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt>
            {order.couponCode ? i18n._("Discount ({code})", { code: order.couponCode }) : i18n._("Discount")}
          </dt>
          <dd className="tabular-nums">−{taka(order.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3">
        <dt>{i18n._("Delivery")}</dt>
        <dd className="tabular-nums">
          {order.delivery > 0
            ? taka(order.delivery)
            : digitalOnly
              ? i18n._("None (digital)")
              : i18n._("Free")}
        </dd>
      </div>
      {order.storeCredit > 0 ? (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt>{i18n._("Store credit")}</dt>
          <dd className="tabular-nums">−{taka(order.storeCredit)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
        <dt>{i18n._("Total")}</dt>
        <dd className="tabular-nums">{taka(order.total)}</dd>
      </div>
      <div className="flex justify-between gap-3 pt-1 text-sm text-slate-700">
        <dt>{i18n._("Payment")}</dt>
        <dd>{i18n._(PAYMENT_METHOD_LABEL[order.paymentMethod])}</dd>
      </div>
    </dl>
  );
}
