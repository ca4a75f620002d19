import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ProfileUpdateInput, profileUpdateSchema } from "../../../contracts/auth";
import { useLingui } from "../../i18n";
import { ApiError, api, applyFieldErrors } from "../../lib/api";
import { Button } from "../ui/button";
import { FormMessage } from "../ui/field";
import { HscBatchField, PhoneField } from "./account-fields";
import type { Refusal } from "./form-answer";

/**
 * Phone and HSC batch, saved through POST /api/auth/update (the profile dialog and /edit).
 * `onError` takes a failed save; without it the server's message shows on the form. On /edit the
 * form also posts to the page's action before or without JavaScript (`action`), whose refusal
 * (`refusal`) shows on the fields.
 */
export function ProfileForm({
  defaultValues,
  submitLabel,
  onSaved,
  onError,
  action,
  refusal,
}: {
  defaultValues: ProfileUpdateInput;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
  onError?: (err: ApiError) => void;
  action?: string;
  refusal?: Refusal;
}) {
  const { i18n } = useLingui();
  const mine = refusal?.intent === "profile" ? refusal : undefined;
  const [formError, setFormError] = useState(
    mine && !mine.errors?.phone && !mine.errors?.hsc_batch ? mine.message : "",
  );
  // What the fields start with, also in the server's markup (which react-hook-form leaves empty).
  const initial = { ...defaultValues, ...mine?.values };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({ resolver: zodResolver(profileUpdateSchema), defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await api("POST", "/api/auth/update", values);
      await onSaved();
    } catch (err) {
      if (onError) onError(err instanceof ApiError ? err : new ApiError(500, i18n._("Something went wrong")));
      else setFormError(applyFieldErrors(err, setError, ["phone", "hsc_batch"]));
    }
  });

  return (
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <FormMessage>{formError}</FormMessage>
      <PhoneField
        defaultValue={initial.phone}
        error={errors.phone?.message ?? mine?.errors?.phone}
        {...register("phone")}
      />
      <HscBatchField
        defaultValue={initial.hsc_batch}
        error={errors.hsc_batch?.message ?? mine?.errors?.hsc_batch}
        {...register("hsc_batch")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
