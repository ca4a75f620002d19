import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MIN_PASSWORD_LENGTH, MIN_PHONE_LENGTH } from "../../../contracts/messages";
import { normalisePhone } from "../../../contracts/phone";
import { CodeField, PhoneField } from "../../components/auth/account-fields";
import { BotCheck, botTokenOf, resetBotCheck } from "../../components/auth/bot-check";
import { formValues, type Refusal, useFormAnswer } from "../../components/auth/form-answer";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, TextField } from "../../components/ui/field";
import { translate, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { pageLocale } from "../../lib/meta";
import type { Route } from "./+types/forget";
import { forgetAction } from "./forget.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(pageLocale(matches), /*i18n*/ "Forget Password") },
];

/** The page's forms posted before or without JavaScript (HTML first; forget.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return forgetAction(context, request);
}

// What POST /api/auth/forget answers, whether or not the number has an account.
const CODE_SENT = /*i18n*/ "If this number has an account, we have sent it a 6-digit code.";

function ResetForm({
  phone,
  sentMessage,
  refusal,
}: {
  phone: string;
  sentMessage: string;
  refusal: Refusal;
}) {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  const [done, setDone] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState(sentMessage);
  const [resending, setResending] = useState(false);
  const { errors, formError, busy, run, fail, clear } = useFormAnswer(["code", "password"], refusal);

  async function resend() {
    setResending(true);
    clear();
    try {
      setNotice(
        (await api("POST", "/api/auth/forget", { phone, botToken: botTokenOf(formRef.current) })).message,
      );
    } catch (err) {
      resetBotCheck();
      fail((err as Error).message);
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
    <form
      ref={formRef}
      method="post"
      noValidate={hydrated}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = formValues(e.currentTarget, ["phone", "code", "password"]);
        void run(async () => {
          setDone((await api("POST", "/api/auth/reset", values)).message);
        });
      }}
    >
      <FormMessage tone="success">{notice}</FormMessage>
      <FormMessage>{formError}</FormMessage>
      <input type="hidden" name="phone" value={phone} />
      <CodeField label={i18n._("6-digit code")} error={errors.code} />
      <TextField
        label={i18n._("New password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={128}
        error={errors.password}
      />
      {/* The first submit button: the one Enter presses. */}
      <Button type="submit" name="intent" value="reset" loading={busy} className="w-full">
        {i18n._("Change password")}
      </Button>
      {/* For "Send the code again" (an SMS): the bot check's widget. */}
      <BotCheck />
      <Button
        type="submit"
        name="intent"
        value="forget"
        formNoValidate
        variant="ghost"
        loading={resending}
        onClick={(e) => {
          e.preventDefault();
          void resend();
        }}
        className="w-full"
      >
        {i18n._("Send the code again")}
      </Button>
    </form>
  );
}

/** Password reset by SMS code; never says whether a number has an account. */
export default function ForgetPasswordPage({ actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [sent, setSent] = useState<{ phone: string; message: string } | null>(null);
  const refusal = actionData?.ok === false ? actionData : undefined;
  // The second step's phone: sent by this page's script, or by its form (the action's redirect).
  const phone =
    sent?.phone ?? params.get("phone") ?? (refusal?.intent === "reset" ? refusal.values?.phone : null);
  const { errors, formError, busy, run } = useFormAnswer(
    ["phone"],
    refusal?.intent === "forget" ? refusal : undefined,
  );

  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Forget Password")}>
        <p>{i18n._("We will send a 6-digit code to your phone. Enter it with a new password.")}</p>
      </PageHeading>
      {phone ? (
        <ResetForm phone={phone} sentMessage={sent?.message ?? CODE_SENT} refusal={refusal} />
      ) : (
        <form
          method="post"
          noValidate={hydrated}
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const values = formValues(form, ["phone"]);
            void run(async () => {
              const res = await api("POST", "/api/auth/forget", {
                ...values,
                botToken: botTokenOf(form),
              }).catch((err) => {
                resetBotCheck();
                throw err;
              });
              setSent({ phone: normalisePhone(values.phone) ?? values.phone.trim(), message: res.message });
            });
          }}
        >
          <FormMessage>{formError}</FormMessage>
          <PhoneField
            name="phone"
            required
            minLength={MIN_PHONE_LENGTH}
            maxLength={20}
            defaultValue={refusal?.intent === "forget" ? (refusal.values?.phone ?? "") : ""}
            error={errors.phone}
          />
          <BotCheck />
          <Button type="submit" name="intent" value="forget" loading={busy} className="w-full">
            {i18n._("Send code")}
          </Button>
        </form>
      )}
    </div>
  );
}
