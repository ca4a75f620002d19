import { useNavigate, useRevalidator } from "react-router";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { forgetOfflineReader } from "../../offline/caches";

/**
 * "Sign out": a form to `/auth/logout` until the page's scripts run (and without them); then the
 * API's sign-out, which also forgets the pages kept for reading offline.
 */
export function SignOutButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { i18n } = useLingui();
  async function signOut() {
    try {
      await api("POST", "/api/auth/logout");
      // The pages kept for reading offline belong to this session: they go with it.
      await forgetOfflineReader().catch(() => {});
      navigate("/");
      void revalidator.revalidate();
    } catch (err) {
      toast({
        variant: "destructive",
        title: i18n._("Could not sign out"),
        description: (err as Error).message,
      });
    }
  }

  return (
    <form method="post" action="/auth/logout">
      <button
        type="submit"
        className={className}
        onClick={(e) => {
          e.preventDefault();
          void signOut();
        }}
      >
        {i18n._("Sign out")}
      </button>
    </form>
  );
}
