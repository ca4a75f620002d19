import { useState } from "react";
import { Link } from "react-router";
import {
  COD_RISK_ACTION_WORDS,
  COD_RISK_ACTIONS,
  type CodRiskRuleInput,
  type CodRiskRuleView,
  codRiskRuleSchema,
} from "../../../contracts/cod-risk";
import { useAdminForm } from "../../components/admin/admin-form";
import { HistoryLink } from "../../components/admin/history-link";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, SelectField, TextField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/cod-risk";
import { loadCodRiskRule } from "./cod-risk.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "COD risk rule") },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadCodRiskRule(context);
}

const toValues = (r: CodRiskRuleView): CodRiskRuleInput => ({
  enabled: r.enabled,
  minDeliveredPercent: r.minDeliveredPercent,
  maxReturns: r.maxReturns,
  action: r.action,
  version: r.version,
});

/**
 * When a cash-on-delivery order's phone counts as risky, and what happens then: staff set it here
 * (audited). A phone with no parcels anywhere is never risky.
 */
export default function CodRiskRulePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { dateTime } = useFormat();
  const [saved, setSaved] = useState(loaderData);
  const { form, onSubmit, formError } = useAdminForm({
    schema: codRiskRuleSchema,
    defaultValues: toValues(loaderData),
    toValues,
    savedMessage: i18n._("COD risk rule saved"),
    save: async (values) => {
      const res = await api<CodRiskRuleView>("PUT", "/api/admin/cod-risk-rule", values);
      form.setValue("version", res.data!.version);
      setSaved(res.data!);
      return res.data;
    },
  });
  const { register, formState } = form;
  const error = (m: string | undefined) => (m ? i18n._(m) : undefined);
  return (
    <div>
      <Link to="/admin/orders" className="text-sm text-brand-800 underline">
        ← {i18n._("Orders")}
      </Link>
      <PageHeading title={i18n._("COD risk rule")}>
        <p className="text-sm">
          {i18n._(
            "Before a cash-on-delivery order is packed, the shop counts its phone's parcels: its own, and the courier's record when one is connected. A phone with no parcels anywhere is never risky.",
          )}{" "}
          <HistoryLink entity="cod_risk_rule" id={1} />
        </p>
      </PageHeading>
      <form
        onSubmit={onSubmit}
        noValidate
        className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <FormMessage>{formError}</FormMessage>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="h-5 w-5" {...register("enabled")} />
          {i18n._("Check cash-on-delivery orders")}
        </label>
        <TextField
          label={i18n._("Risky when fewer than this share of its parcels were delivered (%)")}
          inputMode="numeric"
          error={error(formState.errors.minDeliveredPercent?.message)}
          {...register("minDeliveredPercent", { valueAsNumber: true })}
        />
        <TextField
          label={i18n._("…or when this many of its parcels came back")}
          inputMode="numeric"
          error={error(formState.errors.maxReturns?.message)}
          {...register("maxReturns", { valueAsNumber: true })}
        />
        <SelectField
          label={i18n._("What happens to a risky order")}
          options={COD_RISK_ACTIONS}
          optionLabel={(a) => i18n._(COD_RISK_ACTION_WORDS[a as keyof typeof COD_RISK_ACTION_WORDS])}
          error={error(formState.errors.action?.message)}
          {...register("action")}
        />
        <p className="text-sm text-slate-600" data-testid="cod-risk-saved">
          {saved.updatedAt
            ? i18n._("Last saved {when} by {who}.", {
                when: dateTime(saved.updatedAt),
                who: saved.updatedBy ?? "—",
              })
            : i18n._("The shop's default rule: not saved yet.")}{" "}
          {saved.lookup === "none"
            ? i18n._("No courier's record is connected: only the shop's own parcels count.")
            : i18n._("The courier's record ({lookup}) is added to the shop's own.", { lookup: saved.lookup })}
        </p>
        <div className="flex justify-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {i18n._("Save rule")}
          </Button>
        </div>
      </form>
    </div>
  );
}
