import { Outlet } from "react-router";
import AdminErrorPage, { AdminShell } from "../components/admin/admin-shell";
import type { Route } from "./+types/admin";

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
