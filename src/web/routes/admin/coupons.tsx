import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  type AdminCoupon,
  type AdminCouponDetail,
  COUPON_STATE_LABELS,
  COUPON_STATES,
  type CouponState,
  couponEditSchema,
  couponInputSchema,
  couponSummary,
  USED_COUPON_EDIT,
} from "../../../contracts/admin-coupons";
import type { BulkResult } from "../../../contracts/answers/staff-catalog";
import { AdminFormDialog, useAdminForm } from "../../components/admin/admin-form";
import { CouponRulesFields, EMPTY_RULES } from "../../components/admin/coupon-rules-fields";
import { DataTable, FilterSelect } from "../../components/admin/data-table";
import { useMutation } from "../../components/admin/mutation";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/coupons";
import { loadCoupons } from "./coupons.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Coupons") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCoupons(context, request);
}

const STATE_STYLES: Record<CouponState, string> = {
  active: "bg-emerald-100 text-emerald-900",
  scheduled: "bg-sky-100 text-sky-900",
  expired: "bg-slate-200 text-slate-800",
  "used-up": "bg-amber-100 text-amber-900",
  disabled: "bg-red-100 text-red-900",
};

/** Whether a coupon was ever used on an order (then it can be disabled, not deleted). */
const everUsed = (c: AdminCoupon) => c.usedCount > 0 || c.redemptions > 0 || c.orders > 0;

/**
 * `/admin/coupon`: every coupon with its state, rules, uses, discount given and revenue; adding
 * and editing in a dialog; disabling, enabling and deleting (only a coupon never used).
 */
