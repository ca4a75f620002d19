import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { MIN_PASSWORD_LENGTH } from "../../../contracts/messages";
import type { PublicUser } from "../../../contracts/user";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { useRootData } from "../../lib/root-data";
import { forgetOfflineReader } from "../../offline/caches";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/field";
import { BotCheck, botTokenOf, resetBotCheck } from "./bot-check";
import { formValues, type Refusal, useFormAnswer } from "./form-answer";

// Google's button is its own small chunk, fetched only where Google sign-in is set up.
const GoogleButton = lazy(() => import("./google-button").then((m) => ({ default: m.GoogleButton })));

const FIELDS = ["cred", "password"] as const;

/**
 * Phone-or-email and password. A form posted to the sign-in page's action (`action`) before or
 * without JavaScript; with it, POST /api/auth/login, whose field messages show under the fields.
 * `created` says Google's button has just made the account. `refusal` is the action's answer to
 * a sign-in it refused (the phone or email kept, never the password).
 */
export function SignInForm({
  onSignedIn,
  onNavigate,
  action = "/auth/login",
  refusal,
  linkSearch = "",
}: {
  onSignedIn: (user: PublicUser, created: boolean) => void;
  onNavigate?: () => void;
  action?: string;
  refusal?: Refusal;
  /** The page's query (its `redirect`), carried to the sign-up link. */
  linkSearch?: string;
}) {
  const { i18n } = useLingui();
  const { googleClientId } = useRootData();
  const hydrated = useHydrated();
  const { errors, formError, busy, run } = useFormAnswer(FIELDS, refusal);

  return (
    <form
      method="post"
      action={action}
      // Before the scripts run the browser checks the fields; then the server's messages do.
      noValidate={hydrated}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const values = formValues(form, FIELDS);
        void run(async () => {
          const res = await api<PublicUser>("POST", "/api/auth/login", {
            ...values,
            botToken: botTokenOf(form),
          }).catch((err) => {
            resetBotCheck();
            throw err;
          });
          // Pages someone else kept for reading offline (they never signed out here) go now.
          await forgetOfflineReader(res.data!.id).catch(() => {});
          onSignedIn(res.data!, false);
        });
      }}
    >
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("Phone or email")}
        name="cred"
        autoComplete="username"
        inputMode="email"
        required
        minLength={6}
        maxLength={254}
        defaultValue={refusal?.values?.cred ?? ""}
        error={errors.cred}
      />
      <TextField
        label={i18n._("Password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={128}
        error={errors.password}
      />
      {/* After a refused try: the bot check, which the server asks for after a few wrong passwords. */}
      {formError ? <BotCheck /> : null}
      <Button type="submit" loading={busy} className="w-full">
        {i18n._("Sign in")}
      </Button>
      {googleClientId ? (
        <Suspense fallback={null}>
          <GoogleButton
            onSignedIn={async (user, created) => {
              await forgetOfflineReader(user.id).catch(() => {});
              onSignedIn(user, created);
            }}
          />
        </Suspense>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/auth/forget" onClick={onNavigate} className="py-2 text-brand-800 underline">
          {i18n._("Forgot password?")}
        </Link>
        <Link
          to={`/auth/register${linkSearch}`}
          onClick={onNavigate}
          className="py-2 text-brand-800 underline"
        >
          {i18n._("Create an account")}
        </Link>
      </div>
    </form>
  );
}
