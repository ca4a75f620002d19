import type { RouterContextProvider } from "react-router";
import type { RegisterInput } from "../../../contracts/auth";
import { startSession } from "../../../server/http/middleware/session";
import { signUp } from "../../../server/services/accounts/users";
import { attempt, readForm, redirectWithFlash, refusedPage } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";
import { askedRedirect, pick } from "./login.server";

export const ACCOUNT_READY = /*i18n*/ "Your account is ready";
export const VERIFY_FROM_PROFILE = /*i18n*/ "Verify your phone number from your profile.";

const FIELDS = ["name", "phone", "email", "password", "hsc_batch"] as const;

/**
 * The sign-up form posted to /auth/register (before or without JavaScript): the same sign-up as
 * POST /api/auth/register (its rate limit included) and the same session cookie, then to the page
 * the visitor was sent from (`redirect`) or home, saying the account is ready. Refused, the page
 * again with each field's message and what was typed (never the password).
 */
export async function signUpAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const form = await readForm(request);
  const f = pick(form, FIELDS);
  // The bot check's widget writes its token into the form (services/accounts/bot-check.ts); never echoed back.
  const botToken = form["cf-turnstile-response"];
  const r = await attempt(() => signUp(app.ctx, { ...f, botToken } as RegisterInput), f);
  if (!r.ok) return refusedPage(r);
  const cookie = await startSession(app.ctx, r.value.id, request.headers.get("user-agent") ?? undefined);
  return redirectWithFlash(
    app,
    askedRedirect(request) ?? "/",
    { title: ACCOUNT_READY, description: VERIFY_FROM_PROFILE },
    [["Set-Cookie", cookie]],
  );
}
