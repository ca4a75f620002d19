import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { ADMIN_MENU, can } from "../../../contracts/permissions";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { useRootData } from "../../lib/root-data";
import { ErrorPage } from "../error-page";
import { LanguageSwitch } from "../layout/language-switch";
import { ConfirmHost } from "./confirm";
import { SearchLauncher } from "./search-launcher";
import { UnsavedChangesGuard } from "./unsaved-changes";

// The menu is the admin pages' table's menu entries (ADMIN_MENU); who sees an item is who may
// open its page.

export function AdminShell({ children }: { children: React.ReactNode }) {
  const { i18n } = useLingui();
  const { user, shopName } = useRootData();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu is a sideways strip: bring the current page's item into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <aside className="border-b border-slate-200 bg-white md:min-h-dvh md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center justify-between px-4 py-3">
          <a href="/" className="font-bold text-brand-800">
            {shopName} <span className="font-normal text-slate-600">{i18n._("admin")}</span>
          </a>
          <div className="flex items-center gap-1">
            <LanguageSwitch />
            <SearchLauncher />
          </div>
        </div>
        <nav ref={nav} aria-label={i18n._("Admin")} className="overflow-x-auto">
          <ul className="flex gap-1 px-2 pb-2 md:flex-col md:pb-4">
            {ADMIN_MENU.filter((n) => can(user, n.access)).map((n) => (
              <li key={n.to}>
                <NavLink
                  to={n.to}
                  end={n.to === "/admin" || n.to === "/admin/books" || n.to === "/admin/users"}
                  className={({ isActive }) =>
                    cn(
                      "block min-h-11 rounded-md px-3 py-2.5 text-sm whitespace-nowrap",
                      isActive
                        ? "bg-brand-700 font-semibold text-white"
                        : "text-slate-700 hover:bg-slate-100",
                    )
                  }
                >
                  {i18n._(n.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6">
        {/* One navigation blocker for the page, whatever forms it holds. */}
        <UnsavedChangesGuard>{children}</UnsavedChangesGuard>
      </main>
      <ConfirmHost />
    </div>
  );
}

/**
 * An error inside the back office (a page's loader refused or found nothing, or the admin guard
 * refused a staff member: root.tsx): the error page in the admin layout, its way on the dashboard.
 */
export default function AdminErrorPage({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <AdminShell>
      <ErrorPage error={error} back={{ to: "/admin", label: i18n._("Back to the dashboard") }} />
    </AdminShell>
  );
}
