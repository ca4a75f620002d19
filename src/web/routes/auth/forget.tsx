import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { forgetPasswordSchema, resetPasswordSchema } from "../../../contracts/auth";
import type { z } from "../../../contracts/zod";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, TextField } from "../../components/ui/field";
import { translate, useLingui } from "../../i18n";
import { api, applyFieldErrors } from "../../lib/api";
import { pageLocale } from "../../lib/meta";
import type { Route } from "./+types/forget";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), /*i18n*/ "Forget Password") },
];

type ResetInput = z.input<typeof resetPasswordSchema>;

function ResetForm({ phone, sentMessage }: { phone: string; sentMessage: string }) {
  const { i18n } = useLingui();
  const [done, setDone] = useState("");
  const [formError, setFormError] = useState("");
  const [notice, setNotice] = useState(sentMessage);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { phone, code: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      const res = await api("POST", "/api/auth/reset", values);
      setDone(res.message);
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["code", "password"]));
    }
  });

  async function resend() {
    setResending(true);
    setFormError("");
    try {
      setNotice((await api("POST", "/api/auth/forget", { phone })).message);
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setResending(false);
    }
  }

  if (done) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success">{done}</FormMessage>
        <Link to="/auth/login" className="font-semibold text-brand-800 underline">
          {i18n._("Sign in")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage tone="success">{notice}</FormMessage>
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("6-digit code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register("code")}
      />
      <TextField
        label={i18n._("New password")}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {i18n._("Change password")}
      </Button>
      <Button variant="ghost" loading={resending} onClick={resend} className="w-full">
        {i18n._("Send the code again")}
      </Button>
    </form>
  );
}

/** Password reset by SMS code; never says whether a number has an account. */
export default function ForgetPasswordPage() {
  const { i18n } = useLingui();
  const [sent, setSent] = useState<{ phone: string; message: string } | null>(null);
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgetPasswordSchema>>({
    resolver: zodResolver(forgetPasswordSchema),
    defaultValues: { phone: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      const res = await api("POST", "/api/auth/forget", values);
      setSent({ phone: forgetPasswordSchema.parse(values).phone, message: res.message });
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["phone"]));
    }
  });

  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Forget Password")}>
        <p>{i18n._("We will send a 6-digit code to your phone. Enter it with a new password.")}</p>
      </PageHeading>
      {sent ? (
        <ResetForm phone={sent.phone} sentMessage={sent.message} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormMessage>{formError}</FormMessage>
          <TextField
            label={i18n._("Phone number")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register("phone")}
          />
          <Button type="submit" loading={isSubmitting} className="w-full">
            {i18n._("Send code")}
          </Button>
        </form>
      )}
    </div>
  );
}
