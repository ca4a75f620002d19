import { Trans } from "@lingui/react";
import { useRevalidator } from "react-router";
import { type ProductArea, stockChangeSchema } from "../../../contracts/admin-products";
import type { StockLedger } from "../../../contracts/answers/staff-catalog";
import { OPENING_STOCK_NOTE, STAFF_STOCK_REASONS, STOCK_REASON_LABELS } from "../../../contracts/stock";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/field";
import { useAdminForm } from "./admin-form";

/**
 * A product's stock: the units on hand, a change with its reason (received, damaged, correction,
 * returned), and the ledger that explains the number — staff changes and orders' sales alike.
 */
export function StockPanel({
  area,
  productId,
  ledger,
}: {
  area: ProductArea;
  productId: number;
  ledger: StockLedger;
}) {
  const { i18n } = useLingui();
  const { number, dateTime } = useFormat();
  const revalidator = useRevalidator();
  const { form, onSubmit, formError } = useAdminForm({
    schema: stockChangeSchema,
    defaultValues: { change: undefined as unknown as number, reason: "received" as const, note: "" },
    toValues: () => ({ change: undefined as unknown as number, reason: "received" as const, note: "" }),
    savedMessage: i18n._("Stock changed"),
    save: async (values) => {
      await api("POST", `/api/admin/${area}/${productId}/stock`, values);
      form.reset({ change: undefined as unknown as number, reason: values.reason as "received", note: "" });
      await revalidator.revalidate();
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const err = (message?: string) => (message ? i18n._(message) : undefined);
  return (
    <section
      aria-labelledby="stock-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="stock-heading" className="text-lg font-semibold">
        <Trans
          id="Stock: <0>{count}</0> on hand"
          values={{ count: number(ledger.stock ?? 0) }}
          components={{ 0: <span className="tabular-nums" /> }}
        />
      </h2>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 sm:grid-cols-[8rem_12rem_1fr_auto] sm:items-end"
      >
        <FormMessage>{formError}</FormMessage>
        <TextField
          label={i18n._("Units (+ in, − out)")}
          inputMode="numeric"
          error={err(errors.change?.message)}
          {...register("change", {
            setValueAs: (v) => (v === "" ? Number.NaN : Number(String(v).replace("−", "-"))),
          })}
        />
        <div>
          <label htmlFor="stock-reason" className="mb-1 block text-sm font-medium text-slate-800">
            {i18n._("Reason")}
          </label>
          <select
            id="stock-reason"
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
            {...register("reason")}
          >
            {STAFF_STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {i18n._(STOCK_REASON_LABELS[r])}
              </option>
            ))}
          </select>
        </div>
        <TextField label={i18n._("Note")} error={err(errors.note?.message)} {...register("note")} />
        <Button type="submit" loading={isSubmitting}>
          {i18n._("Change stock")}
        </Button>
      </form>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="overflow-x-auto" aria-label={i18n._("Stock ledger")} tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{i18n._("Stock ledger, newest first")}</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {i18n._("When")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {i18n._("Change")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {i18n._("After")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {i18n._("Reason")}
              </th>
              <th scope="col" className="py-1">
                {i18n._("By / note")}
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.items.map((m) => (
              <tr key={m.id} className="border-t border-slate-100">
                <td className="py-1 pr-3 whitespace-nowrap">{dateTime(m.createdAt)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {m.change > 0 ? `+${number(m.change)}` : number(m.change)}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{number(m.stockAfter)}</td>
                <td className="py-1 pr-3">{i18n._(STOCK_REASON_LABELS[m.reason])}</td>
                <td className="py-1">
                  {m.orderId ? (
                    <a href={`/admin/orders/${m.orderId}`}>
                      {m.note || i18n._("Order #{id}", { id: m.orderId })}
                    </a>
                  ) : (
                    // Ledgers opened before the note was "Opening stock" read "Opening balance".
                    [
                      m.actor,
                      m.note === OPENING_STOCK_NOTE || m.note === "Opening balance"
                        ? i18n._(OPENING_STOCK_NOTE)
                        : m.note,
                    ]
                      .filter(Boolean)
                      .join(" — ")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {ledger.total > ledger.items.length ? (
          <p className="mt-2 text-sm text-slate-600">
            {i18n._("The latest {shown} of {total} changes.", {
              shown: number(ledger.items.length),
              total: number(ledger.total),
            })}
          </p>
        ) : null}
      </section>
    </section>
  );
}
