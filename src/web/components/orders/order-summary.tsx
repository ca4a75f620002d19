import { Link } from "react-router";
import type { OrderView } from "../../../contracts/checkout";
import { formatTaka } from "../../../contracts/money";
import { CoverImage } from "../catalog/cover-image";
import { PAYMENT_METHOD_LABEL } from "./labels";

/** The order's lines with their covers (money in poisha). */
export function OrderItems({ order }: { order: OrderView }) {
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
              {l.quantity} × {formatTaka(l.unitPrice)}
            </p>
          </div>
          <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatTaka(l.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount (with the coupon), delivery, total and how it is paid. */
export function OrderTotals({ order }: { order: OrderView }) {
  const digitalOnly = order.lines.every((l) => l.kind === "ebook" || l.kind === "content");
  return (
    <dl className="space-y-1.5 text-slate-800">
      <div className="flex justify-between gap-3">
        <dt>Subtotal</dt>
        <dd className="tabular-nums">{formatTaka(order.subtotal)}</dd>
      </div>
      {order.discount > 0 ? (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
          <dd className="tabular-nums">−{formatTaka(order.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3">
        <dt>Delivery</dt>
        <dd className="tabular-nums">
          {order.delivery > 0 ? formatTaka(order.delivery) : digitalOnly ? "None (digital)" : "Free"}
        </dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatTaka(order.total)}</dd>
      </div>
      <div className="flex justify-between gap-3 pt-1 text-sm text-slate-700">
        <dt>Payment</dt>
        <dd>{PAYMENT_METHOD_LABEL[order.paymentMethod]}</dd>
      </div>
    </dl>
  );
}
