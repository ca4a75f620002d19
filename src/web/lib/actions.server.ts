import { serialize } from "hono/utils/cookie";
import { data, redirect } from "react-router";
import { encodeFlash, FLASH_COOKIE, FLASH_MAX_AGE_S, type Flash } from "../../contracts/flash";
import { toEnvelope } from "../../server/http/middleware/errors";
import type { AppContextValue } from "./app-context.server";
import { isSafeRedirect } from "./redirect";

/**
 * HTML first (architecture rule 2, decision 53): a shop form posts to its route's `action`, which
 * reads the form with `readForm`, calls the same service as the API, and answers a post without
 * JavaScript with a redirect carrying a message (`redirectWithFlash`) or, when the input was
 * refused, the page again with the fields' messages and what was typed (`refused`). With
 * JavaScript the same form is enhanced and the action's answer (or the API's) is read as data.
 */

/** What a refused form's page gets back: the message, each field's message and what was typed. */
export type FormRefusal = {
  ok: false;
  status: number;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};

export const NUL_IN_FORM = "The form holds a character that is not allowed";
const MAX_FIELDS = 50;

/**
 * The posted form as plain fields (the last value of a repeated name). A body that is not a form,
 * too many fields or a NUL character is refused with 400, so nothing past it runs.
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(refusal(400, "Send the form as a form"), { status: 400 });
  }
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of form) {
    if (++n > MAX_FIELDS) throw data(refusal(400, "The form has too many fields"), { status: 400 });
    if (typeof value !== "string") continue;
    if (name.includes("\0") || value.includes("\0")) throw data(refusal(400, NUL_IN_FORM), { status: 400 });
    out[name] = value;
  }
  return out;
}

function refusal(
  status: number,
  message: string,
  errors: Record<string, string> = {},
  values = {},
): FormRefusal {
  return { ok: false, status, message, errors, values };
}

/** A whole number as the services' schemas take it; anything else is passed on for them to refuse. */
export function numberField(v: string | undefined): number | string | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  return /^\d{1,15}$/.test(t) ? Number(t) : v;
}

/**
 * Runs a form's service call. A refusal (bad input, a conflict, a limit: any 4xx the API would
 * answer) becomes the page's data with the API's status, message and field messages, and the
 * fields as typed (passwords left out); anything worse is the error page, as for a loader.
 */
export async function attempt<T>(
  fn: () => Promise<T>,
  values: Record<string, string> = {},
): Promise<{ ok: true; value: T } | FormRefusal> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof Response) throw err;
    const answer = toEnvelope(err);
    if (answer.statusCode >= 500) throw err;
    const kept: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) if (!/password|code|token/i.test(k)) kept[k] = v;
    return refusal(answer.statusCode, answer.message, answer.errors ?? {}, kept);
  }
}

/** The refused form's page: its data with the refusal's HTTP status. */
export function refusedPage(r: FormRefusal) {
  return data(r, { status: r.status });
}

/** The `Set-Cookie` that carries a message to the next page. */
export function flashCookie(app: AppContextValue, flash: Flash): string {
  return serialize(FLASH_COOKIE, encodeFlash(flash), {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: app.ctx.config.production,
    maxAge: FLASH_MAX_AGE_S,
  });
}

/** A redirect to `to` whose page says `flash`. */
export function redirectWithFlash(app: AppContextValue, to: string, flash: Flash, headers?: HeadersInit) {
  const h = new Headers(headers);
  h.append("Set-Cookie", flashCookie(app, flash));
  return redirect(to, { headers: h });
}

/** The page a form names to come back to (`back`), when it is one of this shop's; else `fallback`. */
export function backTo(fields: Record<string, string>, fallback: string): string {
  const back = fields.back;
  return isSafeRedirect(back) && back.length <= 2000 ? back : fallback;
}

/** What an action answers when the payment goes on at a gateway on another site (`toGateway`). */
export type GatewayHandOff = { ok: true; gateway: string };

/**
 * On to the payment gateway's page after a form's post. A redirect to another site at the end of
 * a form's post is refused by the page's policy (`form-action 'self'`, which Chromium holds a
 * form's redirects to), so the gateway on another site is reached from a page of the shop's own:
 * the route shows `GatewayHandOff` (components/orders/gateway-hand-off.tsx), which goes there at
 * once and offers the link. The shop's own sandbox gateway is a plain redirect.
 */
export function toGateway(app: AppContextValue, url: string) {
  let origin: string;
  try {
    origin = new URL(url, app.origin).origin;
  } catch {
    throw new Error("the gateway's address is not a URL");
  }
  if (origin === app.origin) return redirect(url, 303);
  const handOff: GatewayHandOff = { ok: true, gateway: url };
  return data(handOff);
}
