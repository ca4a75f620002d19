import { data, type RouterContextProvider, redirect } from "react-router";
import {
  confirmPhoneVerification,
  requestPhoneVerification,
} from "../../../server/services/accounts/accounts";
import { attempt, type FormRefusal, readForm } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";

export const UNKNOWN_FORM = /*i18n*/ "This form does not say what to do";

/** The page again with a form's refusal, naming the form (`intent`) so its messages go to it. */
export function refusedForm(r: FormRefusal, intent: string) {
  return data({ ...r, intent }, { status: r.status });
}

/**
 * The phone verification page's two forms (before or without JavaScript), as POST
 * /api/auth/verify/send and POST /api/auth/verify: `send` texts the caller's phone a code and
 * opens the page's code form (`?sent=1`); `verify` checks the code, and the page then says the
 * phone is verified. Refused (signed out, a limit, a wrong code), the page again with the message.
 */
export async function verifyAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const f = await readForm(request);
  switch (f.intent) {
    case "send": {
      const r = await attempt(() => requestPhoneVerification(app.ctx, f));
      return r.ok ? redirect("/auth/verify?sent=1") : refusedForm(r, "send");
    }
    case "verify": {
      const r = await attempt(() => confirmPhoneVerification(app.ctx, { code: f.code }), {});
      // The page then says so itself ("Your phone number … is verified").
      return r.ok ? redirect("/auth/verify") : refusedForm(r, "verify");
    }
    default:
      return refusedForm({ ok: false, status: 400, message: UNKNOWN_FORM, errors: {}, values: {} }, "");
  }
}
