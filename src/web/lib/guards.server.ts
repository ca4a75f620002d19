import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { NO_ACCESS, UNKNOWN_ROUTE_MIDDLEWARE } from "../../contracts/messages";
import { adminAccessForRoute, can, isStaff } from "../../contracts/permissions";
import { getApp } from "./app-context.server";
import type { ErrorWithRootData } from "./root-data";
import { rootDataOf } from "./root-data.server";

/** `pattern` is the route pattern the router matched (e.g. "/admin/orders/:id"), not the URL. */
type GuardArgs = { request: Request; pattern: string; context: Readonly<RouterContextProvider> };
type Guard = (args: GuardArgs) => void | Promise<void>;

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/auth/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The named guards a route may ask for. */
const guards: Record<string, Guard> = {
  /** Signed in; otherwise the page's path is kept and the visitor asked to sign in. */
  auth: ({ request, context }) => {
    if (!getApp(context).ctx.user) throw signInRedirect(request);
  },
  /** Signed out (sign-in and sign-up pages); a signed-in visitor goes home. */
  guest: ({ context }) => {
    if (getApp(context).ctx.user) throw redirect("/");
  },
  /**
   * Staff, with the permission of the admin page the router matched. The decision is on the
   * matched route and never on the URL's text, which the router reads without regard to case
   * and after decoding; a page the table does not list is for admins only.
   */
  admin: ({ request, pattern, context }) => {
    const app = getApp(context);
    const user = app.ctx.user;
    if (!user) throw signInRedirect(request);
    if (!isStaff(user) || !can(user, adminAccessForRoute(pattern))) {
      // No loader runs after a middleware throws, the root's included: the refusal carries the
      // root's data (what the header needs; no owned items on an error page), so the error page
      // keeps the signed-in header. Staff stay in the back office's layout, with its menu.
      const refusal: ErrorWithRootData = {
        message: NO_ACCESS,
        root: rootDataOf(app, []),
        ...(isStaff(user) ? { layout: "admin" as const } : {}),
      };
      throw data(refusal, { status: 403 });
    }
  },
};

/** Resolves guard names to one route middleware; an unknown name is an error. */
export function routeMiddleware(...names: string[]): MiddlewareFunction<Response>[] {
  return [
    async (args, next) => {
      for (const name of names) {
        const guard = guards[name];
        if (!guard) throw new Error(UNKNOWN_ROUTE_MIDDLEWARE);
        await guard(args);
      }
      return next();
    },
  ];
}
