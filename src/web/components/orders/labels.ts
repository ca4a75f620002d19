import type { PaymentMethod } from "../../../contracts/checkout";
import type { OrderStatus } from "../../../contracts/order-status";

/** How an order is paid, in English: shown with `i18n._(label)`. */
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  gateway: /*i18n*/ "Online payment",
  cod: /*i18n*/ "Cash on delivery",
};

/** The badge colours of each status (light backgrounds, dark text: AA contrast). */
export const STATUS_TONE: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900 ring-amber-300",
  confirmed: "bg-sky-100 text-sky-900 ring-sky-300",
  processing: "bg-indigo-100 text-indigo-900 ring-indigo-300",
  shipped: "bg-violet-100 text-violet-900 ring-violet-300",
  delivered: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  cancelled: "bg-slate-100 text-slate-800 ring-slate-300",
  refunded: "bg-slate-100 text-slate-800 ring-slate-300",
  payment_failed: "bg-red-100 text-red-900 ring-red-300",
  returned: "bg-orange-100 text-orange-900 ring-orange-300",
};
