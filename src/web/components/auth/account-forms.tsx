import { zodResolver } from "@hookform/resolvers/zod";
import { Trans } from "@lingui/react";
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
import { useLingui } from "../../i18n";
import { api, applyFieldErrors } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/field";

/** The caller's name (POST /api/auth/name). */
export function NameForm({ name }: { name: string }) {
  const { i18n } = useLingui();
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
      toast({ title: i18n._("Your name is saved") });
      await revalidator.revalidate();
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["name"]));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={i18n._("Name")}>
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("Name")}
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {i18n._("Save name")}
      </Button>
    </form>
  );
}

/**
 * A new email address: a code is emailed to it (POST /api/auth/email), and only once the code is
 * entered (POST /api/auth/email/confirm) does the account use it; until then the page says so.
 * An address typed at sign-up is not confirmed: the page says so and sends it its own code the
 * same way (decision 46).
 */
export function EmailForm({
  email,
  emailConfirmed,
  pendingEmail,
}: {
  email: string | null;
  emailConfirmed: boolean;
  pendingEmail: string | null;
}) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [formError, setFormError] = useState("");
  const ask = useForm<EmailChangeInput>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: pendingEmail && pendingEmail !== email ? pendingEmail : "" },
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
  const [sendingOwn, setSendingOwn] = useState(false);
  /** The account's own unconfirmed address asks for its code. */
  async function sendOwnCode() {
    if (!email) return;
    setFormError("");
    setSendingOwn(true);
    try {
      const res = await api("POST", "/api/auth/email", { email });
      toast({ title: res.message });
      await revalidator.revalidate();
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setSendingOwn(false);
    }
  }
  const confirmingOwn = email !== null && pendingEmail === email;
  /** A change to another address waits for its code. */
  const changePending = pendingEmail !== null && !confirmingOwn;
  const onConfirm = confirm.handleSubmit(async (values) => {
    setFormError("");
    try {
      await api("POST", "/api/auth/email/confirm", values);
      toast({
        title: confirmingOwn
          ? i18n._("Your email address is confirmed")
          : i18n._("Your email address is changed"),
      });
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
        <Trans
          id="Your email: <0>{email}</0>"
          values={{ email: email ?? i18n._("Not set") }}
          components={{ 0: <strong /> }}
        />
        {email && emailConfirmed ? ` (${i18n._("confirmed")})` : null}
      </p>
      {email && !emailConfirmed && !confirmingOwn ? (
        <div role="status" className="space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            {i18n._(
              "Your email address is not confirmed. Confirm it with the code we email to it: until then, Google sign-in does not open this account.",
            )}
          </p>
          <Button type="button" variant="secondary" loading={sendingOwn} onClick={sendOwnCode}>
            {i18n._("Email me a code")}
          </Button>
        </div>
      ) : null}
      <FormMessage>{formError}</FormMessage>
      {pendingEmail ? (
        <form
          onSubmit={onConfirm}
          noValidate
          className="space-y-4"
          aria-label={confirmingOwn ? i18n._("Confirm your email") : i18n._("Confirm your new email")}
        >
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <Trans
              id="Confirmation pending: we sent a 6-digit code to <0>{pendingEmail}</0>."
              values={{ pendingEmail }}
              components={{ 0: <strong /> }}
            />{" "}
            {confirmingOwn
              ? i18n._("Enter it to confirm your email.")
              : email
                ? i18n._("Your email stays {email} until you enter it.", { email })
                : i18n._("Enter it to use this address.")}
          </p>
          <TextField
            label={i18n._("Code from the email")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={confirm.formState.errors.code?.message}
            {...confirm.register("code")}
          />
          <Button type="submit" loading={confirm.formState.isSubmitting} className="w-full">
            {i18n._("Confirm email")}
          </Button>
          {confirmingOwn ? (
            <Button
              type="button"
              variant="secondary"
              loading={sendingOwn}
              onClick={sendOwnCode}
              className="w-full"
            >
              {i18n._("Email me a new code")}
            </Button>
          ) : null}
        </form>
      ) : null}
      <form onSubmit={onAsk} noValidate className="space-y-4" aria-label={i18n._("Change email")}>
        <TextField
          label={changePending ? i18n._("New email (or ask for a new code)") : i18n._("New email")}
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
          {changePending ? i18n._("Send a new code") : i18n._("Send a code")}
        </Button>
      </form>
    </div>
  );
}

/** A new password given the current one (POST /api/auth/password); other devices are signed out. */
export function PasswordChangeForm() {
  const { i18n } = useLingui();
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
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={i18n._("Change password")}>
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("Current password")}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <TextField
        label={i18n._("New password")}
        type="password"
        autoComplete="new-password"
        hint={i18n._("At least 6 characters. Your other devices will be signed out.")}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {i18n._("Change password")}
      </Button>
    </form>
  );
}
