import { data, type RouterContextProvider, redirect } from "react-router";
import { payLinkParams } from "../../../contracts/admin-phone-orders";
import type { OrderView } from "../../../contracts/checkout";
import { payByLink } from "../../../server/services/money/payments";
import { getPayLinkOrder } from "../../../server/services/orders/pay-links";
import { attempt, readForm, redirectWithFlash, toGateway } from "../../lib/actions.server";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { COULD_NOT_PAY } from "./orders.server";

type Context = Readonly<RouterContextProvider>;
type Params = { number?: string; key?: string };

/** The order a payment link names (`/pay/{number}/{key}`), as `GET /api/pay/{number}/{key}`; a wrong link is a 404. */
export async function loadPayLink(context: Context, params: Params): Promise<OrderView> {
  if (!payLinkParams.safeParse(params).success) throw data("No such order", { status: 404 });
  return loadFrom(() => getPayLinkOrder(getApp(context).ctx, params));
}

/**
 * "Pay" on the link's page, posted with or without JavaScript: the same service as
 * `POST /api/pay/{number}/{key}`, then on to the gateway's page, or back saying why not.
 */
export async function payLinkAction(context: Context, request: Request) {
  const app = getApp(context);
  // The form holds nothing but is read as every form is: a malformed one is refused.
  await readForm(request);
  const back = new URL(request.url).pathname;
  // The page's own address names the order: /pay/{number}/{key}.
  const [, , number, key] = back.split("/");
  const params: Params = { number, key };
  const r = await attempt(() => payByLink(app.ctx, params, app.origin));
  if (!r.ok) {
    return redirectWithFlash(app, back, {
      title: COULD_NOT_PAY,
      description: r.message,
      variant: "destructive",
    });
  }
  if (r.value.redirectUrl) return toGateway(app, r.value.redirectUrl);
  return redirect(back);
}
