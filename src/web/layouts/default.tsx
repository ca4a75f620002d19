import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { Shell } from "../components/layout/shop-shell";
import { errorMeta } from "../lib/error-meta";
import type { Route } from "./+types/default";

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
