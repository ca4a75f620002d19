import { describeOrderStatus, type OrderStatus } from "../../../contracts/order-status";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { STATUS_TONE } from "./labels";

/** The order's status in the customer's words, on its colour. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { i18n } = useLingui();
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ring-1 ring-inset",
        STATUS_TONE[status],
        className,
      )}
    >
      {i18n._(describeOrderStatus(status))}
    </span>
  );
}
