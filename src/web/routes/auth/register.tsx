import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { type RegisterInput, registerSchema } from "../../../contracts/auth";
import { HscBatchField, PhoneField } from "../../components/auth/account-fields";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, TextField } from "../../components/ui/field";
import { useLingui } from "../../i18n";
import { api, applyFieldErrors } from "../../lib/api";
import { routeMiddleware } from "../../lib/guards.server";
import { pageTitle } from "../../lib/meta";
import { takeStoredRedirect } from "../../lib/redirect";
import { toast } from "../../lib/toast";
import { forgetOfflineReader } from "../../offline/caches";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Create an account") },
];
export const middleware: Route.MiddlewareFunction[] = routeMiddleware("guest");
export function loader() {
  return null;
}

const FIELDS = ["name", "phone", "email", "password", "hsc_batch"] as const;

export default function RegisterPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: "", phone: "", email: "", password: "", hsc_batch: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await api("POST", "/api/auth/register", values);
      // Pages someone else kept for reading offline (they never signed out here) go now.
      await forgetOfflineReader().catch(() => {});
      toast({
        title: i18n._("Your account is ready"),
        description: i18n._("Verify your phone number from your profile."),
      });
      navigate(takeStoredRedirect() ?? "/", { replace: true });
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, FIELDS));
    }
  });

  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Create an account")} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormMessage>{formError}</FormMessage>
        <TextField
          label={i18n._("Full name")}
          autoComplete="name"
          error={errors.name?.message}
          {...register("name")}
        />
        <PhoneField
          hint={i18n._("Bangladeshi mobile, e.g. 01712345678")}
          error={errors.phone?.message}
          {...register("phone")}
        />
        <TextField
          label={i18n._("Email (optional)")}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label={i18n._("Password")}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <HscBatchField error={errors.hsc_batch?.message} {...register("hsc_batch")} />
        <Button type="submit" loading={isSubmitting} className="w-full">
          {i18n._("Create account")}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        {i18n._("Already have an account?")}{" "}
        <Link to="/auth/login" className="font-semibold text-brand-800 underline">
          {i18n._("Sign in")}
        </Link>
      </p>
    </div>
  );
}
