import { parse } from "hono/utils/cookie";
import type { RouterContextProvider } from "react-router";
import { endedSessionCookie } from "../../../server/http/middleware/session";
import { deleteSession, SESSION_COOKIE } from "../../../server/services/accounts/sessions";
import { readForm, redirectWithFlash } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";

export const SIGNED_OUT = /*i18n*/ "Signed out";

/**
 * "Sign out" posted as a form (the account menu, the profile page; before or without JavaScript):
 * the session ends as `POST /api/auth/logout` ends it, and the visitor lands on the home page.
 */
export async function signOutAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  await readForm(request);
  const token = parse(request.headers.get("cookie") ?? "", SESSION_COOKIE)[SESSION_COOKIE];
  if (token) await deleteSession(app.ctx, token);
  return redirectWithFlash(app, "/", { title: SIGNED_OUT }, [
    ["Set-Cookie", endedSessionCookie(app.ctx.config)],
  ]);
}
