import type { Availability } from "../../../contracts/availability";
import { useFormat, useLingui } from "../../i18n";
import { stockState, stockText } from "./labels";

/**
 * A cart or checkout line that comes later: "Pre-order, releases on …" or "From the publisher,
 * ships in N days" (nothing for a line served from stock, which the line's stock note covers).
 */
export function LineAvailability({
  line,
}: {
  line: { type: Parameters<typeof stockState>[0]["kind"]; availability: Availability };
}) {
  const { i18n } = useLingui();
  const format = useFormat();
  const a = line.availability;
  if (a.state !== "preorder" && a.state !== "backorder") return null;
  return (
    <p className="text-sm font-semibold text-brand-800" data-testid="line-availability">
      {stockText(i18n, format, stockState({ kind: line.type, availability: a }))}
    </p>
  );
}