export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error, batches } = loaderData;
  const [open, setOpen] = useState<{ coupon: AdminCouponDetail | null } | null>(null);
  const mutation = useMutation();
  const { i18n } = useLingui();
  const { taka, dateTime, number, locale } = useFormat();
  const n = (v: number) => (locale === "bn" ? number(v) : v.toLocaleString("en-US"));

  async function edit(row: AdminCoupon) {
    try {
      const { data } = await api<AdminCouponDetail>("GET", `/api/admin/coupons/${row.id}`);
      if (data) setOpen({ coupon: data });
    } catch (err) {
      toast({
        variant: "destructive",
        title: err instanceof ApiError ? err.message : i18n._("Something went wrong. Please try again."),
      });
    }
  }

  const setActive = (ids: number[], active: boolean) =>
    mutation.run<BulkResult>({
      method: "POST",
      path: "/api/admin/coupons/active",
      body: { ids, active },
      ...(active
        ? {}
        : {
            confirm: {
              title:
                ids.length === 1
                  ? i18n._("Disable this coupon?")
                  : i18n._("Disable {count} coupons?", { count: n(ids.length) }),
              description: i18n._(
                "Customers can no longer apply them. Orders already placed keep their discount.",
              ),
              confirmLabel: i18n._("Disable"),
              destructive: true,
            },
          }),
    });

  const col = createColumnHelper<AdminCoupon>();
  const columns = [
    col.accessor("code", {
      header: /*i18n*/ "Code",
      meta: { sort: "code", cardTitle: true },
      cell: ({ row }) => (
        <span className="min-w-0">
          <span className="block font-mono font-medium break-all text-slate-900">{row.original.code}</span>
          {row.original.note ? (
            <span className="block text-sm break-words text-slate-600">{row.original.note}</span>
          ) : null}
        </span>
      ),
    }),
    col.accessor("summary", {
      header: /*i18n*/ "Rules",
      cell: ({ row }) => couponSummary(row.original, locale, (id, values) => i18n._(id, values)),
    }),
    col.accessor("state", {
      header: /*i18n*/ "State",
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span
            className={`inline-block w-fit rounded-full px-2 py-0.5 text-sm font-medium ${STATE_STYLES[row.original.state]}`}
          >
            {i18n._(COUPON_STATE_LABELS[row.original.state])}
          </span>
          {row.original.startsAt || row.original.endsAt ? (
            <span className="text-xs text-slate-600">
              {row.original.startsAt ? i18n._("from {when}", { when: dateTime(row.original.startsAt) }) : ""}
              {row.original.startsAt && row.original.endsAt ? " " : ""}
              {row.original.endsAt ? i18n._("until {when}", { when: dateTime(row.original.endsAt) }) : ""}
            </span>
          ) : null}
        </span>
      ),
    }),
    col.accessor("usedCount", {
      header: /*i18n*/ "Uses",
      meta: { sort: "uses", numeric: true },
      cell: ({ row }) =>
        row.original.usageLimit === null
          ? n(row.original.usedCount)
          : i18n._("{used} of {limit}", {
              used: n(row.original.usedCount),
              limit: n(row.original.usageLimit),
            }),
    }),
    col.accessor("orders", {
      header: /*i18n*/ "Sales",
      meta: { numeric: true },
      cell: ({ getValue }) => n(getValue()),
    }),
    col.accessor("discountGiven", {
      header: /*i18n*/ "Discount given",
      meta: { numeric: true },
      cell: ({ getValue }) => taka(getValue()),
    }),
    col.accessor("revenue", {
      header: /*i18n*/ "Revenue",
      meta: { numeric: true },
      cell: ({ getValue }) => taka(getValue()),
    }),
    col.accessor("batchId", {
      header: /*i18n*/ "Batch",
      cell: ({ getValue }) => {
        const b = getValue();
        return b ? (
          <Link to={`/admin/coupon?batch=${b}`} className="text-brand-800 underline">
            #{b}
          </Link>
        ) : (
          "—"
        );
      },
    }),
    col.display({
      id: "actions",
      header: /*i18n*/ "Actions",
      cell: ({ row }) => {
        const c = row.original;
        return (
          <span className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              aria-label={i18n._("Edit {code}", { code: c.code })}
              onClick={() => edit(c)}
            >
              {i18n._("Edit")}
            </Button>
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              aria-label={
                c.active
                  ? i18n._("Disable {code}", { code: c.code })
                  : i18n._("Enable {code}", { code: c.code })
              }
              disabled={mutation.pending}
              onClick={() => setActive([c.id], !c.active)}
            >
              {c.active ? i18n._("Disable") : i18n._("Enable")}
            </Button>
            {everUsed(c) ? null : (
              <Button
                variant="ghost"
                className="min-h-9 px-3 text-red-800"
                aria-label={i18n._("Delete {code}", { code: c.code })}
                disabled={mutation.pending}
                onClick={() =>
                  mutation.run({
                    method: "DELETE",
                    path: `/api/admin/coupons/${c.id}`,
                    confirm: {
                      title: i18n._("Delete {code}?", { code: c.code }),
                      description: i18n._("It has never been used. The code will be gone."),
                      confirmLabel: i18n._("Delete coupon"),
                      destructive: true,
                    },
                  })
                }
              >
                {i18n._("Delete")}
              </Button>
            )}
          </span>
        );
      },
    }),
  ];

  return (
    <div>
      <PageHeading title={i18n._("Coupons")}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            {i18n._(
              "Uses, discount given and revenue count orders confirmed, being packed, shipped or delivered; cancelled and refunded orders drop out.",
            )}
          </p>
          <span className="flex flex-wrap gap-2">
            <Link
              to="/admin/coupon/bulk"
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 font-medium"
            >
              {i18n._("Generate codes")}
            </Link>
            <Button onClick={() => setOpen({ coupon: null })}>{i18n._("New coupon")}</Button>
          </span>
        </div>
      </PageHeading>
      <DataTable
        label={i18n._("Coupons")}
        columns={columns}
        page={page}
        sort={query?.sort ?? "-createdAt"}
        getRowId={(c) => c.id}
        rowName={(c) => c.code}
        searchLabel={i18n._("Search by code")}
        filters={
          <>
            <FilterSelect
              name="state"
              label={i18n._("State")}
              options={COUPON_STATES.map((s) => ({ value: s, label: i18n._(COUPON_STATE_LABELS[s]) }))}
            />
            <FilterSelect
              name="kind"
              label={i18n._("Kind")}
              options={[
                { value: "percent", label: i18n._("Percentage") },
                { value: "fixed", label: i18n._("Fixed amount") },
              ]}
            />
            <FilterSelect
              name="batch"
              label={i18n._("Batch")}
              options={batches.map((b) => ({
                value: String(b.id),
                label: `#${b.id}${b.prefix ? ` ${b.prefix}` : ""} (${n(b.quantity)})`,
              }))}
            />
          </>
        }
        bulkActions={[
          { label: i18n._("Disable"), destructive: true, run: (ids) => setActive(ids, false) },
          { label: i18n._("Enable"), run: (ids) => setActive(ids, true) },
        ]}
        emptyMessage={
          query?.q ? i18n._("No coupon matches “{q}”.", { q: query.q }) : i18n._("No coupons here.")
        }
        error={error}
      />
      {open ? <CouponDialog coupon={open.coupon} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

const toValues = (c: AdminCouponDetail) => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  maxDiscount: c.maxDiscount,
  minOrder: c.minOrder,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  usageLimit: c.usageLimit,
  perUserLimit: c.perUserLimit,
  productKinds: c.productKinds,
  productIds: c.productIds,
  active: c.active,
  note: c.note ?? "",
  version: c.version,
});

