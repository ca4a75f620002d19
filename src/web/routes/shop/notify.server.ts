import type { RouterContextProvider } from "react-router";
import {
  COULD_NOT_CHANGE_ALERT,
  PENDING_ALERT_COOKIE,
  STOCK_ALERT_KEPT,
  STOCK_ALERT_MADE,
  STOCK_ALERT_STOPPED,
} from "../../../contracts/pending-alert";
import { stockAlertSchema } from "../../../contracts/stock-alerts";
import { subscribeStockAlert, unsubscribeStockAlert } from "../../../server/services/catalog/stock-alerts";
import {
  attempt,
  backTo,
  numberField,
  readForm,
  redirectWithFlash,
  refusedPage,
} from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";
import { keepForAfterSignIn } from "../../lib/pending.server";
import { UNKNOWN_INTENT } from "./cart.server";

export const SIGN_IN_TO_BE_TOLD = /*i18n*/ "Sign in to be told when it is back";

/** The "Notify me" button's forms: subscribe, or stop. */
export const NOTIFY_INTENTS = ["notify", "stop"] as const;

/**
 * "Notify me" (and "Stop") on an out-of-stock book or stationery item, posted as a form before or
 * without JavaScript: the same service as `POST /api/stock-alerts` and `DELETE
 * /api/stock-alerts/{id}`, then back to the page (`back`) saying what was done, or why not. A
 * signed-out visitor's ask is checked, kept (contracts/pending.ts) and made once they are
 * signed in, after the sign-in page sends them back.
 */
export async function notifyAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const { ctx } = app;
  const f = await readForm(request);
  const back = backTo(f, "/");
  const couldNot = (message: string) =>
    redirectWithFlash(app, back, {
      title: COULD_NOT_CHANGE_ALERT,
      description: message,
      variant: "destructive",
    });
  const input = { productId: numberField(f.productId) };
  switch (f.intent) {
    case "notify": {
      if (!ctx.user) {
        return keepForAfterSignIn(app, {
          schema: stockAlertSchema,
          input,
          keep: (v) => ({ id: v.productId }),
          cookie: PENDING_ALERT_COOKIE,
          back,
          title: SIGN_IN_TO_BE_TOLD,
          refused: couldNot,
        });
      }
      const r = await attempt(() => subscribeStockAlert(ctx, input));
      if (!r.ok) return couldNot(r.message);
      return redirectWithFlash(app, back, { title: r.value.created ? STOCK_ALERT_MADE : STOCK_ALERT_KEPT });
    }
    case "stop": {
      const r = await attempt(() => unsubscribeStockAlert(ctx, stockAlertSchema.parse(input).productId));
      if (!r.ok) return couldNot(r.message);
      return redirectWithFlash(app, back, { title: STOCK_ALERT_STOPPED });
    }
    default:
      return refusedPage({ ok: false, status: 400, message: UNKNOWN_INTENT, errors: {}, values: {} });
  }
}
