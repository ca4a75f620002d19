import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ProfileUpdateInput, profileUpdateSchema } from "../../../contracts/auth";
import { useLingui } from "../../i18n";
import { ApiError, api, applyFieldErrors } from "../../lib/api";
import { Button } from "../ui/button";
import { FormMessage } from "../ui/field";
import { HscBatchField, PhoneField } from "./account-fields";

/**
 * Phone and HSC batch, saved through POST /api/auth/update (the profile dialog and /edit).
 * `onError` takes a failed save; without it the server's message shows on the form.
 */
export function ProfileForm({
  defaultValues,
  submitLabel,
  onSaved,
  onError,
}: {
  defaultValues: ProfileUpdateInput;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
  onError?: (err: ApiError) => void;
}) {
  const { i18n } = useLingui();
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({ resolver: zodResolver(profileUpdateSchema), defaultValues });

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
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage>{formError}</FormMessage>
      <PhoneField error={errors.phone?.message} {...register("phone")} />
      <HscBatchField error={errors.hsc_batch?.message} {...register("hsc_batch")} />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
