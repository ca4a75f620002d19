import { Link } from "react-router";
import type { AdminOrder } from "../../../contracts/admin-order";
import { COD_RISK_LEVEL_WORDS, type CodRiskLevel } from "../../../contracts/cod-risk";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

const TONE: Record<CodRiskLevel, string> = {
  none: "bg-slate-100 text-slate-800",
  ok: "bg-emerald-100 text-emerald-900",
  risky: "bg-red-100 text-red-900",
};

/** The COD risk check's verdict on an order's phone, on its colour. */
export function CodRiskBadge({ level }: { level: CodRiskLevel }) {
  const { i18n } = useLingui();
  return (
    <span
      className={cn("inline-block rounded px-2 py-0.5 text-xs font-semibold", TONE[level])}
      data-testid="cod-risk-badge"
    >
      {i18n._(COD_RISK_LEVEL_WORDS[level])}
    </span>
  );
}

/** The phone's parcels as the check counted them, and whether the order waits for a phone call. */
export function CodRiskFigures({ risk }: { risk: NonNullable<AdminOrder["codRisk"]> }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="cod-risk">
      <p className="flex flex-wrap items-center gap-2">
        <CodRiskBadge level={risk.level} />
        {risk.level === "none"
          ? i18n._("First parcel to this phone: nothing to check.")
          : i18n._(
              "Earlier parcels to this phone: {delivered} delivered, {returned} came back ({refused} refused).",
              {
                delivered: risk.delivered,
                returned: risk.returned,
                refused: risk.refused,
              },
            )}
      </p>
      {risk.held ? (
        <p className="font-medium text-red-900">
          {i18n._("Held for a phone call: it is packed once the buyer confirms by phone.")}
        </p>
      ) : null}
      <p className="text-slate-600">
        <Link to="/admin/orders/cod-risk" className="text-brand-800 underline">
          {i18n._("COD risk rule")}
        </Link>
      </p>
    </div>
  );
}
