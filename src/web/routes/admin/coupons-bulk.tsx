import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  CODE_ALPHABET,
  type CouponBatchResult,
  couponBatchInputSchema,
  DEFAULT_RANDOM_LENGTH,
  MAX_BATCH_CODES,
  MAX_RANDOM_LENGTH,
  MIN_RANDOM_LENGTH,
} from "../../../contracts/admin-coupons";
import { useAdminForm } from "../../components/admin/admin-form";
import { CouponRulesFields, EMPTY_RULES } from "../../components/admin/coupon-rules-fields";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, TextField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/coupons-bulk";
import { loadBatches } from "./coupons.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Bulk coupons") },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { batches: await loadBatches(context) };
}

const asNumber = (v: unknown) => (String(v).trim() === "" ? Number.NaN : Number(v));

/**
 * `/admin/coupon/bulk`: generate up to 10,000 random codes with one set of rules, then download
 * them as CSV or see each code's uses in the list filtered by the batch.
 */
export default function BulkCouponsPage({ loaderData }: Route.ComponentProps) {
  const { batches } = loaderData;
  const revalidator = useRevalidator();
  const { i18n } = useLingui();
  const { number, dateTime, locale } = useFormat();
  const n = (v: number) => (locale === "bn" ? number(v) : v.toLocaleString("en-US"));
  const [made, setMade] = useState<CouponBatchResult | null>(null);
  const { form, onSubmit, formError } = useAdminForm({
    schema: couponBatchInputSchema,
    defaultValues: {
      quantity: 100,
      prefix: "",
      length: DEFAULT_RANDOM_LENGTH,
      ...EMPTY_RULES,
      usageLimit: 1,
    },
    toValues: (v: never) => v,
    savedMessage: i18n._("Codes generated"),
    save: async (values) => {
      const answer = await api<CouponBatchResult>("POST", "/api/admin/coupons/bulk", values);
      setMade(answer.data ?? null);
      await revalidator.revalidate();
      return answer.data;
    },
  });
  const { register, formState, watch } = form;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const prefix = String(watch("prefix") ?? "").toUpperCase();
  const length = Number(watch("length")) || DEFAULT_RANDOM_LENGTH;

  return (
    <div className="space-y-8">
      <PageHeading title={i18n._("Bulk coupons")}>
        <p>
          {i18n._(
            "Make many single codes with the same rules, e.g. one per student of a fair. Codes use {count} letters and digits without look-alikes (no 0, O, 1, I or L) and are drawn at random: no code can be guessed from another.",
            { count: n(CODE_ALPHABET.length) },
          )}
        </p>
      </PageHeading>

      {made ? (
        <section
          aria-labelledby="made-heading"
          className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-4"
        >
          <h2 id="made-heading" className="text-lg font-semibold">
            {i18n._("{count} codes generated (batch #{id})", {
              count: n(made.batch.quantity),
              id: made.batch.id,
            })}
          </h2>
          <p className="text-sm">
            {i18n._("For example:")} <span className="font-mono break-all">{made.sample.join(", ")}</span>
          </p>
          <p className="flex flex-wrap gap-3">
            <a
              href={made.batch.csv}
              download
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-medium text-white"
            >
              {i18n._("Download CSV")}
            </a>
            <Link
              to={`/admin/coupon?batch=${made.batch.id}`}
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 font-medium"
            >
              {i18n._("See the codes and their uses")}
            </Link>
          </p>
        </section>
      ) : null}

      <form
        onSubmit={onSubmit}
        noValidate
        className="max-w-3xl space-y-4"
        aria-label={i18n._("Generate codes")}
      >
        <FormMessage>{formError}</FormMessage>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={i18n._("How many codes")}
            inputMode="numeric"
            autoComplete="off"
            hint={i18n._("{min} to {max}", { min: n(1), max: n(MAX_BATCH_CODES) })}
            error={errors.quantity?.message}
            {...register("quantity", { setValueAs: asNumber })}
          />
          <TextField
            label={i18n._("Prefix (optional)")}
            autoComplete="off"
            spellCheck={false}
            hint={i18n._("e.g. {example}", { example: "FAIR-" })}
            error={errors.prefix?.message}
            {...register("prefix")}
          />
          <TextField
            label={i18n._("Random characters")}
            inputMode="numeric"
            autoComplete="off"
            hint={i18n._("{min} to {max}", { min: n(MIN_RANDOM_LENGTH), max: n(MAX_RANDOM_LENGTH) })}
            error={errors.length?.message}
            {...register("length", { setValueAs: asNumber })}
          />
        </div>
        <p className="text-sm text-slate-700">
          {i18n._("A code looks like")}{" "}
          <span className="font-mono">
            {prefix}
            {"X".repeat(Math.min(Math.max(length, 1), 16))}
          </span>
        </p>
        <CouponRulesFields
          form={form as never}
          usageHint={i18n._("Uses of each code; 1 makes single-use codes")}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          {i18n._("Generate codes")}
        </Button>
      </form>

      <section aria-labelledby="batches-heading" className="space-y-2">
        <h2 id="batches-heading" className="text-lg font-semibold">
          {i18n._("Earlier batches")}
        </h2>
        {batches.length === 0 ? (
          <p className="text-slate-600">{i18n._("No codes generated yet.")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {batches.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">
                    #{b.id} {b.prefix || i18n._("(no prefix)")}
                  </span>{" "}
                  <span className="text-sm text-slate-600">
                    {i18n._("{count} codes, {used} used", { count: n(b.quantity), used: n(b.used) })} ·{" "}
                    {dateTime(b.createdAt)}
                  </span>
                </span>
                <span className="flex flex-wrap gap-3">
                  <a href={b.csv} download className="text-brand-800 underline">
                    {i18n._("CSV of batch #{id}", { id: b.id })}
                  </a>
                  <Link to={`/admin/coupon?batch=${b.id}`} className="text-brand-800 underline">
                    {i18n._("Uses per code")}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
