import { Truck } from "lucide-react";
import type { DeliveryZone } from "../../../contracts/districts";
import { type ParcelLine, parcelEstimates } from "../../../contracts/parcel-estimates";
import { useLingui, useLocale } from "../../i18n";
import { cn } from "../../lib/cn";
import { useRootData } from "../../lib/root-data";
import { datesOf } from "./delivery-estimate";

/**
 * When a cart's parcels arrive in one zone (`parcelEstimates`: the items served now, and the
 * pre-orders and back-orders that come later), from the same time and days as every estimate.
 */
export function useParcelEstimates(zone: DeliveryZone, lines: readonly ParcelLine[]) {
  const root = useRootData();
  const { i18n } = useLingui();
  const locale = useLocale();
  const e = root.deliveryBase
    ? parcelEstimates(new Date(root.deliveryBase.now), root.deliveryBase.days[zone], lines)
    : { now: root.delivery?.[zone] ?? null, later: null };
  const last = e.later ?? e.now;
  return {
    /** "Arrives …" for an order sent as one parcel: with the last item when any comes later. */
    together: last ? i18n._("Arrives {dates}", { dates: datesOf(last, locale) }) : null,
    /** Two parcels' dates, when the cart has items on hand and items that come later; else null. */
    split:
      e.now && e.later
        ? i18n._("Available items arrive {now}; the rest {later}", {
            now: datesOf(e.now, locale),
            later: datesOf(e.later, locale),
          })
        : null,
  };
}

/**
 * A cart's or checkout's delivery estimate. A cart mixing items on hand with items that come later
 * dates each parcel while the checkout's "two parcels" is chosen (the default, and the cart's
 * case), one date, the later, while "ship together" is: the choice's radio is read by CSS, so
 * the line follows it before the page's scripts run and without them.
 */
export function ParcelsEstimateLine({
  zone,
  lines,
  className,
}: {
  zone: DeliveryZone;
  lines: readonly ParcelLine[];
  className?: string;
}) {
  const { together, split } = useParcelEstimates(zone, lines);
  if (!together) return null;
  return (
    <p className={cn("flex gap-2 text-sm text-slate-700", className)} data-testid="delivery-estimate">
      <Truck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {split ? (
        <>
          <span className="group-has-[input[name=waitShipping][value=together]:checked]:hidden">{split}</span>
          <span className="hidden group-has-[input[name=waitShipping][value=together]:checked]:inline">
            {together}
          </span>
        </>
      ) : (
        <span>{together}</span>
      )}
    </p>
  );
}
