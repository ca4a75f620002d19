import { type RouterContextProvider, redirect } from "react-router";
import { localeCookie } from "../../../server/http/api/locale";
import { chooseLocale } from "../../../server/services/accounts/locale";
import { attempt, backTo, readForm, refusedPage } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";

/**
 * The language switch as a form (HTML first, decision 53): the same service and cookie as
 * `POST /api/locale` (the profile keeps it too when signed in), then back to the page it was
 * sent from (`back`, a path of this shop; else the home page), now in that language. A language
 * the shop does not have is refused with 400, and nothing changes.
 */
export async function localeAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const fields = await readForm(request);
  const chosen = await attempt(() => chooseLocale(app.ctx, { locale: fields.locale }));
  if (!chosen.ok) return refusedPage(chosen);
  return redirect(backTo(fields, "/"), {
    headers: { "Set-Cookie": localeCookie(chosen.value, app.ctx.config.production) },
  });
}
