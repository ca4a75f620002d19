import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { BulkResult } from "../../../contracts/admin-answers";
import {
  type AdminCoupon,
  type AdminCouponDetail,
  COUPON_STATE_LABELS,
  COUPON_STATES,
  type CouponState,
  couponEditSchema,
  couponInputSchema,
  USED_COUPON_EDIT,
} from "../../../contracts/admin-coupons";
import { formatTaka } from "../../../contracts/money";
import { AdminFormDialog, useAdminForm } from "../../components/admin/admin-form";
import { CouponRulesFields, EMPTY_RULES } from "../../components/admin/coupon-rules-fields";
import { DataTable, FilterSelect } from "../../components/admin/data-table";
import { useMutation } from "../../components/admin/mutation";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { ApiError, api } from "../../lib/api";
import { formatDhakaDateTime } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/coupons";
import { loadCoupons } from "./coupons.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Coupons") }];

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

const n = (v: number) => v.toLocaleString("en-US");

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

  async function edit(row: AdminCoupon) {
    try {
      const { data } = await api<AdminCouponDetail>("GET", `/api/admin/coupons/${row.id}`);
      if (data) setOpen({ coupon: data });
    } catch (err) {
      toast({
        variant: "destructive",
        title: err instanceof ApiError ? err.message : "Something went wrong. Please try again.",
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
              title: ids.length === 1 ? "Disable this coupon?" : `Disable ${ids.length} coupons?`,
              description: "Customers can no longer apply them. Orders already placed keep their discount.",
              confirmLabel: "Disable",
              destructive: true,
            },
          }),
    });

  const col = createColumnHelper<AdminCoupon>();
  const columns = [
    col.accessor("code", {
      header: "Code",
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
    col.accessor("summary", { header: "Rules", cell: ({ getValue }) => getValue() }),
    col.accessor("state", {
      header: "State",
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span
            className={`inline-block w-fit rounded-full px-2 py-0.5 text-sm font-medium ${STATE_STYLES[row.original.state]}`}
          >
            {COUPON_STATE_LABELS[row.original.state]}
          </span>
          {row.original.startsAt || row.original.endsAt ? (
            <span className="text-xs text-slate-600">
              {row.original.startsAt ? `from ${formatDhakaDateTime(row.original.startsAt)}` : ""}
              {row.original.startsAt && row.original.endsAt ? " " : ""}
              {row.original.endsAt ? `until ${formatDhakaDateTime(row.original.endsAt)}` : ""}
            </span>
          ) : null}
        </span>
      ),
    }),
    col.accessor("usedCount", {
      header: "Uses",
      meta: { sort: "uses", numeric: true },
      cell: ({ row }) =>
        row.original.usageLimit === null
          ? n(row.original.usedCount)
          : `${n(row.original.usedCount)} of ${n(row.original.usageLimit)}`,
    }),
    col.accessor("orders", {
      header: "Sales",
      meta: { numeric: true },
      cell: ({ getValue }) => n(getValue()),
    }),
    col.accessor("discountGiven", {
      header: "Discount given",
      meta: { numeric: true },
      cell: ({ getValue }) => formatTaka(getValue()),
    }),
    col.accessor("revenue", {
      header: "Revenue",
      meta: { numeric: true },
      cell: ({ getValue }) => formatTaka(getValue()),
    }),
    col.accessor("batchId", {
      header: "Batch",
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
      header: "Actions",
      cell: ({ row }) => {
        const c = row.original;
        return (
          <span className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              aria-label={`Edit ${c.code}`}
              onClick={() => edit(c)}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              aria-label={`${c.active ? "Disable" : "Enable"} ${c.code}`}
              disabled={mutation.pending}
              onClick={() => setActive([c.id], !c.active)}
            >
              {c.active ? "Disable" : "Enable"}
            </Button>
            {everUsed(c) ? null : (
              <Button
                variant="ghost"
                className="min-h-9 px-3 text-red-800"
                aria-label={`Delete ${c.code}`}
                disabled={mutation.pending}
                onClick={() =>
                  mutation.run({
                    method: "DELETE",
                    path: `/api/admin/coupons/${c.id}`,
                    confirm: {
                      title: `Delete ${c.code}?`,
                      description: "It has never been used. The code will be gone.",
                      confirmLabel: "Delete coupon",
                      destructive: true,
                    },
                  })
                }
              >
                Delete
              </Button>
            )}
          </span>
        );
      },
    }),
  ];

  return (
    <div>
      <PageHeading title="Coupons">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            Uses, discount given and revenue count orders confirmed, being packed, shipped or delivered;
            cancelled and refunded orders drop out.
          </p>
          <span className="flex flex-wrap gap-2">
            <Link
              to="/admin/coupon/bulk"
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 font-medium"
            >
              Generate codes
            </Link>
            <Button onClick={() => setOpen({ coupon: null })}>New coupon</Button>
          </span>
        </div>
      </PageHeading>
      <DataTable
        label="Coupons"
        columns={columns}
        page={page}
        sort={query?.sort ?? "-createdAt"}
        getRowId={(c) => c.id}
        rowName={(c) => c.code}
        searchLabel="Search by code"
        filters={
          <>
            <FilterSelect
              name="state"
              label="State"
              options={COUPON_STATES.map((s) => ({ value: s, label: COUPON_STATE_LABELS[s] }))}
            />
            <FilterSelect
              name="kind"
              label="Kind"
              options={[
                { value: "percent", label: "Percentage" },
                { value: "fixed", label: "Fixed amount" },
              ]}
            />
            <FilterSelect
              name="batch"
              label="Batch"
              options={batches.map((b) => ({
                value: String(b.id),
                label: `#${b.id}${b.prefix ? ` ${b.prefix}` : ""} (${n(b.quantity)})`,
              }))}
            />
          </>
        }
        bulkActions={[
          { label: "Disable", destructive: true, run: (ids) => setActive(ids, false) },
          { label: "Enable", run: (ids) => setActive(ids, true) },
        ]}
        emptyMessage={query?.q ? `No coupon matches “${query.q}”.` : "No coupons here."}
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
  const { form, onSubmit, formError, conflict } = useAdminForm({
    schema: editing ? couponEditSchema : couponInputSchema,
    defaultValues: coupon ? toValues(coupon) : { code: "", ...EMPTY_RULES },
    toValues,
    savedMessage: editing ? "Coupon saved" : "Coupon added",
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
      title={editing ? `Edit ${coupon.code}` : "New coupon"}
      what="this coupon"
      form={form}
      onSubmit={onSubmit}
      formError={formError}
      conflict={conflict}
      submitLabel={editing ? "Save coupon" : "Add coupon"}
      onClose={onClose}
    >
      {coupon && everUsed(coupon) ? (
        <p className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
          Used {n(coupon.usedCount)} {coupon.usedCount === 1 ? "time" : "times"}. {USED_COUPON_EDIT}
        </p>
      ) : null}
      <TextField
        label="Code"
        autoComplete="off"
        spellCheck={false}
        hint="Letters, digits, - and _; saved in capitals"
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
