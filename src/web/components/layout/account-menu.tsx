import { ChevronDown, UserRound } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { PublicUser } from "../../../contracts/user";
import { useLingui } from "../../i18n";
import { useHydrated } from "../../lib/hydrated";

// The list and signing out load with the first pointer or focus on the button, before its click:
// most pages are seen without opening the menu.
const loadPanel = () => import("./account-menu-panel");
const AccountMenuPanel = lazy(loadPanel);

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
  return (
    <div className="relative" ref={ref}>
      {hydrated ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
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
        <Suspense fallback={null}>
          <AccountMenuPanel user={user} id={panelId} />
        </Suspense>
      ) : null}
    </div>
  );
}
