import { Trans } from "@lingui/react";
import { type MouseEvent, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { MIN_PASSWORD_LENGTH } from "../../../contracts/messages";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/field";
import { CodeField } from "./account-fields";
import { formValues, type Refusal, useFormAnswer } from "./form-answer";

/** The form's intent (which of the page's forms it is), for the page's action. */
function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/**
 * The caller's name: a form posted to /edit's action before or without JavaScript, POST
 * /api/auth/name with it.
 */
export function NameForm({ name, refusal }: { name: string; refusal?: Refusal }) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const mine = refusal?.intent === "name" ? refusal : undefined;
  const { errors, formError, busy, run } = useFormAnswer(["name"], mine);
  return (
    <form
      method="post"
      action="/edit"
      noValidate={hydrated}
      className="space-y-4"
      aria-label={i18n._("Name")}
      onSubmit={(e) => {
        e.preventDefault();
        const values = formValues(e.currentTarget, ["name"]);
        void run(async () => {
          await api("POST", "/api/auth/name", values);
          toast({ title: i18n._("Your name is saved") });
          await revalidator.revalidate();
        });
      }}
    >
      <Intent value="name" />
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("Name")}
        name="name"
        autoComplete="name"
        required
        minLength={2}
        maxLength={100}
        defaultValue={mine?.values?.name ?? name}
        error={errors.name}
      />
      <Button type="submit" loading={busy} className="w-full">
        {i18n._("Save name")}
      </Button>
    </form>
  );
}

/**
 * A new email address: a code is emailed to it (POST /api/auth/email), and only once the code is
 * entered (POST /api/auth/email/confirm) does the account use it; until then the page says so.
 * An address typed at sign-up is not confirmed: the page says so and sends it its own code the
 * same way (decision 46). Each is a form posted to /edit's action before or without JavaScript.
 */
export function EmailForm({
  email,
  emailConfirmed,
  pendingEmail,
  refusal,
}: {
  email: string | null;
  emailConfirmed: boolean;
  pendingEmail: string | null;
  refusal?: Refusal;
}) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const askForm = useRef<HTMLFormElement>(null);
  const ask = useFormAnswer(["email"], refusal?.intent === "email" ? refusal : undefined);
  const confirm = useFormAnswer(["code"], refusal?.intent === "email-confirm" ? refusal : undefined);
  const [sendingOwn, setSendingOwn] = useState(false);
  const confirmingOwn = email !== null && pendingEmail === email;
  /** A change to another address waits for its code. */
  const changePending = pendingEmail !== null && !confirmingOwn;

  /** The account's own unconfirmed address asks for its code. */
  async function sendOwnCode() {
    if (!email) return;
    confirm.clear();
    ask.clear();
    setSendingOwn(true);
    try {
      const res = await api("POST", "/api/auth/email", { email });
      toast({ title: res.message });
      await revalidator.revalidate();
    } catch (err) {
      ask.fail((err as Error).message);
    } finally {
      setSendingOwn(false);
    }
  }
  /** The own-code button: a form's button before the scripts run, the call after. */
  const sendOwn = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    void sendOwnCode();
  };

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
          <form method="post" action="/edit">
            <Intent value="email" />
            <input type="hidden" name="email" value={email} />
            <Button type="submit" variant="secondary" loading={sendingOwn} onClick={sendOwn}>
              {i18n._("Email me a code")}
            </Button>
          </form>
        </div>
      ) : null}
      <FormMessage>{ask.formError || confirm.formError}</FormMessage>
      {pendingEmail ? (
        <form
          method="post"
          action="/edit"
          noValidate={hydrated}
          className="space-y-4"
          aria-label={confirmingOwn ? i18n._("Confirm your email") : i18n._("Confirm your new email")}
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const values = formValues(form, ["code"]);
            ask.clear();
            void confirm.run(async () => {
              await api("POST", "/api/auth/email/confirm", values);
              toast({
                title: confirmingOwn
                  ? i18n._("Your email address is confirmed")
                  : i18n._("Your email address is changed"),
              });
              form.reset();
              await revalidator.revalidate();
              askForm.current?.reset();
            });
          }}
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
          <CodeField label={i18n._("Code from the email")} error={confirm.errors.code} />
          {/* The first submit button: the one Enter presses. */}
          <Button type="submit" name="intent" value="email-confirm" loading={confirm.busy} className="w-full">
            {i18n._("Confirm email")}
          </Button>
          {confirmingOwn ? (
            <>
              <input type="hidden" name="email" value={email} />
              <Button
                type="submit"
                name="intent"
                value="email"
                formNoValidate
                variant="secondary"
                loading={sendingOwn}
                onClick={sendOwn}
                className="w-full"
              >
                {i18n._("Email me a new code")}
              </Button>
            </>
          ) : null}
        </form>
      ) : null}
      <form
        ref={askForm}
        method="post"
        action="/edit"
        noValidate={hydrated}
        className="space-y-4"
        aria-label={i18n._("Change email")}
        onSubmit={(e) => {
          e.preventDefault();
          const values = formValues(e.currentTarget, ["email"]);
          confirm.clear();
          void ask.run(async () => {
            const res = await api("POST", "/api/auth/email", values);
            toast({ title: res.message });
            await revalidator.revalidate();
          });
        }}
      >
        <Intent value="email" />
        <TextField
          label={changePending ? i18n._("New email (or ask for a new code)") : i18n._("New email")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={
            refusal?.intent === "email"
              ? (refusal.values?.email ?? "")
              : pendingEmail && pendingEmail !== email
                ? pendingEmail
                : ""
          }
          error={ask.errors.email}
        />
        <Button
          type="submit"
          variant={pendingEmail ? "secondary" : "primary"}
          loading={ask.busy}
          className="w-full"
        >
          {changePending ? i18n._("Send a new code") : i18n._("Send a code")}
        </Button>
      </form>
    </div>
  );
}

/**
 * A new password given the current one (POST /api/auth/password); other devices are signed out.
 * Posted to /edit's action before or without JavaScript, which goes back to /profile; `refusal`
 * is the answer of a page that shows the form's refusal in place.
 */
export function PasswordChangeForm({ refusal }: { refusal?: Refusal }) {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  const fields = ["currentPassword", "newPassword"] as const;
  const { errors, formError, busy, run } = useFormAnswer(
    fields,
    refusal?.intent === "password" ? refusal : undefined,
  );
  return (
    <form
      method="post"
      // /edit's action changes it and goes back to /profile saying so (or why not).
      action="/edit"
      noValidate={hydrated}
      className="space-y-4"
      aria-label={i18n._("Change password")}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const values = formValues(form, fields);
        void run(async () => {
          const res = await api("POST", "/api/auth/password", values);
          form.reset();
          toast({ title: res.message });
        });
      }}
    >
      <Intent value="password" />
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("Current password")}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        maxLength={128}
        error={errors.currentPassword}
      />
      <TextField
        label={i18n._("New password")}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={128}
        hint={i18n._("At least 6 characters. Your other devices will be signed out.")}
        error={errors.newPassword}
      />
      <Button type="submit" loading={busy} className="w-full">
        {i18n._("Change password")}
      </Button>
    </form>
  );
}
