import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import {
  type CodOutstanding,
  type CodRemittanceRow,
  codRemittanceFormSchema,
} from "../../../contracts/admin-invoices";
import { courierLabel } from "../../../contracts/fulfilment";
import { dhakaDay } from "../../../contracts/sales";
import { useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/field";
import { useAdminForm } from "./admin-form";
import { confirmAction } from "./confirm";

type Courier = CodOutstanding["couriers"][number];

/** One courier's cash: its delivered COD orders not yet remitted, to tick and record as paid. */
function CourierCash({ courier, today }: { courier: Courier; today: string }) {
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(courier.orders.map((o) => o.id)));
  const revalidator = useRevalidator();
  const { i18n } = useLingui();
  const { taka, number, dateTime } = useFormat();
  const headingId = useId();
  const picked = courier.orders.filter((o) => chosen.has(o.id));
  const amount = picked.reduce((s, o) => s + o.total, 0);
  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const blank = { reference: "", receivedAt: today };
  const { form, onSubmit, formError } = useAdminForm({
    schema: codRemittanceFormSchema,
    defaultValues: blank,
    toValues: () => blank,
    savedMessage: i18n._("Recorded {amount} from {courier}", {
      amount: taka(amount),
      courier: courierLabel(courier.courier) ?? courier.courier,
    }),
    save: async (v) => {
      try {
        const answer = await api<CodRemittanceRow>("POST", "/api/admin/cod/remittances", {
          courier: courier.courier,
          orderIds: picked.map((o) => o.id),
          reference: v.reference,
          // A past day is taken as received by its end; today as now.
          receivedAt: v.receivedAt !== today ? `${v.receivedAt}T23:59:59+06:00` : undefined,
        });
        await revalidator.revalidate();
        return answer.data;
      } catch (err) {
        // Someone else recorded some of these orders: show what is still with the courier.
        if (err instanceof ApiError && err.statusCode === 409) await revalidator.revalidate();
        throw err;
      }
    },
  });
  const { register, formState } = form;
  async function record(e: FormEvent) {
    e.preventDefault();
    if (formState.isSubmitting || !(await form.trigger())) return;
    const go = await confirmAction({
      title: i18n._("Record {amount} from {courier}?", { amount: taka(amount), courier: courier.courier }),
      description: i18n._("{count} orders will be marked as paid by the courier.", {
        count: number(picked.length),
      }),
      confirmLabel: i18n._("Record remittance"),
    });
    if (go) await onSubmit();
  }
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        <span className="capitalize">{courierLabel(courier.courier) ?? courier.courier}</span>:{" "}
        {i18n._("{amount} in {count} orders", { amount: taka(courier.total), count: number(courier.count) })}
      </h3>
      <ul className="mt-2 max-h-80 divide-y divide-slate-100 overflow-y-auto text-sm">
        {courier.orders.map((o) => (
          <li key={o.id}>
            <label className="flex min-h-11 items-center gap-3 py-1">
              <input
                type="checkbox"
                checked={chosen.has(o.id)}
                onChange={() => toggle(o.id)}
                className="h-5 w-5"
                aria-label={i18n._("Order {number}", { number: o.number })}
              />
              <span className="flex-1">
                #{o.number} · {o.buyerName}
                <span className="block text-xs text-slate-600">
                  {i18n._("Delivered {when}", { when: dateTime(o.deliveredAt) })}
                  {o.consignment ? ` · ${o.consignment}` : ""}
                </span>
              </span>
              <span className="tabular-nums">{taka(o.total)}</span>
            </label>
          </li>
        ))}
      </ul>
      <form onSubmit={record} noValidate className="mt-3 space-y-3">
        <FormMessage>{formError}</FormMessage>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <TextField
            label={i18n._("Courier's payment reference")}
            maxLength={100}
            error={formState.errors.reference?.message}
            {...register("reference")}
          />
          <TextField
            label={i18n._("Received on")}
            type="date"
            max={today}
            error={formState.errors.receivedAt?.message}
            {...register("receivedAt")}
          />
          <Button type="submit" loading={formState.isSubmitting} disabled={picked.length === 0}>
            {i18n._("Record {amount}", { amount: taka(amount) })}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** "Cash with couriers": what each courier still owes, recording its payment, the latest payments. */
export function AparCodSection({
  outstanding,
  remittances,
  now,
}: {
  outstanding: CodOutstanding;
  remittances: CodRemittanceRow[];
  now: string;
}) {
  const today = dhakaDay(new Date(now));
  const { i18n } = useLingui();
  const { taka, number, date } = useFormat();
  return (
    <section aria-labelledby="cod-heading" className="space-y-4">
      <h2 id="cod-heading" className="text-xl font-semibold text-slate-900">
        {i18n._("Cash with couriers: {amount}", { amount: taka(outstanding.total) })}
      </h2>
      {outstanding.couriers.length === 0 ? (
        <p className="text-sm text-slate-700">
          {i18n._("Every delivered cash-on-delivery order has been paid by its courier.")}
        </p>
      ) : (
        outstanding.couriers.map((c) => <CourierCash key={c.courier} courier={c} today={today} />)
      )}
      {remittances.length ? (
        <div>
          <h3 className="mb-2 text-base font-semibold text-slate-900">
            {i18n._("Latest payments from couriers")}
          </h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {remittances.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 p-3">
                <span>
                  <span className="font-semibold capitalize">{courierLabel(r.courier) ?? r.courier}</span> ·{" "}
                  {date(r.receivedAt)}
                  {r.reference ? ` · ${r.reference}` : ""} ·{" "}
                  {i18n._("{count} orders", { count: number(r.orderCount) })}
                </span>
                <span className="tabular-nums">{taka(r.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
