import { useRevalidator } from "react-router";
import type { StockLedger } from "../../../contracts/admin-answers";
import { type ProductArea, stockChangeSchema } from "../../../contracts/admin-products";
import { STAFF_STOCK_REASONS, STOCK_REASON_LABELS } from "../../../contracts/stock";
import { api } from "../../lib/api";
import { formatDhakaDateTime } from "../../lib/dates";
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
  const revalidator = useRevalidator();
  const { form, onSubmit, formError } = useAdminForm({
    schema: stockChangeSchema,
    defaultValues: { change: undefined as unknown as number, reason: "received" as const, note: "" },
    toValues: () => ({ change: undefined as unknown as number, reason: "received" as const, note: "" }),
    savedMessage: "Stock changed",
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
  return (
    <section
      aria-labelledby="stock-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="stock-heading" className="text-lg font-semibold">
        Stock: <span className="tabular-nums">{ledger.stock ?? 0}</span> on hand
      </h2>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 sm:grid-cols-[8rem_12rem_1fr_auto] sm:items-end"
      >
        <FormMessage>{formError}</FormMessage>
        <TextField
          label="Units (+ in, − out)"
          inputMode="numeric"
          error={errors.change?.message}
          {...register("change", {
            setValueAs: (v) => (v === "" ? Number.NaN : Number(String(v).replace("−", "-"))),
          })}
        />
        <div>
          <label htmlFor="stock-reason" className="mb-1 block text-sm font-medium text-slate-800">
            Reason
          </label>
          <select
            id="stock-reason"
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
            {...register("reason")}
          >
            {STAFF_STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {STOCK_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Note" error={errors.note?.message} {...register("note")} />
        <Button type="submit" loading={isSubmitting}>
          Change stock
        </Button>
      </form>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="overflow-x-auto" aria-label="Stock ledger" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Stock ledger, newest first</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-3">
                When
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Change
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                After
              </th>
              <th scope="col" className="py-1 pr-3">
                Reason
              </th>
              <th scope="col" className="py-1">
                By / note
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.items.map((m) => (
              <tr key={m.id} className="border-t border-slate-100">
                <td className="py-1 pr-3 whitespace-nowrap">{formatDhakaDateTime(m.createdAt)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {m.change > 0 ? `+${m.change}` : m.change}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{m.stockAfter}</td>
                <td className="py-1 pr-3">{STOCK_REASON_LABELS[m.reason]}</td>
                <td className="py-1">
                  {m.orderId ? (
                    <a href={`/admin/orders/${m.orderId}`}>{m.note || `Order #${m.orderId}`}</a>
                  ) : (
                    [m.actor, m.note].filter(Boolean).join(" — ")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {ledger.total > ledger.items.length ? (
          <p className="mt-2 text-sm text-slate-600">
            The latest {ledger.items.length} of {ledger.total} changes.
          </p>
        ) : null}
      </section>
    </section>
  );
}
