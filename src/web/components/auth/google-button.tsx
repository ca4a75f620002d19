import { useEffect, useRef, useState } from "react";
import { LOADING_TEXT } from "../../../contracts/messages";
import type { PublicUser } from "../../../contracts/user";
import { useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { FormMessage } from "../ui/field";

/** Google Identity Services, as much of it as the shop uses. */
type Gsi = {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (answer: { credential: string }) => void;
        auto_select?: boolean;
        cancel_on_tap_outside?: boolean;
        use_fedcm_for_prompt?: boolean;
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
      prompt(): void;
    };
  };
};

// Shown by FormMessage, in the page's language.
const GOOGLE_FAILED = /*i18n*/ "Google sign-in failed. Please try again.";

export const GSI_SCRIPT = "https://accounts.google.com/gsi/client";

let loading: Promise<Gsi> | null = null;

/** Loads Google's script once per page (the page's policy allows it only when Google sign-in is set up). */
function loadGsi(): Promise<Gsi> {
  const existing = (window as { google?: Gsi }).google;
  if (existing?.accounts?.id) return Promise.resolve(existing);
  loading ??= new Promise<Gsi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = (window as { google?: Gsi }).google;
      if (google?.accounts?.id) resolve(google);
      else reject(new Error("Google sign-in did not load"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Google sign-in did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Google's "Sign in with Google" button (and One Tap with `oneTap`): Google hands the browser an
 * ID token, which POST /api/auth/google checks and signs in with. Renders nothing when the shop
 * has no GOOGLE_CLIENT_ID.
 */
export function GoogleButton({
  onSignedIn,
  oneTap = false,
}: {
  onSignedIn: (user: PublicUser, created: boolean) => void | Promise<void>;
  oneTap?: boolean;
}) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const { googleClientId } = useRootData();
  const box = useRef<HTMLDivElement>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // The latest callback, without loading Google's script again when it changes.
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  useEffect(() => {
    if (!googleClientId) return;
    let gone = false;
    loadGsi().then(
      (google) => {
        if (gone || !box.current) return;
        google.accounts.id.initialize({
          client_id: googleClientId,
          cancel_on_tap_outside: true,
          use_fedcm_for_prompt: true,
          callback: async ({ credential }) => {
            setError("");
            setBusy(true);
            try {
              const res = await api<PublicUser>("POST", "/api/auth/google", { credential });
              await signedIn.current(res.data!, res.statusCode === 201);
            } catch (err) {
              setError(err instanceof ApiError ? err.message : GOOGLE_FAILED);
            } finally {
              setBusy(false);
            }
          },
        });
        google.accounts.id.renderButton(box.current, {
          type: "standard",
          theme: "outline",
          size: "large",
          text: "signin_with",
          shape: "rectangular",
          logo_alignment: "center",
          // Google writes its button in the page's language.
          locale,
          width: Math.min(box.current.clientWidth || 320, 400),
        });
        if (oneTap) google.accounts.id.prompt();
      },
      () => {
        // Google's script did not load (offline, or blocked): the button stays away, and the
        // phone-or-email form beside it works as ever.
      },
    );
    return () => {
      gone = true;
    };
  }, [googleClientId, oneTap, locale]);

  if (!googleClientId) return null;
  return (
    <div className="space-y-2" aria-busy={busy}>
      <div ref={box} className="flex w-full justify-center" data-testid="google-button" />
      {busy ? <p className="text-center text-sm text-slate-600">{i18n._(LOADING_TEXT)}</p> : null}
      <FormMessage>{error}</FormMessage>
    </div>
  );
}
