import { Outlet } from "react-router";
// The back office's part of the catalogue, before any admin page renders (decision 33).
import "../i18n/admin-messages";
import { routeMiddleware } from "../lib/guards.server";
import type { Route } from "./+types/guard-admin";

/**
 * Every /admin page needs staff with the permission of its area, including the pages the old
 * shop left unguarded. Middleware runs before any loader below, so no admin data loads first;
 * the services check the caller again.
 */
export const middleware: Route.MiddlewareFunction[] = routeMiddleware("admin");

export function loader() {
  return null;
}

export function shouldRevalidate() {
  return true;
}

export default function RequireStaff() {
  return <Outlet />;
}
