import { redirect } from "react-router";
import type { Route } from "./+types/notify";
import { notifyAction } from "./notify.server";

/**
 * "Notify me" as a form (HTML first): an out-of-stock product page's button posts here when the
 * page's scripts have not run (components/catalog/notify-me-button.tsx). Nothing to show: an
 * address typed here goes to the shop's front page.
 */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  return notifyAction(context, request);
}
