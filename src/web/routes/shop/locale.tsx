import { redirect } from "react-router";
import type { Route } from "./+types/locale";
import { localeAction } from "./locale.server";

/**
 * The header's language switch posts here when the page's scripts have not run
 * (components/layout/language-switch.tsx). Nothing to show: an address typed here goes home.
 */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  return localeAction(context, request);
}
