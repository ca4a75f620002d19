import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { type AddressInput, addressSchema, type SavedAddress } from "../../../contracts/addresses";
import { districtLabel } from "../../../contracts/districts";
import type { z } from "../../../contracts/zod";
import { useLingui, useLocale } from "../../i18n";
import { ApiError, api, applyFieldErrors } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormMessage, TextField } from "../ui/field";
import { AddressFields } from "./address-fields";

const FIELDS = ["name", "phone", "district", "area", "address"] as const;
type FormOutput = z.output<typeof addressSchema>;

// The toaster gives a known English message in the page's language.
const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : /*i18n*/ "Something went wrong. Please try again.";

/** Adds or edits an address in a dialog. */
function AddressForm({
  editing,
  fallback,
  onDone,
}: {
  editing: SavedAddress | null;
  fallback: { name: string; phone: string };
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput, unknown, FormOutput>({
    resolver: zodResolver(addressSchema),
    defaultValues: editing
      ? { ...editing, isDefault: editing.isDefault }
      : {
          name: fallback.name,
          phone: fallback.phone,
          district: "Dhaka",
          area: "",
          address: "",
          isDefault: false,
        },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      if (editing) await api("PUT", `/api/addresses/${editing.id}`, values);
      else await api("POST", "/api/addresses", values);
      toast({ title: i18n._("Address saved") });
      await revalidator.revalidate();
      onDone();
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, FIELDS));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("Full name")}
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        label={i18n._("Phone number")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <AddressFields
        district={register("district")}
        area={register("area")}
        address={register("address")}
        errors={{
          district: errors.district?.message,
          area: errors.area?.message,
          address: errors.address?.message,
        }}
      />
      <label className="flex min-h-11 items-center gap-2 text-slate-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" {...register("isDefault")} />
        {i18n._("Make this my default address")}
      </label>
      <Button type="submit" loading={isSubmitting} className="w-full">
        {i18n._("Save address")}
      </Button>
    </form>
  );
}

/** The address book on the profile: add, edit, delete, make default. */
export function AddressBook({
  addresses,
  fallback,
}: {
  addresses: SavedAddress[];
  fallback: { name: string; phone: string };
}) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const locale = useLocale();
  const [form, setForm] = useState<{ editing: SavedAddress | null } | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(call: () => Promise<unknown>, done: string) {
    if (busy) return;
    setBusy(true);
    try {
      await call();
      toast({ title: done });
    } catch (err) {
      toast({
        title: i18n._("Could not change the address"),
        description: messageOf(err),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
      setDeleting(null);
      void revalidator.revalidate();
    }
  }

  return (
    <section aria-labelledby="address-book" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="address-book" className="text-lg font-bold text-slate-900">
          {i18n._("Address book")}
        </h2>
        <Button variant="secondary" onClick={() => setForm({ editing: null })}>
          {i18n._("Add an address")}
        </Button>
      </div>
      {addresses.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {i18n._("No addresses yet. The address of your next order is kept here for the one after.")}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {addresses.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="font-semibold text-slate-900">
                {a.name}, {a.phone}{" "}
                {a.isDefault ? (
                  <span className="ml-1 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                    {i18n._("Default")}
                  </span>
                ) : null}
              </p>
              <p className="break-words text-slate-800">{a.address}</p>
              <p className="text-slate-700">
                {a.area}, {districtLabel(a.district, locale)}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setForm({ editing: a })}>
                  {i18n._("Edit")}
                </Button>
                {a.isDefault ? null : (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      void act(
                        () => api("POST", `/api/addresses/${a.id}/default`),
                        i18n._("Default address changed"),
                      )
                    }
                  >
                    {i18n._("Make default")}
                  </Button>
                )}
                <Button variant="ghost" onClick={() => setDeleting(a)}>
                  {i18n._("Delete")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        title={form?.editing ? i18n._("Edit address") : i18n._("Add an address")}
      >
        {form ? (
          <AddressForm editing={form.editing} fallback={fallback} onDone={() => setForm(null)} />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !busy && setDeleting(null)}
        title={i18n._("Delete this address?")}
        description={deleting ? `${deleting.address}, ${deleting.area}, ${deleting.district}` : undefined}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => setDeleting(null)}>
            {i18n._("Keep it")}
          </Button>
          <Button
            variant="destructive"
            loading={busy}
            onClick={() =>
              deleting &&
              void act(() => api("DELETE", `/api/addresses/${deleting.id}`), i18n._("Address deleted"))
            }
          >
            {i18n._("Delete")}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
