import type { RouterContextProvider } from "react-router";
import { CONSENT_SAVED, decodeConsent } from "../../../contracts/consent";
import { configuredTags } from "../../../server/config";
import { consentCookie } from "../../../server/http/api/consent";
import { chooseConsent, profileConsent } from "../../../server/services/accounts/consent";
import { attempt, backTo, readForm, redirectWithFlash, refusedPage } from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";

/** The cookie page's data: the tags configured and the choice in use (cookie, else profile). */
export async function consentPage(context: Readonly<RouterContextProvider>) {
  const app = getApp(context);
  const consent = decodeConsent(app.consentCookie) ?? (await profileConsent(app.ctx));
  return { tags: configuredTags(app.ctx.config), consent };
}

/**
 * The cookie notice's and page's form (HTML first, decision 53): the same service and cookie as
 * `POST /api/consent` (the profile keeps it too when signed in), then back to the page it was sent
 * from (`back`, a path of this shop; else the home page) with "Your choice is saved". A body the
 * service refuses is a 400 on this page, and nothing changes.
 */
export async function consentAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const fields = await readForm(request);
  const chosen = await attempt(() => chooseConsent(app.ctx, fields));
  if (!chosen.ok) return refusedPage(chosen);
  return redirectWithFlash(
    app,
    backTo(fields, "/"),
    { title: CONSENT_SAVED },
    { "Set-Cookie": consentCookie(chosen.value, app.ctx.config.production) },
  );
}
