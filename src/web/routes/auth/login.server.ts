import type { RouterContextProvider } from "react-router";
import type { LoginInput } from "../../../contracts/auth";
import { fillMessage, MESSAGE_TEMPLATES } from "../../../contracts/message-values";
import { startSession } from "../../../server/http/middleware/session";
import { authenticate } from "../../../server/services/accounts/users";
import { attempt, readForm, redirectWithFlash, refusedPage } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";
import { isSafeRedirect } from "../../lib/redirect";

const SHOP = "http://shop.invalid";

/**
 * The page a sign-in or sign-up page was asked to return to (its `redirect`), when it is a path
 * of this shop: written as the browser would read it (percent-encoded, no control characters),
 * so it is a valid Location header. Else null.
 */
export function askedRedirect(request: Request): string | null {
  const asked = new URL(request.url).searchParams.get("redirect");
  if (!isSafeRedirect(asked) || asked.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(asked, SHOP);
  } catch {
    return null;
  }
  return url.origin === SHOP ? url.pathname + url.search + url.hash : null;
}

/** Picks the named fields of a posted form (strings; a missing one stays missing). */
export function pick<K extends string>(fields: Record<string, string>, names: readonly K[]) {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) if (fields[name] !== undefined) out[name] = fields[name];
  return out;
}

/**
 * The sign-in form posted to /auth/login (before or without JavaScript): the same check as
 * POST /api/auth/login (its rate limits included) and the same session cookie, then back to the
 * page the visitor was sent from (`redirect`; an add to the cart kept from before is made there),
 * or home. Refused, the page again with the message and the phone or email as typed.
 */
export async function signInAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const form = await readForm(request);
  const f = pick(form, ["cred", "password"] as const);
  // The bot check's widget writes its token into the form (services/accounts/bot-check.ts); never echoed back.
  const botToken = form["cf-turnstile-response"];
  const r = await attempt(() => authenticate(app.ctx, { ...f, botToken } as LoginInput), f);
  if (!r.ok) return refusedPage(r);
  const user = r.value;
  const cookie = await startSession(app.ctx, user.id, request.headers.get("user-agent") ?? undefined);
  const name = user.name.split(" ")[0] ?? user.name;
  return redirectWithFlash(
    app,
    askedRedirect(request) ?? "/",
    { title: fillMessage(MESSAGE_TEMPLATES.welcomeBack, { name }) },
    [["Set-Cookie", cookie]],
  );
}
