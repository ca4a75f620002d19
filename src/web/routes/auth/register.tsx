import { Link, useLocation, useNavigate } from "react-router";
import { MIN_PASSWORD_LENGTH, MIN_PHONE_LENGTH } from "../../../contracts/messages";
import { HscBatchField, PhoneField } from "../../components/auth/account-fields";
import { BotCheck, botTokenOf, resetBotCheck } from "../../components/auth/bot-check";
import { formValues, useFormAnswer } from "../../components/auth/form-answer";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, TextField } from "../../components/ui/field";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { routeMiddleware } from "../../lib/guards.server";
import { useHydrated } from "../../lib/hydrated";
import { pageTitle } from "../../lib/meta";
import { takeStoredRedirect } from "../../lib/redirect";
import { toast } from "../../lib/toast";
import { forgetOfflineReader } from "../../offline/caches";
import type { Route } from "./+types/register";
import { signUpAction } from "./register.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Create an account") },
];
export const middleware: Route.MiddlewareFunction[] = routeMiddleware("guest");
export function loader() {
  return null;
}

/** The sign-up form posted before or without JavaScript (HTML first; register.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return signUpAction(context, request);
}

const FIELDS = ["name", "phone", "email", "password", "hsc_batch"] as const;

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  const hydrated = useHydrated();
  const { errors, formError, busy, run } = useFormAnswer(FIELDS, actionData);
  const typed = actionData?.values ?? {};

  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Create an account")} />
      <form
        method="post"
        // Posted without JavaScript, the form keeps the page's `redirect` to return to.
        action={`/auth/register${search}`}
        // Before the scripts run the browser checks the fields; then the server's messages do.
        noValidate={hydrated}
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const values = formValues(form, FIELDS);
          void run(async () => {
            await api("POST", "/api/auth/register", { ...values, botToken: botTokenOf(form) }).catch(
              (err) => {
                resetBotCheck();
                throw err;
              },
            );
            // Pages someone else kept for reading offline (they never signed out here) go now.
            await forgetOfflineReader().catch(() => {});
            toast({
              title: i18n._("Your account is ready"),
              description: i18n._("Verify your phone number from your profile."),
            });
            navigate(takeStoredRedirect() ?? "/", { replace: true });
          });
        }}
      >
        <FormMessage>{formError}</FormMessage>
        <TextField
          label={i18n._("Full name")}
          name="name"
          autoComplete="name"
          required
          minLength={2}
          maxLength={100}
          defaultValue={typed.name ?? ""}
          error={errors.name}
        />
        <PhoneField
          name="phone"
          hint={i18n._("Bangladeshi mobile, e.g. 01712345678")}
          required
          minLength={MIN_PHONE_LENGTH}
          maxLength={20}
          defaultValue={typed.phone ?? ""}
          error={errors.phone}
        />
        <TextField
          label={i18n._("Email (optional)")}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={typed.email ?? ""}
          error={errors.email}
        />
        <TextField
          label={i18n._("Password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={128}
          error={errors.password}
        />
        <HscBatchField
          name="hsc_batch"
          required
          defaultValue={typed.hsc_batch ?? ""}
          error={errors.hsc_batch}
        />
        <BotCheck />
        <Button type="submit" loading={busy} className="w-full">
          {i18n._("Create account")}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        {i18n._("Already have an account?")}{" "}
        <Link to={`/auth/login${search}`} className="font-semibold text-brand-800 underline">
          {i18n._("Sign in")}
        </Link>
      </p>
    </div>
  );
}
