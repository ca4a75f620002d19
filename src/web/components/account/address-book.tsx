import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { type AddressInput, addressSchema, type SavedAddress } from "../../../contracts/addresses";
import { districtLabel, districtOptions } from "../../../contracts/districts";
import type { z } from "../../../contracts/zod";
import { useLocale } from "../../i18n";
import { ApiError, api, applyFieldErrors } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormMessage, SelectField, TextAreaField, TextField } from "../ui/field";

const FIELDS = ["name", "phone", "district", "area", "address"] as const;
type FormOutput = z.output<typeof addressSchema>;

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong. Please try again.";

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
  const revalidator = useRevalidator();
  const locale = useLocale();
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
      toast({ title: "Address saved" });
      await revalidator.revalidate();
      onDone();
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, FIELDS));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormMessage>{formError}</FormMessage>
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <SelectField
        label="District"
        options={districtOptions(locale)}
        optionLabel={(d) => districtLabel(d, locale)}
        autoComplete="address-level1"
        error={errors.district?.message}
        {...register("district")}
      />
      <TextField
        label="Area / thana"
        autoComplete="address-level2"
        error={errors.area?.message}
        {...register("area")}
      />
      <TextAreaField
        label="Address"
        autoComplete="street-address"
        maxLength={300}
        error={errors.address?.message}
        {...register("address")}
      />
      <label className="flex min-h-11 items-center gap-2 text-slate-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" {...register("isDefault")} />
        Make this my default address
      </label>
      <Button type="submit" loading={isSubmitting} className="w-full">
        Save address
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
      toast({ title: "Could not change the address", description: messageOf(err), variant: "destructive" });
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
          Address book
        </h2>
        <Button variant="secondary" onClick={() => setForm({ editing: null })}>
          Add an address
        </Button>
      </div>
      {addresses.length === 0 ? (
        <p className="mt-2 text-slate-700">
          No addresses yet. The address of your next order is kept here for the one after.
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {addresses.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="font-semibold text-slate-900">
                {a.name}, {a.phone}{" "}
                {a.isDefault ? (
                  <span className="ml-1 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                    Default
                  </span>
                ) : null}
              </p>
              <p className="break-words text-slate-800">{a.address}</p>
              <p className="text-slate-700">
                {a.area}, {districtLabel(a.district, locale)}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setForm({ editing: a })}>
                  Edit
                </Button>
                {a.isDefault ? null : (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      void act(() => api("POST", `/api/addresses/${a.id}/default`), "Default address changed")
                    }
                  >
                    Make default
                  </Button>
                )}
                <Button variant="ghost" onClick={() => setDeleting(a)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        title={form?.editing ? "Edit address" : "Add an address"}
      >
        {form ? (
          <AddressForm editing={form.editing} fallback={fallback} onDone={() => setForm(null)} />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !busy && setDeleting(null)}
        title="Delete this address?"
        description={deleting ? `${deleting.address}, ${deleting.area}, ${deleting.district}` : undefined}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            loading={busy}
            onClick={() =>
              deleting && void act(() => api("DELETE", `/api/addresses/${deleting.id}`), "Address deleted")
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
