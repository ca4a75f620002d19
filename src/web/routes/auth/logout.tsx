import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOutAction } from "./logout.server";

/** Signing out as a form (HTML first); an address typed here goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  return signOutAction(context, request);
}
