import type { OrderView } from "../../../contracts/checkout";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { formatDhakaTime } from "../../lib/dates";

/**
 * What an unpaid order waits for: its payment until a time, or another try after a failed one.
 * Nothing for any other order. `boxed` sets it on a tinted panel (the order's own page).
 */
export function PaymentNote({ order, boxed = false }: { order: OrderView; boxed?: boolean }) {
  const { i18n } = useLingui();
  const { locale } = useFormat();
  if (order.status === "pending_payment" && order.payBy) {
    return (
      <p className={cn("text-amber-900", boxed ? "rounded-md bg-amber-50 p-3" : "mt-2 text-sm")}>
        {i18n._("Waiting for payment until {time}; after that the order is cancelled.", {
          time: formatDhakaTime(order.payBy, locale),
        })}
      </p>
    );
  }
  if (order.status === "payment_failed") {
    return (
      <p className={cn("text-red-800", boxed ? "rounded-md bg-red-50 p-3" : "mt-2 text-sm")}>
        {i18n._("The payment did not go through. Pay again or cancel the order.")}
      </p>
    );
  }
  return null;
}
