import { useState } from "react";
import {
  type Control,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useController,
} from "react-hook-form";
import {
  COUPON_KINDS,
  dhakaLocalToIso,
  isoToDhakaLocal,
  PRODUCT_KIND_LABELS,
} from "../../../contracts/admin-coupons";
import { PRODUCT_KINDS, type ProductKind } from "../../../contracts/catalog";
import { useLingui } from "../../i18n";
import { TextAreaField, TextField } from "../ui/field";
import { MoneyField } from "./money-field";
import { type Picked, SearchPicker } from "./search-picker";

/** The rule fields every coupon form has (a coupon, or every code of a batch). */
export type CouponRuleValues = {
  kind: "percent" | "fixed";
  value: number;
  maxDiscount: number | null;
  minOrder: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  productKinds: ProductKind[];
  productIds: number[];
  active: boolean;
  note: string | null;
};

export const EMPTY_RULES: CouponRuleValues = {
  kind: "percent",
  value: 10,
  maxDiscount: null,
  minOrder: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perUserLimit: null,
  productKinds: [],
  productIds: [],
  active: true,
  note: "",
};

/** A date and time typed in Dhaka's time (the browser's own picker) while the form holds ISO UTC, as the API does. */
function DhakaDateTimeField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label={label}
      hint={hint}
      type="datetime-local"
      error={fieldState.error?.message}
      name={field.name}
      ref={field.ref}
      value={isoToDhakaLocal(field.value as string | null)}
      onBlur={field.onBlur}
      onChange={(e) => field.onChange(dhakaLocalToIso(e.target.value))}
    />
  );
}

/** A count that may be left empty for "no limit": empty is null, anything else a number (NaN is refused by the schema). */
function CountField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      error={fieldState.error?.message}
      name={field.name}
      ref={field.ref}
      value={
        field.value === null || field.value === undefined || Number.isNaN(field.value)
          ? ""
          : String(field.value)
      }
      onBlur={field.onBlur}
      onChange={(e) => {
        const t = e.target.value.trim();
        field.onChange(t === "" ? null : /^\d+$/.test(t) ? Number(t) : Number.NaN);
      }}
    />
  );
}

/**
 * The fields of a coupon's rules: the discount (a percentage, or an amount in taka), its cap and
 * the minimum order, the window in Dhaka time, the limits, the kinds and products it is limited
 * to, whether it is on, and staff's note.
 */
export function CouponRulesFields<T extends CouponRuleValues>({
  form,
  products,
  usageHint,
}: {
  form: UseFormReturn<T>;
  /** The picked products' names, when editing (the coupon's answer names them). */
  products?: Picked[];
  usageHint?: string;
}) {
  // The form is generic over its own fields; these are the rule fields every coupon form has.
  const f = form as unknown as UseFormReturn<CouponRuleValues>;
  const { register, control, watch, setValue, formState } = f;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const kind = watch("kind");
  const kinds = watch("productKinds") ?? [];
  const ids = watch("productIds") ?? [];
  const { i18n } = useLingui();
  const [names, setNames] = useState(() => new Map((products ?? []).map((p) => [p.id, p.label] as const)));
  return (
    <>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-800">{i18n._("Discount")}</legend>
        <div className="flex flex-wrap gap-4">
          {COUPON_KINDS.map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input type="radio" value={k} className="h-5 w-5" {...register("kind")} />
              {k === "percent" ? i18n._("Percentage") : i18n._("Fixed amount")}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {kind === "fixed" ? (
          <MoneyField control={control} name="value" label={i18n._("Amount off (taka)")} />
        ) : (
          <TextField
            label={i18n._("Percent off")}
            inputMode="numeric"
            autoComplete="off"
            hint={i18n._("1 to 100")}
            error={errors.value?.message}
            {...register("value", { setValueAs: (v) => (String(v).trim() === "" ? Number.NaN : Number(v)) })}
          />
        )}
        {kind === "percent" ? (
          <MoneyField
            control={control}
            name="maxDiscount"
            label={i18n._("Largest discount (taka, optional)")}
            hint={i18n._("Empty: no cap")}
          />
        ) : null}
        <MoneyField
          control={control}
          name="minOrder"
          label={i18n._("Minimum order (taka, optional)")}
          hint={i18n._("The cart's total before the discount")}
        />
        <DhakaDateTimeField
          control={control}
          name="startsAt"
          label={i18n._("Starts (Dhaka time, optional)")}
        />
        <DhakaDateTimeField
          control={control}
          name="endsAt"
          label={i18n._("Ends (Dhaka time, optional)")}
          hint={i18n._("Expired from this moment")}
        />
        <CountField
          control={control}
          name="usageLimit"
          label={i18n._("Usage limit (optional)")}
          hint={usageHint ?? i18n._("Uses in all; empty: no limit")}
        />
        <CountField
          control={control}
          name="perUserLimit"
          label={i18n._("Uses per customer (optional)")}
          hint={i18n._("Empty: no limit")}
        />
      </div>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-800">
          {i18n._("Only for these kinds (none: every kind)")}
        </legend>
        <div className="flex flex-wrap gap-x-4">
          {PRODUCT_KINDS.map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={kinds.includes(k)}
                onChange={(e) =>
                  setValue("productKinds", e.target.checked ? [...kinds, k] : kinds.filter((x) => x !== k), {
                    shouldDirty: true,
                  })
                }
              />
              {i18n._(PRODUCT_KIND_LABELS[k])}
            </label>
          ))}
        </div>
        {errors.productKinds?.message ? (
          <p className="mt-1 text-sm text-red-700">{errors.productKinds.message}</p>
        ) : null}
      </fieldset>
      <SearchPicker<{ id: number; title: string; kind: ProductKind }>
        label={i18n._("Only for these products (none: every product)")}
        hint={i18n._("Search the shop's products by title")}
        error={errors.productIds?.message}
        picked={ids.map((id) => ({ id, label: names.get(id) ?? i18n._("Product #{id}", { id }) }))}
        search={(q) => `/api/search?${new URLSearchParams({ q, limit: "10" })}`}
        toPicked={(p) => ({ id: p.id, label: p.title, detail: i18n._(PRODUCT_KIND_LABELS[p.kind]) })}
        onChange={(picked) => {
          setNames((m) => new Map([...m, ...picked.map((p) => [p.id, p.label] as const)]));
          setValue(
            "productIds",
            picked.map((p) => p.id),
            { shouldDirty: true },
          );
        }}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" className="h-5 w-5" {...register("active")} />
        {i18n._("Active (customers can use it within its window)")}
      </label>
      <TextAreaField
        label={i18n._("Note for staff (optional)")}
        rows={2}
        hint={i18n._("What it is for; customers never see it")}
        error={errors.note?.message}
        {...register("note")}
      />
    </>
  );
}
