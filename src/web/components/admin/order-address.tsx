import { useState } from "react";
import { useRevalidator } from "react-router";
import { type AdminOrder, type OrderAddressInput, orderAddressSchema } from "../../../contracts/admin-order";
import { DISTRICT_NAMES } from "../../../contracts/districts";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { Button } from "../ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "../ui/field";
import { useAdminForm } from "./admin-form";

const toValues = (o: AdminOrder): OrderAddressInput => ({
  district: o.address.district,
  area: o.address.area,
  address: o.address.address,
  note: o.address.note ?? "",
  version: o.version,
});

/**
 * An order of e-books and courses only has no parcel and no address: what the buyer has is access
 * in their library, from the moment the order is confirmed until staff cancel or refund it.
 */
function OrderAccess({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  const words =
    order.status === "confirmed" || order.status === "delivered"
      ? i18n._("Access granted: the e-books and courses are in the buyer's library.")
      : order.status === "cancelled"
        ? i18n._(
            "Access withdrawn: the order was cancelled, so its e-books and courses left the buyer's library.",
          )
        : order.status === "refunded"
          ? i18n._(
              "Access withdrawn: the order was refunded, so its e-books and courses left the buyer's library.",
            )
          : i18n._(
              "No access yet: the e-books and courses open in the buyer's library once the order is paid.",
            );
  return (
    <section aria-labelledby="access-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="access-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {i18n._("Access")}
      </h2>
      <p className="text-sm">{words}</p>
      <p className="mt-2 text-sm text-slate-600">{i18n._("E-books and courses only: nothing to post.")}</p>
    </section>
  );
}

/**
 * The delivery address, shown, and editable until the parcel leaves (with the order's version);
 * an order without a parcel shows the buyer's access instead.
 */
export function OrderAddress({ order }: { order: AdminOrder }) {
  if (!order.physical) return <OrderAccess order={order} />;
  return <ParcelAddress order={order} />;
}

function ParcelAddress({ order }: { order: AdminOrder }) {
  const [editing, setEditing] = useState(false);
  const a = order.address;
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="address-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="address-heading" className="text-lg font-semibold text-slate-900">
          {i18n._("Delivery address")}
        </h2>
        {order.addressEditable && !editing ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {i18n._("Edit address")}
          </Button>
        ) : null}
      </div>
      {editing ? (
        <AddressForm key={order.version} order={order} onDone={() => setEditing(false)} />
      ) : (
        <div className="text-sm">
          {a.address ? (
            <>
              <p className="break-words">{a.address}</p>
              <p>
                {a.area}, {a.district}
              </p>
            </>
          ) : (
            <p>{i18n._("No address: nothing to post (e-books and courses only).")}</p>
          )}
          {a.note ? <p className="mt-1 text-slate-600">{i18n._("Note: {note}", { note: a.note })}</p> : null}
          {!order.addressEditable ? (
            <p className="mt-2 text-slate-600">
              {i18n._("The parcel has left: the address can no longer change.")}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

function AddressForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const revalidator = useRevalidator();
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const { form, onSubmit, formError, conflict } = useAdminForm({
    schema: orderAddressSchema,
    defaultValues: toValues(order),
    toValues,
    savedMessage: i18n._("Address saved"),
    save: async (values) => {
      const res = await api<AdminOrder>("PATCH", `/api/admin/orders/${order.id}`, values);
      form.setValue("version", res.data!.version);
      await revalidator.revalidate();
      onDone();
      return res.data;
    },
  });
  const { register, formState } = form;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage>{formError}</FormMessage>
      {conflict?.fields.length ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{i18n._("What you had typed differently:")}</p>
          <ul className="mt-1 list-disc pl-5">
            {conflict.fields.map((f) => (
              <li key={f.name} className="break-words">
                {f.name}: {String(f.mine)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SelectField
        label={i18n._("District")}
        options={DISTRICT_NAMES}
        error={formState.errors.district?.message}
        {...register("district")}
      />
      <TextField
        label={i18n._("Area")}
        maxLength={80}
        error={formState.errors.area?.message}
        {...register("area")}
      />
      <TextAreaField
        label={i18n._("Address")}
        maxLength={300}
        error={formState.errors.address?.message}
        {...register("address")}
      />
      <TextField
        label={i18n._("Delivery note")}
        maxLength={500}
        error={formState.errors.note?.message}
        {...register("note")}
      />
      <p className="text-sm text-slate-700">
        {i18n._(
          "The delivery charge is not priced again: the order keeps the {amount} the buyer was charged, whatever the new district.",
          { amount: taka(order.delivery) },
        )}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {i18n._("Cancel")}
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          {i18n._("Save address")}
        </Button>
      </div>
    </form>
  );
}
