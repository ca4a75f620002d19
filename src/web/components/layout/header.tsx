import { Search, ShoppingCart } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { useCart } from "../../lib/cart";
import { useRootData } from "../../lib/root-data";
import { AccountMenu } from "./account-menu";

const loadSignInDialog = () => import("../auth/sign-in-dialog");
const SignInDialog = lazy(loadSignInDialog);

function SearchBox({ className }: { className?: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/search" role="search" className={className}>
      <label className="relative block">
        <span className="sr-only">Search books, e-books and more</span>
        <input
          type="search"
          name="q"
          defaultValue={params.get("q") ?? ""}
          placeholder="Search books, authors, e-books…"
          className="block min-h-11 w-full rounded-full border border-slate-300 bg-white py-2 pr-4 pl-10 text-base placeholder:text-slate-500 focus:outline-2 focus:outline-brand-700"
        />
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500"
        />
      </label>
    </Form>
  );
}

export function Header() {
  const { user, shopName } = useRootData();
  const cart = useCart();
  const [signInOpen, setSignInOpen] = useState(false);

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-4">
        <Link to="/" className="shrink-0 text-xl font-bold tracking-tight text-brand-800">
          {shopName}
        </Link>
        <SearchBox className="hidden flex-1 md:block" />
        <nav aria-label="Account" className="ml-auto flex items-center gap-1">
          <Link
            to="/cart"
            className="relative inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
            aria-label={`Cart, ${cart.totalItems} ${cart.totalItems === 1 ? "item" : "items"}`}
          >
            <ShoppingCart aria-hidden="true" className="h-6 w-6" />
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {cart.totalItems}
            </span>
          </Link>
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
              onPointerEnter={() => void loadSignInDialog()}
              onFocus={() => void loadSignInDialog()}
              onClick={() => setSignInOpen(true)}
            >
              Sign in
            </button>
          )}
        </nav>
      </div>
      <div className="px-3 pb-2 md:hidden">
        <SearchBox />
      </div>
      {signInOpen ? (
        <Suspense fallback={null}>
          <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
