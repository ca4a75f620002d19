import { zodResolver } from "@hookform/resolvers/zod";
import { Trans } from "@lingui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useRevalidator } from "react-router";
import { verifyPhoneSchema } from "../../../contracts/auth";
import type { z } from "../../../contracts/zod";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, TextField } from "../../components/ui/field";
import { useLingui } from "../../i18n";
import { api, applyFieldErrors } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import type { Route } from "./+types/verify";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Verify your phone") },
];

export default function VerifyPhonePage() {
  const { i18n } = useLingui();
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const [sentTo, setSentTo] = useState("");
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof verifyPhoneSchema>>({
    resolver: zodResolver(verifyPhoneSchema),
    defaultValues: { code: "" },
  });

  async function send() {
    setSending(true);
    setFormError("");
    try {
      setSentTo((await api("POST", "/api/auth/verify/send")).message);
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setSending(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await api("POST", "/api/auth/verify", values);
      await revalidator.revalidate();
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["code"]));
    }
  });

  let body: React.ReactNode;
  if (!user) {
    body = (
      <p>
        <Trans
          id="<0>Sign in</0> to verify your phone number."
          components={{
            0: (
              <Link
                to="/auth/login?redirect=%2Fauth%2Fverify"
                className="font-semibold text-brand-800 underline"
              />
            ),
          }}
        />
      </p>
    );
  } else if (user.phone_verified) {
    body = (
      <div className="space-y-4">
        <FormMessage tone="success">
          {i18n._("Your phone number {phone} is verified.", { phone: user.phone })}
        </FormMessage>
        <Link to="/profile" className="font-semibold text-brand-800 underline">
          {i18n._("Back to your profile")}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p>
          <Trans
            id="We will send a 6-digit code to <0>{phone}</0>. It is valid for 5 minutes."
            values={{ phone: user.phone }}
            components={{ 0: <strong /> }}
          />
        </p>
        <FormMessage tone="success">{sentTo}</FormMessage>
        <FormMessage>{formError}</FormMessage>
        <Button
          variant={sentTo ? "secondary" : "primary"}
          loading={sending}
          onClick={send}
          className="w-full"
        >
          {sentTo ? i18n._("Send the code again") : i18n._("Send code")}
        </Button>
        {sentTo ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField
              label={i18n._("6-digit code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={errors.code?.message}
              {...register("code")}
            />
            <Button type="submit" loading={isSubmitting} className="w-full">
              {i18n._("Verify")}
            </Button>
          </form>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Verify your phone")} />
      {body}
    </div>
  );
}
