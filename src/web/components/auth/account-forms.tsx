import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import {
  type EmailChangeInput,
  emailChangeSchema,
  emailConfirmSchema,
  type NameUpdateInput,
  nameUpdateSchema,
  type PasswordChangeInput,
  passwordChangeSchema,
} from "../../../contracts/auth";
import type { z } from "../../../contracts/zod";
import { api, applyFieldErrors } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/field";

/** The caller's name (POST /api/auth/name). */
export function NameForm({ name }: { name: string }) {
  const revalidator = useRevalidator();
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NameUpdateInput>({ resolver: zodResolver(nameUpdateSchema), defaultValues: { name } });
  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await api("POST", "/api/auth/name", values);
      toast({ title: "Your name is saved" });
      await revalidator.revalidate();
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["name"]));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Name">
      <FormMessage>{formError}</FormMessage>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <Button type="submit" loading={isSubmitting} className="w-full">
        Save name
      </Button>
    </form>
  );
}

/**
 * A new email address: a code is emailed to it (POST /api/auth/email), and only once the code is
 * entered (POST /api/auth/email/confirm) does the account use it; until then the page says so.
 */
export function EmailForm({ email, pendingEmail }: { email: string | null; pendingEmail: string | null }) {
  const revalidator = useRevalidator();
  const [formError, setFormError] = useState("");
  const ask = useForm<EmailChangeInput>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: pendingEmail ?? "" },
  });
  const confirm = useForm<z.input<typeof emailConfirmSchema>>({
    resolver: zodResolver(emailConfirmSchema),
    defaultValues: { code: "" },
  });

  const onAsk = ask.handleSubmit(async (values) => {
    setFormError("");
    try {
      const res = await api("POST", "/api/auth/email", values);
      toast({ title: res.message });
      await revalidator.revalidate();
    } catch (err) {
      setFormError(applyFieldErrors(err, ask.setError, ["email"]));
    }
  });
  const onConfirm = confirm.handleSubmit(async (values) => {
    setFormError("");
    try {
      await api("POST", "/api/auth/email/confirm", values);
      toast({ title: "Your email address is changed" });
      confirm.reset({ code: "" });
      ask.reset({ email: "" });
      await revalidator.revalidate();
    } catch (err) {
      setFormError(applyFieldErrors(err, confirm.setError, ["code"]));
    }
  });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Your email: <strong>{email ?? "Not set"}</strong>
      </p>
      <FormMessage>{formError}</FormMessage>
      {pendingEmail ? (
        <form onSubmit={onConfirm} noValidate className="space-y-4" aria-label="Confirm your new email">
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Confirmation pending: we sent a 6-digit code to <strong>{pendingEmail}</strong>.{" "}
            {email ? `Your email stays ${email} until you enter it.` : "Enter it to use this address."}
          </p>
          <TextField
            label="Code from the email"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={confirm.formState.errors.code?.message}
            {...confirm.register("code")}
          />
          <Button type="submit" loading={confirm.formState.isSubmitting} className="w-full">
            Confirm email
          </Button>
        </form>
      ) : null}
      <form onSubmit={onAsk} noValidate className="space-y-4" aria-label="Change email">
        <TextField
          label={pendingEmail ? "New email (or ask for a new code)" : "New email"}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={ask.formState.errors.email?.message}
          {...ask.register("email")}
        />
        <Button
          type="submit"
          variant={pendingEmail ? "secondary" : "primary"}
          loading={ask.formState.isSubmitting}
          className="w-full"
        >
          {pendingEmail ? "Send a new code" : "Send a code"}
        </Button>
      </form>
    </div>
  );
}

/** A new password given the current one (POST /api/auth/password); other devices are signed out. */
export function PasswordChangeForm() {
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      const res = await api("POST", "/api/auth/password", values);
      reset();
      toast({ title: res.message });
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["currentPassword", "newPassword"]));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change password">
      <FormMessage>{formError}</FormMessage>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Your other devices will be signed out."
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        Change password
      </Button>
    </form>
  );
}
