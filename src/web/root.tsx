import { lazy, Suspense, useContext, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigate } from "react-router";
import { needsProfileUpdate } from "../contracts/user";
import type { Route } from "./+types/root";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { Shell } from "./components/layout/shop-shell";
import { Toaster } from "./components/ui/toaster";
import { useLocale } from "./i18n";
import { getApp } from "./lib/app-context.server";
import { CartProvider } from "./lib/cart";
import { InlineCssContext } from "./lib/inline-css";
import { lazyOnClient } from "./lib/lazy-on-client";
import { pageTitle } from "./lib/meta";
import { takeStoredRedirect } from "./lib/redirect";
import { isAdminRefusal, type RootData, RootDataInError, rootDataInError } from "./lib/root-data";
import { loadRootData } from "./lib/root-data.server";
import { useLightColourMode } from "./lib/shell";
import { answerWhenDatabaseUnavailable } from "./lib/unavailable.server";

// Only a page that failed shows it: its code loads then (the server writes it at once).
const ErrorPage = lazyOnClient(() => import("./components/error-page").then((m) => m.ErrorPage));

const ProfileDialog = lazy(() => import("./components/auth/profile-dialog"));
// What the app does once the page has hydrated (the new-build notice, the offline worker): its own
// chunk, which the first render does not wait for.
const afterHydration = () => import("./lib/after-hydration");
// The back office's frame, for a staff member refused an admin page: its own chunk, as no shop
// page needs it.
const AdminErrorPage = lazy(() => import("./components/admin/admin-shell"));

// The stylesheet is written into the page itself (InlineCssContext), not linked.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable shop: name, icons, theme colour (public/manifest.webmanifest).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches) }];

/** A page that could not reach the database is the 503 error page (lib/unavailable.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [answerWhenDatabaseUnavailable];

/**
 * Every navigation loads the current user (null when signed out) and what they own, so that a
 * purchase shows on every card at the next navigation (pages with a user are never shared).
 */
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  return loadRootData(getApp(context));
}

export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const css = useContext(InlineCssContext);
  return (
    <html lang={locale} className="light" style={{ colorScheme: "light" }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="theme-color" content="#006a4e" />
        <Meta />
        {/* The whole stylesheet (about 11 KB gzipped), so the first paint waits for no request.
            Only the server has its text; hydration keeps what the server wrote. */}
        <style
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built stylesheet
          dangerouslySetInnerHTML={{ __html: css ?? "" }}
          suppressHydrationWarning
        />
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
  const navigate = useNavigate();
  const signedIn = user !== null;
  useLightColourMode();
  // Signed in (now, or later by the dialog): a redirect stored by the sign-in page is followed, in
  // the effect itself (a navigation from an awaited chunk was at times not followed).
  useEffect(() => {
    if (!signedIn) return;
    const to = takeStoredRedirect();
    if (to) void navigate(to, { replace: true });
  }, [signedIn, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the build the page started with
  useEffect(() => {
    let stop = () => {};
    let gone = false;
    void afterHydration().then((m) => {
      m.registerShopWorker();
      if (!gone) stop = m.watchForNewBuild(buildVersion);
    });
    return () => {
      gone = true;
      stop();
    };
  }, []);
  // The third-party tags follow the visitor's choice and the page shown (decision 56).
  const { tags, tagsAllowed, consent } = loaderData;
  useEffect(() => {
    if (tags) void afterHydration().then((m) => m.followConsent(tags, consent, tagsAllowed));
  }, [tags, consent, tagsAllowed]);
  return (
    <CartProvider signedIn={user !== null} initialItems={loaderData.cartItems}>
      <NavigationProgress />
      <Outlet />
      {user && needsProfileUpdate(user) ? (
        <Suspense fallback={null}>
          <ProfileDialog user={user} shopName={shopName} />
        </Suspense>
      ) : null}
    </CartProvider>
  );
}

/**
 * A guard that refuses a page runs before any loader, so the root loader's data is missing here;
 * the refusal carries it instead (guards.server.ts), and the header keeps the signed-in user. A
 * staff member refused an admin page stays in the back office's layout, its menu and a way back
 * to the dashboard (React Router shows a guard's refusal here, at the root, whichever layout
 * holds the guard).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shop = (
    <Shell>
      <ErrorPage error={error} />
    </Shell>
  );
  return (
    <RootDataInError.Provider value={rootDataInError(error)}>
      {isAdminRefusal(error) ? (
        <Suspense fallback={shop}>
          <AdminErrorPage error={error} />
        </Suspense>
      ) : (
        shop
      )}
    </RootDataInError.Provider>
  );
}
