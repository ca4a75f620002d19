import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { type ProfileUpdateInput, profileUpdateSchema } from "../../../contracts/auth";
import { HSC_BATCHES } from "../../../contracts/messages";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, SelectField, TextField } from "../../components/ui/field";
import { api, applyFieldErrors } from "../../lib/api";
import { getApp } from "../../lib/app-context.server";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit profile") }];

export function loader({ context }: Route.LoaderArgs) {
  const user = getApp(context).ctx.user!;
  return { phone: user.phone ?? "", hsc_batch: user.hsc_batch ?? "" };
}

export default function EditProfilePage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({ resolver: zodResolver(profileUpdateSchema), defaultValues: loaderData });

  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await api("POST", "/api/auth/update", values);
      toast({ title: "Profile updated" });
      navigate("/profile");
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["phone", "hsc_batch"]));
    }
  });

  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title="Edit profile">
        <p>A new phone number has to be verified again.</p>
      </PageHeading>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormMessage>{formError}</FormMessage>
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <SelectField
          label="HSC batch"
          options={HSC_BATCHES}
          placeholder="Choose your batch"
          error={errors.hsc_batch?.message}
          {...register("hsc_batch")}
        />
        <Button type="submit" loading={isSubmitting} className="w-full">
          Save
        </Button>
      </form>
    </div>
  );
}
