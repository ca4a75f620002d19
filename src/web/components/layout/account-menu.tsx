import { ChevronDown, UserRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { isStaff } from "../../../contracts/permissions";
import type { PublicUser } from "../../../contracts/user";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { toast } from "../../lib/toast";
import { forgetOfflineReader } from "../../offline/caches";

const faceClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 sm:px-2";

/**
 * The signed-in user's menu: a disclosure button over a list of links. Before the page's scripts
 * run (or without them) the button is a link to the profile page, which links to the same places
 * and signs out too; signing out is a form to `/auth/logout` (HTML first).
 */
export function AccountMenu({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  const hydrated = useHydrated();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const face = (
    <>
      <UserRound aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only sm:not-sr-only sm:max-w-24 sm:truncate">{user.name.split(" ")[0]}</span>
      <ChevronDown aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{i18n._(": account menu")}</span>
    </>
  );
  const item = "block min-h-11 w-full px-4 py-3 text-left text-sm text-slate-800 hover:bg-slate-100";
  return (
    <div className="relative" ref={ref}>
      {hydrated ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className={faceClass}
        >
          {face}
        </button>
      ) : (
        // Until the page's scripts run: the profile page, which links to the same places.
        <a href="/profile" className={faceClass}>
          {face}
        </a>
      )}
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-1 w-56 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
            {i18n._("Signed in as")}{" "}
            <span className="font-medium text-slate-900">{user.phone ?? user.email}</span>
          </p>
          <Link to="/profile" className={item}>
            {i18n._("My profile")}
          </Link>
          <Link to="/orders" className={item}>
            {i18n._("My orders")}
          </Link>
          <Link to="/ebook/library" className={item}>
            {i18n._("My e-books")}
          </Link>
          {isStaff(user) ? (
            <Link to="/admin" className={item} reloadDocument>
              {i18n._("Admin")}
            </Link>
          ) : null}
          <SignOutButton className={item} />
        </div>
      ) : null}
    </div>
  );
}

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
