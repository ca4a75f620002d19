import { Truck } from "lucide-react";
import type { Availability } from "../../../contracts/availability";
import { type DeliveryEstimate, estimatesFor } from "../../../contracts/delivery-estimate";
import type { DeliveryZone } from "../../../contracts/districts";
import type { Locale } from "../../../contracts/locale";
import { useLingui, useLocale } from "../../i18n";
import { cn } from "../../lib/cn";
import { useRootData } from "../../lib/root-data";

/** The estimate's dates in the page's language: English as the server wrote them, Bangla by `Intl`. */
export function datesOf(e: DeliveryEstimate, locale: Locale): string {
  if (locale === "en") return e.text;
  const format = new Intl.DateTimeFormat("bn-BD", { day: "numeric", month: "short", timeZone: "UTC" });
  return format.formatRange(new Date(`${e.from}T00:00:00Z`), new Date(`${e.to}T00:00:00Z`));
}

/**
 * When a parcel ordered now arrives (Dhaka dates, working days from configuration): for one zone
 * (the cart's district), or for both when the district is not known yet (a product page). With an
 * availability, a pre-order's days count from its release and a back-order's add its lead time.
 */
export function DeliveryEstimateLine({
  zone,
  className,
  availability,
}: {
  zone?: DeliveryZone;
  className?: string;
  availability?: Availability;
}) {
  const root = useRootData();
  const delivery =
    availability && availability.state !== "in_stock" && root.deliveryBase
      ? estimatesFor(new Date(root.deliveryBase.now), root.deliveryBase.days, availability)
      : root.delivery;
  const { i18n } = useLingui();
  const locale = useLocale();
  if (!delivery) return null;
  return (
    <p className={cn("flex gap-2 text-sm text-slate-700", className)} data-testid="delivery-estimate">
      <Truck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {zone ? (
        // The district's zone is said beside its field.
        <span>{i18n._("Arrives {dates}", { dates: datesOf(delivery[zone], locale) })}</span>
      ) : (
        <span>
          {i18n._("Arrives {dhaka} inside Dhaka, {outside} outside Dhaka", {
            dhaka: datesOf(delivery.dhaka, locale),
            outside: datesOf(delivery.outside, locale),
          })}
        </span>
      )}
    </p>
  );
}
