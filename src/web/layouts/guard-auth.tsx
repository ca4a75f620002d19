import { Outlet } from "react-router";
import { routeMiddleware } from "../lib/guards.server";
import type { Route } from "./+types/guard-auth";

/** Pages that need a signed-in user: cart, checkout, profile, edit, orders, e-book library, reports. */
export const middleware: Route.MiddlewareFunction[] = routeMiddleware("auth");

// A loader makes every navigation below ask the server, so the guard always runs.
export function loader() {
  return null;
}

export function shouldRevalidate() {
  return true;
}

export default function RequireSignIn() {
  return <Outlet />;
}
