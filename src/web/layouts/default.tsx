import { Outlet } from "react-router";
import { Shell } from "../components/layout/shop-shell";
import { errorMeta } from "../lib/error-meta";
import { lazyOnClient } from "../lib/lazy-on-client";
import type { Route } from "./+types/default";

// Only a page that failed shows it: its code loads then (the server writes it at once).
const ErrorPage = lazyOnClient(() => import("../components/error-page").then((m) => m.ErrorPage));

/** A page whose loader failed is rendered by this layout's boundary: its title names the error. */
export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? errorMeta(matches, error) : (matches.find((m) => m?.id === "root")?.meta ?? []);

export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorPage error={error} />
    </Shell>
  );
}