/** Adding (no coupon) or editing a coupon, in a dialog over the list. */
function CouponDialog({ coupon, onClose }: { coupon: AdminCouponDetail | null; onClose: () => void }) {
  const revalidator = useRevalidator();
  const editing = coupon !== null;
  const { i18n } = useLingui();
  const { number, locale } = useFormat();
  const n = (v: number) => (locale === "bn" ? number(v) : v.toLocaleString("en-US"));
  const { form, onSubmit, formError, conflict } = useAdminForm({
    schema: editing ? couponEditSchema : couponInputSchema,
    defaultValues: coupon ? toValues(coupon) : { code: "", ...EMPTY_RULES },
    toValues,
    savedMessage: editing ? i18n._("Coupon saved") : i18n._("Coupon added"),
    save: async (values) => {
      const answer = editing
        ? await api<AdminCouponDetail>("PATCH", `/api/admin/coupons/${coupon.id}`, values)
        : await api<AdminCouponDetail>("POST", "/api/admin/coupons", values);
      await revalidator.revalidate();
      onClose();
      return answer.data;
    },
  });
  const { register, formState } = form;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;

  return (
    <AdminFormDialog
      title={editing ? i18n._("Edit {code}", { code: coupon.code }) : i18n._("New coupon")}
      what={i18n._("this coupon")}
      form={form}
      onSubmit={onSubmit}
      formError={formError}
      conflict={conflict}
      submitLabel={editing ? i18n._("Save coupon") : i18n._("Add coupon")}
      onClose={onClose}
    >
      {coupon && everUsed(coupon) ? (
        <p className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
          {coupon.usedCount === 1
            ? i18n._("Used 1 time.")
            : i18n._("Used {count} times.", { count: n(coupon.usedCount) })}{" "}
          {i18n._(USED_COUPON_EDIT)}
        </p>
      ) : null}
      <TextField
        label={i18n._("Code")}
        autoComplete="off"
        spellCheck={false}
        hint={i18n._("Letters, digits, - and _; saved in capitals")}
        error={errors.code?.message}
        {...register("code")}
      />
      <CouponRulesFields
        form={form as never}
        products={coupon?.products.map((p) => ({ id: p.id, label: p.title }))}
      />
    </AdminFormDialog>
  );
}
