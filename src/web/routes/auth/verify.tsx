import { Trans } from "@lingui/react";
import { useRef, useState } from "react";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { CodeField } from "../../components/auth/account-fields";
import { BotCheck, botTokenOf, resetBotCheck } from "../../components/auth/bot-check";
import { formValues, useFormAnswer } from "../../components/auth/form-answer";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/field";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { pageTitle } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import type { Route } from "./+types/verify";
import { verifyAction } from "./verify.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Verify your phone") },
];

/** The page's forms posted before or without JavaScript (HTML first; verify.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return verifyAction(context, request);
}

export default function VerifyPhonePage({ actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState("");
  const [sending, setSending] = useState(false);
  const refusal = actionData?.ok === false ? actionData : undefined;
  const sendAnswer = useFormAnswer([], refusal?.intent === "verify" ? undefined : refusal);
  const code = useFormAnswer(["code"], refusal?.intent === "verify" ? refusal : undefined);
  // Sent by this page's script (the API's message), or by its form (the action's redirect).
  const sent = sentTo !== "" || params.get("sent") === "1" || refusal?.intent === "verify";

  const sendForm = useRef<HTMLFormElement>(null);
  async function send() {
    setSending(true);
    try {
      setSentTo(
        (await api("POST", "/api/auth/verify/send", { botToken: botTokenOf(sendForm.current) })).message,
      );
    } catch (err) {
      resetBotCheck();
      sendAnswer.fail((err as Error).message);
    } finally {
      setSending(false);
    }
  }

  let body: React.ReactNode;
  if (!user) {
    body = (
      <div className="space-y-4">
        <FormMessage>{sendAnswer.formError}</FormMessage>
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
      </div>
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
        <FormMessage tone="success">
          {sentTo || (sent ? i18n._("We sent a 6-digit code to {to}", { to: user.phone ?? "" }) : "")}
        </FormMessage>
        <FormMessage>{sendAnswer.formError || code.formError}</FormMessage>
        <form method="post" ref={sendForm}>
          <BotCheck />
          <Button
            type="submit"
            name="intent"
            value="send"
            variant={sent ? "secondary" : "primary"}
            loading={sending}
            onClick={(e) => {
              e.preventDefault();
              code.clear();
              sendAnswer.clear();
              void send();
            }}
            className="w-full"
          >
            {sent ? i18n._("Send the code again") : i18n._("Send code")}
          </Button>
        </form>
        {sent ? (
          <form
            method="post"
            noValidate={hydrated}
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              const values = formValues(e.currentTarget, ["code"]);
              sendAnswer.clear();
              void code.run(async () => {
                await api("POST", "/api/auth/verify", values);
                await revalidator.revalidate();
              });
            }}
          >
            <CodeField label={i18n._("6-digit code")} error={code.errors.code} />
            <Button type="submit" name="intent" value="verify" loading={code.busy} className="w-full">
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
