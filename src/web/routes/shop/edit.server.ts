import type { RouterContextProvider } from "react-router";
import { NO_EMAIL } from "../../../server/integrations/email/none";
import { pendingEmailChange } from "../../../server/services/accounts/accounts";
import { getApp } from "../../lib/app-context.server";

/** /edit: the caller's name, email, an email change waiting for its code, phone and batch. */
export async function loadEditProfile(context: Readonly<RouterContextProvider>) {
  const { ctx } = getApp(context);
  // The auth guard above has run: there is a user.
  const user = ctx.user!;
  const pending = await pendingEmailChange(ctx, user.id);
  return {
    name: user.name,
    email: user.email,
    emailConfirmed: user.email_confirmed,
    pendingEmail: pending?.email ?? null,
    /** Without a mail server a new address could never get its code. */
    emailChangeable: ctx.email.name !== NO_EMAIL,
    phone: user.phone ?? "",
    hsc_batch: user.hsc_batch ?? "",
  };
}
