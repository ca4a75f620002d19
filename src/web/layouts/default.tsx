import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { Shell } from "../components/layout/shop-shell";
import type { Route } from "./+types/default";

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
