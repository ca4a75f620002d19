import { type RouterContextProvider, redirect } from "react-router";
import { forgetPasswordSchema } from "../../../contracts/auth";
import { requestPasswordReset, resetPassword } from "../../../server/services/accounts/accounts";
import { attempt, readForm, redirectWithFlash } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";
import { pick } from "./login.server";
import { refusedForm, UNKNOWN_FORM } from "./verify.server";

export const PASSWORD_RESET = /*i18n*/ "Your password is changed. Sign in with the new one.";

/**
 * The password reset's forms (before or without JavaScript), as POST /api/auth/forget and POST
 * /api/auth/reset: `forget` texts a code to the phone (answering the same whether or not it has
 * an account) and opens the page's second step for that phone (`?phone=`); `reset` sets the new
 * password with the code and sends the visitor to sign in with it. Refused, the page again with
 * each field's message and the phone as typed (never the code or the password).
 */
export async function forgetAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const f = await readForm(request);
  switch (f.intent) {
    case "forget": {
      const input = pick(f, ["phone"] as const);
      // The bot check's widget writes its token into the form (services/accounts/bot-check.ts).
      const botToken = f["cf-turnstile-response"];
      const r = await attempt(() => requestPasswordReset(app.ctx, { ...input, botToken }), input);
      if (!r.ok) return refusedForm(r, "forget");
      const { phone } = forgetPasswordSchema.parse(input);
      return redirect(`/auth/forget?phone=${encodeURIComponent(phone)}`);
    }
    case "reset": {
      const input = pick(f, ["phone", "code", "password"] as const);
      const r = await attempt(() => resetPassword(app.ctx, input), input);
      if (!r.ok) return refusedForm(r, "reset");
      return redirectWithFlash(app, "/auth/login", { title: PASSWORD_RESET });
    }
    default:
      return refusedForm({ ok: false, status: 400, message: UNKNOWN_FORM, errors: {}, values: {} }, "");
  }
}
