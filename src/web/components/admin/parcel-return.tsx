import { useRevalidator } from "react-router";
import type { AdminOrder } from "../../../contracts/admin-order";
import { courierLabel } from "../../../contracts/fulfilment";
import {
  describeReturnReason,
  type ParcelReturnInput,
  parcelReturnSchema,
  RETURN_REASON_WORDS,
  RETURN_REASONS,
} from "../../../contracts/returns";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormMessage, SelectField, TextAreaField } from "../ui/field";
import { useAdminForm } from "./admin-form";
import { MoneyField } from "./money-field";

/**
 * A shipped parcel that came back: why, and what the courier charges for it. Opened by the
 * "Returned" button, and on an order the courier reported returned, to add what it lacks.
 */
export function ParcelReturnDialog({
  order,
  open,
  onClose,
}: {
  order: AdminOrder;
  open: boolean;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const cod = order.paymentMethod === "cod";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={i18n._("Parcel of order {number} came back", { number: order.number })}
      description={
        order.status === "returned"
          ? i18n._("The courier reported it returned. Record why, and what the courier charges for it.")
          : [
              i18n._("Its stock goes back on the shelf and its invoice gets a credit note."),
              cod
                ? i18n._(
                    "Its cash on delivery ({amount}) was never collected: nobody owes anything for it.",
                    {
                      amount: taka(order.total),
                    },
                  )
                : i18n._("It was paid online: a refund of what was paid is recorded as owed to the buyer."),
              i18n._("The buyer gets one SMS. This cannot be undone."),
            ].join(" ")
      }
    >
      {open ? <ParcelReturnForm order={order} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ParcelReturnForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const revalidator = useRevalidator();
  const { i18n } = useLingui();
  const defaults: ParcelReturnInput = { reason: "refused", charge: 0, note: "" };
  const { form, onSubmit, formError } = useAdminForm({
    schema: parcelReturnSchema,
    defaultValues: defaults,
    toValues: () => defaults,
    savedMessage: i18n._("Recorded as returned"),
    save: async (values) => {
      const res = await api("POST", `/api/admin/orders/${order.id}/return`, values);
      await revalidator.revalidate();
      onDone();
      return res.data;
    },
  });
  const { register, formState, control } = form;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage>{formError}</FormMessage>
      <SelectField
        label={i18n._("Why it came back")}
        options={RETURN_REASONS}
        optionLabel={(r) => i18n._(RETURN_REASON_WORDS[r as keyof typeof RETURN_REASON_WORDS])}
        error={formState.errors.reason?.message}
        {...register("reason")}
      />
      <MoneyField
        control={control}
        name="charge"
        label={i18n._("The courier's return charge (taka)")}
        hint={i18n._("0 when the courier charges nothing. It is recorded as the shop's cost.")}
      />
      <TextAreaField
        label={i18n._("Note (optional)")}
        maxLength={500}
        error={formState.errors.note?.message}
        {...register("note")}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {i18n._("Cancel")}
        </Button>
        <Button type="submit" variant="destructive" loading={formState.isSubmitting}>
          {i18n._("Record the return")}
        </Button>
      </div>
    </form>
  );
}

/** What came back of a returned order: when, why, the courier's charge; a button when it lacks them. */
export function ParcelReturnSummary({ order, onRecord }: { order: AdminOrder; onRecord: () => void }) {
  const { i18n } = useLingui();
  const { taka, dateTime } = useFormat();
  const r = order.parcelReturn;
  if (!r) return null;
  const by = courierLabel(order.courier);
  return (
    <section
      aria-labelledby="return-heading"
      className="rounded-lg border border-orange-200 bg-orange-50 p-4"
    >
      <h2 id="return-heading" className="mb-2 text-lg font-semibold text-slate-900">
        {i18n._("Parcel returned")}
      </h2>
      <p className="text-sm" data-testid="parcel-return">
        <span className="font-medium">{i18n._(describeReturnReason(r.reason))}</span>
        {` · ${dateTime(r.at)}`}
        {by ? ` · ${by}` : ""}
      </p>
      <p className="mt-1 text-sm">
        {r.charge === null
          ? i18n._("The courier's return charge is not recorded yet.")
          : i18n._("The courier's return charge: {amount} (the shop's cost)", { amount: taka(r.charge) })}
      </p>
      {r.charge === null ? (
        <Button className="mt-3" onClick={onRecord}>
          {i18n._("Record why and the charge")}
        </Button>
      ) : null}
    </section>
  );
}
