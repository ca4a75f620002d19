import { lazy, Suspense } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { PageHeading } from "../../components/page-heading";
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
  { title: pageTitle(matches, "Sign in with Google") },
];

/**
 * Google sign-in with One Tap: the button, and Google's own prompt over the page. A new account
 * lands on the home page with the profile dialog asking for its phone and HSC batch.
 */
export default function SignInWithGooglePage() {
  const { user, googleClientId, shopName } = useRootData();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();

  let body: React.ReactNode;
  if (user) {
    body = (
      <p>
        You are signed in as <strong>{user.name}</strong>.{" "}
        <Link to="/" className="font-semibold text-brand-800 underline">
          Go to the home page
        </Link>
      </p>
    );
  } else if (!googleClientId) {
    body = (
      <p>
        Google sign-in is not available here.{" "}
        <Link to="/auth/login" className="font-semibold text-brand-800 underline">
          Sign in with your phone or email
        </Link>
      </p>
    );
  } else {
    body = (
      <div className="space-y-6">
        <p>{`Use your Google account to sign in to ${shopName}. New here? An account is made for you.`}</p>
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
              toast({
                title: created
                  ? `Welcome, ${signedIn.name.split(" ")[0]}`
                  : `Welcome back, ${signedIn.name.split(" ")[0]}`,
              });
            }}
          />
        </Suspense>
        <p className="text-sm text-slate-700">
          Or{" "}
          <Link to="/auth/login" className="font-semibold text-brand-800 underline">
            sign in with your phone or email
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title="Sign in with Google" />
      {body}
    </div>
  );
}
