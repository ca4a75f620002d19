import { zodResolver } from "@hookform/resolvers/zod";
import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type LoginInput, loginSchema } from "../../../contracts/auth";
import type { PublicUser } from "../../../contracts/user";
import { useLingui } from "../../i18n";
import { api, applyFieldErrors } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { forgetOfflineReader } from "../../offline/caches";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/field";

// Google's button is its own small chunk, fetched only where Google sign-in is set up.
const GoogleButton = lazy(() => import("./google-button").then((m) => ({ default: m.GoogleButton })));

/**
 * Phone-or-email and password, validated by the same schema as POST /api/auth/login. `created`
 * says Google's button has just made the account.
 */
export function SignInForm({
  onSignedIn,
  onNavigate,
}: {
  onSignedIn: (user: PublicUser, created: boolean) => void;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const { googleClientId } = useRootData();
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { cred: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError("");
    try {
      const res = await api<PublicUser>("POST", "/api/auth/login", values);
      // Pages someone else kept for reading offline (they never signed out here) go now.
      await forgetOfflineReader(res.data!.id).catch(() => {});
      onSignedIn(res.data!, false);
    } catch (err) {
      setFormError(applyFieldErrors(err, setError, ["cred", "password"]));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage>{formError}</FormMessage>
      <TextField
        label={i18n._("Phone or email")}
        autoComplete="username"
        inputMode="email"
        error={errors.cred?.message}
        {...register("cred")}
      />
      <TextField
        label={i18n._("Password")}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
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
        <Link to="/auth/register" onClick={onNavigate} className="py-2 text-brand-800 underline">
          {i18n._("Create an account")}
        </Link>
      </div>
    </form>
  );
}
