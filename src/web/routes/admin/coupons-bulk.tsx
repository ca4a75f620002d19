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
import { api } from "../../lib/api";
import { formatDhakaDateTime } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/coupons-bulk";
import { loadBatches } from "./coupons.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Bulk coupons") }];

export async function loader({ context }: Route.LoaderArgs) {
  return { batches: await loadBatches(context) };
}

const n = (v: number) => v.toLocaleString("en-US");
const asNumber = (v: unknown) => (String(v).trim() === "" ? Number.NaN : Number(v));

/**
 * `/admin/coupon/bulk`: generate up to 10,000 random codes with one set of rules, then download
 * them as CSV or see each code's uses in the list filtered by the batch.
 */
export default function BulkCouponsPage({ loaderData }: Route.ComponentProps) {
  const { batches } = loaderData;
  const revalidator = useRevalidator();
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
    savedMessage: "Codes generated",
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
      <PageHeading title="Bulk coupons">
        <p>
          Make many single codes with the same rules, e.g. one per student of a fair. Codes use{" "}
          {CODE_ALPHABET.length} letters and digits without look-alikes (no 0, O, 1, I or L) and are drawn at
          random: no code can be guessed from another.
        </p>
      </PageHeading>

      {made ? (
        <section
          aria-labelledby="made-heading"
          className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-4"
        >
          <h2 id="made-heading" className="text-lg font-semibold">
            {n(made.batch.quantity)} codes generated (batch #{made.batch.id})
          </h2>
          <p className="text-sm">
            For example: <span className="font-mono break-all">{made.sample.join(", ")}</span>
          </p>
          <p className="flex flex-wrap gap-3">
            <a
              href={made.batch.csv}
              download
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-medium text-white"
            >
              Download CSV
            </a>
            <Link
              to={`/admin/coupon?batch=${made.batch.id}`}
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 font-medium"
            >
              See the codes and their uses
            </Link>
          </p>
        </section>
      ) : null}

      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-4" aria-label="Generate codes">
        <FormMessage>{formError}</FormMessage>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="How many codes"
            inputMode="numeric"
            autoComplete="off"
            hint={`1 to ${n(MAX_BATCH_CODES)}`}
            error={errors.quantity?.message}
            {...register("quantity", { setValueAs: asNumber })}
          />
          <TextField
            label="Prefix (optional)"
            autoComplete="off"
            spellCheck={false}
            hint="e.g. FAIR-"
            error={errors.prefix?.message}
            {...register("prefix")}
          />
          <TextField
            label="Random characters"
            inputMode="numeric"
            autoComplete="off"
            hint={`${MIN_RANDOM_LENGTH} to ${MAX_RANDOM_LENGTH}`}
            error={errors.length?.message}
            {...register("length", { setValueAs: asNumber })}
          />
        </div>
        <p className="text-sm text-slate-700">
          A code looks like{" "}
          <span className="font-mono">
            {prefix}
            {"X".repeat(Math.min(Math.max(length, 1), 16))}
          </span>
        </p>
        <CouponRulesFields form={form as never} usageHint="Uses of each code; 1 makes single-use codes" />
        <Button type="submit" loading={formState.isSubmitting}>
          Generate codes
        </Button>
      </form>

      <section aria-labelledby="batches-heading" className="space-y-2">
        <h2 id="batches-heading" className="text-lg font-semibold">
          Earlier batches
        </h2>
        {batches.length === 0 ? (
          <p className="text-slate-600">No codes generated yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {batches.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">
                    #{b.id} {b.prefix || "(no prefix)"}
                  </span>{" "}
                  <span className="text-sm text-slate-600">
                    {n(b.quantity)} codes, {n(b.used)} used · {formatDhakaDateTime(b.createdAt)}
                  </span>
                </span>
                <span className="flex flex-wrap gap-3">
                  <a href={b.csv} download className="text-brand-800 underline">
                    CSV of batch #{b.id}
                  </a>
                  <Link to={`/admin/coupon?batch=${b.id}`} className="text-brand-800 underline">
                    Uses per code
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
