import { parse } from "hono/utils/cookie";
import type { RouterContextProvider } from "react-router";
import {
  changePassword,
  confirmEmailChange,
  EMAIL_NOT_SET_UP,
  requestEmailChange,
  updateName,
} from "../../../server/services/accounts/accounts";
import { SESSION_COOKIE } from "../../../server/services/accounts/sessions";
import { updateProfile } from "../../../server/services/accounts/users";
import { DomainError } from "../../../server/services/errors";
import { attempt, readForm, redirectWithFlash } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";
import { pick } from "./login.server";
import { refusedForm, UNKNOWN_FORM } from "./verify.server";

export const NAME_SAVED = /*i18n*/ "Your name is saved";
export const EMAIL_CONFIRMED = /*i18n*/ "Your email address is confirmed";
export const EMAIL_CHANGED = /*i18n*/ "Your email address is changed";
export const PROFILE_UPDATED = /*i18n*/ "Profile updated";
export const PASSWORD_CHANGED = /*i18n*/ "Your password is changed. Other devices are signed out.";

/**
 * A shop without a mail server refuses an email change (503, EMAIL_NOT_SET_UP): the page never
 * offers the form then, so one posted anyway is answered as a refusal, not as the error page.
 */
async function unlessNoEmail<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof DomainError && e.message === EMAIL_NOT_SET_UP)
      throw new DomainError("invalid", e.message);
    throw e;
  }
}

/**
 * The account's forms on /edit and /profile (before or without JavaScript), each as its API call:
 * `name` (POST /api/auth/name), `email` (a code to a new address, or to the account's own
 * unconfirmed one: POST /api/auth/email), `email-confirm` (POST /api/auth/email/confirm),
 * `profile` (phone and batch: POST /api/auth/update) and `password` (POST /api/auth/password,
 * this device staying signed in). Done, the page is read again and says what changed; refused,
 * the page again with the form's messages and what was typed (never a password or a code).
 */
export async function accountAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const { ctx } = app;
  const f = await readForm(request);
  const done = (to: string, title: string) => redirectWithFlash(app, to, { title });
  switch (f.intent) {
    case "name": {
      const input = pick(f, ["name"] as const);
      const r = await attempt(() => updateName(ctx, input), input);
      return r.ok ? done("/edit", NAME_SAVED) : refusedForm(r, "name");
    }
    case "email": {
      const input = pick(f, ["email"] as const);
      const r = await attempt(() => unlessNoEmail(() => requestEmailChange(ctx, input)), input);
      // The API's words: "We sent a 6-digit code to …", in the page's language by its template.
      return r.ok
        ? done("/edit", `We sent a 6-digit code to ${r.value.pendingEmail}`)
        : refusedForm(r, "email");
    }
    case "email-confirm": {
      const before = ctx.user?.email;
      const r = await attempt(() => confirmEmailChange(ctx, { code: f.code }));
      if (!r.ok) return refusedForm(r, "email-confirm");
      return done("/edit", r.value.email === before ? EMAIL_CONFIRMED : EMAIL_CHANGED);
    }
    case "profile": {
      const input = pick(f, ["phone", "hsc_batch"] as const);
      const r = await attempt(() => updateProfile(ctx, input), input);
      return r.ok ? done("/profile", PROFILE_UPDATED) : refusedForm(r, "profile");
    }
    case "password": {
      const token = parse(request.headers.get("cookie") ?? "", SESSION_COOKIE)[SESSION_COOKIE];
      const input = pick(f, ["currentPassword", "newPassword"] as const);
      const r = await attempt(() => changePassword(ctx, input, token), input);
      if (r.ok) return done("/profile", PASSWORD_CHANGED);
      // The form is on /profile, whose page answers a refusal in place once it posts there; posted
      // to /edit's action it goes back to /profile saying why (nothing typed is kept: passwords).
      if (new URL(request.url).pathname === "/profile") return refusedForm(r, "password");
      return redirectWithFlash(app, "/profile", { title: r.message, variant: "destructive" });
    }
    default:
      return refusedForm({ ok: false, status: 400, message: UNKNOWN_FORM, errors: {}, values: {} }, "");
  }
}
