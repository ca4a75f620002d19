import type { LineWait } from "../../../contracts/availability";
import { useFormat, useLingui } from "../../i18n";

/** How an order line sold without stock stands: waiting for its release or the publisher, or in stock now. */
export function LineWaitNote({ wait }: { wait: LineWait }) {
  const { i18n } = useLingui();
  const { date } = useFormat();
  if (!wait) return null;
  const on = wait.expectedOn ? date(`${wait.expectedOn}T00:00:00+06:00`) : "";
  return (
    <span className="block text-sm font-semibold text-brand-800" data-testid="line-wait">
      {wait.filled
        ? i18n._("In stock now: it ships")
        : wait.kind === "preorder"
          ? i18n._("Pre-order, releases on {date}", { date: on })
          : i18n._("From the publisher, expected by {date}", { date: on })}
    </span>
  );
}
