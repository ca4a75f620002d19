import { useEffect } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { SignInForm } from "../../components/auth/sign-in-form";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { routeMiddleware } from "../../lib/guards.server";
import { pageTitle } from "../../lib/meta";
import { storeRedirect, takeStoredRedirect } from "../../lib/redirect";
import type { Route } from "./+types/login";
import { signInAction } from "./login.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Sign in") }];
export const middleware: Route.MiddlewareFunction[] = routeMiddleware("guest");
export function loader() {
  return null;
}

/** The sign-in form posted before or without JavaScript (HTML first; login.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(context, request);
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const asked = params.get("redirect");

  // A guarded page sent the visitor here: keep its path to return to after signing in.
  useEffect(() => storeRedirect(asked), [asked]);

  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Sign in")}>
        {asked ? <p>{i18n._("Please sign in to continue.")}</p> : null}
      </PageHeading>
      <SignInForm
        // Posted without JavaScript, the form keeps the page's `redirect` to return to.
        action={`/auth/login${search}`}
        linkSearch={search}
        refusal={actionData}
        onSignedIn={() => navigate(takeStoredRedirect() ?? "/", { replace: true })}
      />
      <p className="mt-6 text-sm text-slate-700">
        {i18n._("New here?")}{" "}
        <Link to={`/auth/register${search}`} className="font-semibold text-brand-800 underline">
          {i18n._("Create an account")}
        </Link>
      </p>
    </div>
  );
}
