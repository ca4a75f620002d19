import { zodResolver } from "@hookform/resolvers/zod";
import { type BaseSyntheticEvent, type ReactNode, useState } from "react";
import { type DefaultValues, type FieldValues, type Resolver, useForm } from "react-hook-form";
import { STALE_EDIT } from "../../../contracts/admin";
import type { z } from "../../../contracts/zod";
import { useLingui } from "../../i18n";
import { ApiError, applyFieldErrors } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormMessage } from "../ui/field";
import { confirmAction } from "./confirm";
import { useUnsavedChanges } from "./unsaved-changes";

export type Conflict = { fields: { name: string; mine: unknown }[] };

/**
 * The form of every admin edit (decision 23): react-hook-form checked by the contract's zod
 * schema before anything is sent; the server's field messages shown on the fields; a stale edit
 * (409) loads the colleague's saved values into the form and lists what this staff member had
 * typed differently, to redo on top; unsaved changes guarded. `save` sends the values (with the
 * `version` the form started from) and resolves when the server has them.
 */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>, R = unknown>({
  schema,
  defaultValues,
  save,
  toValues,
  savedMessage,
}: {
  schema: S;
  defaultValues: z.input<S>;
  save: (values: z.output<S>) => Promise<R>;
  /** The form values of the record a 409 carries (the API's answer for the record). */
  toValues: (record: never) => z.input<S>;
  /** The toast after saving, in the page's language (translated by the caller); "Saved" when none. */
  savedMessage?: string;
}) {
  const { i18n } = useLingui();
  type Values = z.input<S>;
  const form = useForm<Values, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Values, unknown, z.output<S>>,
    defaultValues: defaultValues as DefaultValues<Values>,
  });
  const [formError, setFormError] = useState("");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const { isDirty, isSubmitting, isSubmitSuccessful } = form.formState;
  useUnsavedChanges(isDirty && !isSubmitting && !isSubmitSuccessful);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError("");
    try {
      const result = await save(values);
      setConflict(null);
      // What was sent is now the saved state: leaving the page no longer asks.
      form.reset(form.getValues(), { keepValues: true });
      toast({ title: savedMessage ?? i18n._("Saved") });
      return result;
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 409 && err.data !== undefined) {
        const mine = form.getValues() as Record<string, unknown>;
        const started = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
        const theirs = toValues(err.data as never) as Record<string, unknown>;
        const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
        // What this person changed, and the colleague's version does not already say.
        const fields = Object.keys(theirs)
          .filter(
            (name) =>
              name !== "version" && !same(mine[name], started[name]) && !same(mine[name], theirs[name]),
          )
          .map((name) => ({ name, mine: mine[name] }));
        form.reset(theirs as Values);
        setConflict({ fields });
        setFormError(err.message || i18n._(STALE_EDIT));
        return undefined;
      }
      setFormError(applyFieldErrors(err, form.setError as never, Object.keys(defaultValues as object)));
      return undefined;
    }
  });
  return { form, onSubmit, formError, conflict };
}

/**
 * An admin form in a dialog (adding or editing one record): closing with unsaved changes asks
 * first, the form's message and a stale edit's list of what was typed are shown above the fields,
 * and Cancel and the submit button close it. `what` names the record in the question ("this author").
 */
export function AdminFormDialog({
  title,
  what,
  form,
  onSubmit,
  formError,
  conflict,
  submitLabel,
  onClose,
  children,
}: {
  title: string;
  what: string;
  form: { formState: { isDirty: boolean; isSubmitting: boolean } };
  onSubmit: (e?: BaseSyntheticEvent) => Promise<unknown>;
  formError: string;
  conflict: Conflict | null;
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const { isDirty, isSubmitting } = form.formState;
  async function close() {
    if (isDirty) {
      const leave = await confirmAction({
        title: i18n._("Close without saving?"),
        description: i18n._("Your changes to {what} have not been saved and will be lost.", { what }),
        confirmLabel: i18n._("Close"),
        destructive: true,
      });
      if (!leave) return;
    }
    onClose();
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) void close();
      }}
      title={title}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormMessage>{formError}</FormMessage>
        {conflict && conflict.fields.length > 0 ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-medium">{i18n._("What you had typed, to make again on their version:")}</p>
            <ul className="mt-1 list-disc pl-5">
              {conflict.fields.map((f) => (
                <li key={f.name} className="break-words">
                  {f.name}: {typedValue(f.mine) ?? i18n._("(empty)")}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {children}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => void close()}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A typed value as the conflict list shows it: text as it is, anything else as JSON; null when empty. */
function typedValue(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  return typeof v === "string" ? v : JSON.stringify(v);
}
