import { Trans } from "@lingui/react";
import { lazy, Suspense } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import { isSafeRedirect, takeStoredRedirect } from "../../lib/redirect";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { forgetOfflineReader } from "../../offline/caches";
import type { Route } from "./+types/google";

// Google's button is its own chunk, shared with the sign-in form's (which loads it lazily too).
const GoogleButton = lazy(() =>
  import("../../components/auth/google-button").then((m) => ({ default: m.GoogleButton })),
);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Sign in with Google") },
];

/**
 * Google sign-in with One Tap: the button, and Google's own prompt over the page. A new account
 * lands on the home page with the profile dialog asking for its phone and HSC batch.
 */
export default function SignInWithGooglePage() {
  const { i18n } = useLingui();
  const { user, googleClientId, shopName } = useRootData();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();

  let body: React.ReactNode;
  if (user) {
    body = (
      <p>
        <Trans
          id="You are signed in as <0>{name}</0>."
          values={{ name: user.name }}
          components={{ 0: <strong /> }}
        />{" "}
        <Link to="/" className="font-semibold text-brand-800 underline">
          {i18n._("Go to the home page")}
        </Link>
      </p>
    );
  } else if (!googleClientId) {
    body = (
      <p>
        {i18n._("Google sign-in is not available here.")}{" "}
        <Link to="/auth/login" className="font-semibold text-brand-800 underline">
          {i18n._("Sign in with your phone or email")}
        </Link>
      </p>
    );
  } else {
    body = (
      <div className="space-y-6">
        <p>
          {i18n._("Use your Google account to sign in to {shopName}. New here? An account is made for you.", {
            shopName,
          })}
        </p>
        <Suspense fallback={null}>
          <GoogleButton
            oneTap
            onSignedIn={async (signedIn, created) => {
              await forgetOfflineReader(signedIn.id).catch(() => {});
              const asked = params.get("redirect");
              await navigate(isSafeRedirect(asked) ? asked : (takeStoredRedirect() ?? "/"), {
                replace: true,
              });
              await revalidator.revalidate();
              const name = signedIn.name.split(" ")[0];
              toast({
                title: created
                  ? i18n._("Welcome, {name}", { name })
                  : i18n._("Welcome back, {name}", { name }),
              });
            }}
          />
        </Suspense>
        <p className="text-sm text-slate-700">
          <Trans
            id="Or <0>sign in with your phone or email</0>."
            components={{ 0: <Link to="/auth/login" className="font-semibold text-brand-800 underline" /> }}
          />
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Sign in with Google")} />
      {body}
    </div>
  );
}
