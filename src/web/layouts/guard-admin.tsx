import { Outlet } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "../../contracts/locale";
import { addAdminMessages } from "../i18n";
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

/**
 * A navigation into the back office loads its part of the catalogue before any admin page
 * renders (decision 33), its error page included (a refused staff member's is in the admin
 * layout); a first load of an admin page has it loaded by entry.client.tsx.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const lang = document.documentElement.lang;
  const messages = addAdminMessages(isLocale(lang) ? lang : DEFAULT_LOCALE);
  try {
    return await serverLoader();
  } finally {
    await messages;
  }
}

export function shouldRevalidate() {
  return true;
}

export default function RequireStaff() {
  return <Outlet />;
}
