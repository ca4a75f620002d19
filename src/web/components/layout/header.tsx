import { ShoppingCart } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { useFormat, useLingui } from "../../i18n";
import { useCart } from "../../lib/cart";
import { useHydrated } from "../../lib/hydrated";
import { lazyOnClient } from "../../lib/lazy-on-client";
import { useRootData } from "../../lib/root-data";
import { CategoryBar } from "./category-nav";
import { SearchBox } from "./search-box";

const signInClass =
  "inline-flex min-h-11 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800 sm:px-4";

const loadSignInDialog = () => import("../auth/sign-in-dialog");
// Only a signed-in page has the account menu: its code loads with such a page, after the rest
// (until then the server's link to the profile page is there).
const AccountMenu = lazyOnClient(() => import("./account-menu").then((m) => m.AccountMenu));
const SignInDialog = lazy(loadSignInDialog);
// The phone's category menu and the language switch work as HTML before their code comes (a
// `<details>`, a form): it loads as the page hydrates, after the first scripts (decision 4).
const CategoryDrawer = lazyOnClient(() => import("./category-drawer").then((m) => m.CategoryDrawer));
const LanguageSwitch = lazyOnClient(() => import("./language-switch").then((m) => m.LanguageSwitch));

export function Header() {
  const { user, shopName } = useRootData();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const cart = useCart();
  const [signInOpen, setSignInOpen] = useState(false);
  const { i18n } = useLingui();
  const { number } = useFormat();

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-4">
        <CategoryDrawer />
        <Link to="/" className="shrink-0 text-lg font-bold tracking-tight text-brand-800 sm:text-xl">
          {shopName}
        </Link>
        <SearchBox className="hidden flex-1 md:block" />
        <nav aria-label={i18n._("Account")} className="ml-auto flex items-center gap-1">
          <Link
            to="/cart"
            className="relative inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
            aria-label={
              cart.totalItems === 1
                ? i18n._("Cart, 1 item")
                : i18n._("Cart, {count} items", { count: number(cart.totalItems) })
            }
          >
            <ShoppingCart aria-hidden="true" className="h-6 w-6" />
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {number(cart.totalItems)}
            </span>
          </Link>
          <LanguageSwitch />
          {user ? (
            <AccountMenu user={user} />
          ) : hydrated ? (
            <button
              type="button"
              className={signInClass}
              onPointerEnter={() => void loadSignInDialog()}
              onFocus={() => void loadSignInDialog()}
              onClick={() => setSignInOpen(true)}
            >
              {i18n._("Sign in")}
            </button>
          ) : (
            // Until the page's scripts run: the sign-in page, and back here after.
            <a href={`/auth/login?redirect=${encodeURIComponent(pathname + search)}`} className={signInClass}>
              {i18n._("Sign in")}
            </a>
          )}
        </nav>
      </div>
      <div className="px-3 pb-2 md:hidden">
        <SearchBox />
      </div>
      <CategoryBar />
      {signInOpen ? (
        <Suspense fallback={null}>
          <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
