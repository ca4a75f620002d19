import { lazy, Suspense } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { needsProfileUpdate } from "../contracts/user";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/error-page";
import { Shell } from "./components/layout/shop-shell";
import { Toaster } from "./components/ui/toaster";
import { getApp } from "./lib/app-context.server";
import { CartProvider } from "./lib/cart";
import { pageTitle } from "./lib/meta";
import type { RootData } from "./lib/root-data";
import { loadOwnedItems } from "./lib/root-data.server";
import { useLightColourMode, useNewBuildNotice, useStoredRedirect } from "./lib/shell";

const ProfileDialog = lazy(() => import("./components/auth/profile-dialog"));

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches) }];

/**
 * Every navigation loads the current user (null when signed out) and what they own, so that a
 * purchase shows on every card at the next navigation (pages with a user are never shared).
 */
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const app = getApp(context);
  return {
    user: app.ctx.user,
    owned: await loadOwnedItems(app),
    shopName: app.ctx.config.SHOP_NAME,
    buildVersion: app.buildVersion,
    // Canonical URLs use the configured public origin; without one, an allowed request host's.
    origin: app.origin,
  };
}

export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className="light" style={{ colorScheme: "light" }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="theme-color" content="#006a4e" />
        <Meta />
        {/* Stylesheets and module preloads come from the shop itself, which the policy allows:
            they need no nonce, and without one the server's markup and the browser's agree. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { user, shopName, buildVersion } = loaderData;
  useLightColourMode();
  useStoredRedirect(user !== null);
  useNewBuildNotice(buildVersion);
  return (
    <CartProvider signedIn={user !== null}>
      <Outlet />
      {user && needsProfileUpdate(user) ? (
        <Suspense fallback={null}>
          <ProfileDialog user={user} shopName={shopName} />
        </Suspense>
      ) : null}
    </CartProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorPage error={error} />
    </Shell>
  );
}
