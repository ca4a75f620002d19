import { districtLabel } from "../../../contracts/districts";
import { useFormat, useLingui } from "../../i18n";

/**
 * What a customer pays, line by line, as the checkout prices it: subtotal, the coupon's discount,
 * delivery to the district and the total. The playground and a phone order show the same lines.
 */
export function PriceLines({
  subtotalLabel,
  subtotal,
  coupon,
  discount,
  district,
  delivery,
  total,
  totalTestId,
}: {
  subtotalLabel: string;
  subtotal: number;
  coupon: { applied: boolean; code: string } | null | undefined;
  discount: number;
  district: string;
  delivery: number;
  total: number;
  totalTestId: string;
}) {
  const { i18n } = useLingui();
  const { taka, locale } = useFormat();
  return (
    <dl className="space-y-1 text-sm">
      <Row label={subtotalLabel} value={taka(subtotal)} />
      <Row
        label={coupon?.applied ? i18n._("Discount ({code})", { code: coupon.code }) : i18n._("Discount")}
        value={`−${taka(discount)}`}
      />
      <Row
        label={i18n._("Delivery ({district})", { district: districtLabel(district, locale) })}
        value={taka(delivery)}
      />
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
        <dt>{i18n._("Total")}</dt>
        <dd className="tabular-nums" data-testid={totalTestId}>
          {taka(total)}
        </dd>
      </div>
    </dl>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-slate-700">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
