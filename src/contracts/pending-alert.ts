/**
 * "Notify me" tapped while signed out, on a page without JavaScript (decision 53): the alert is
 * kept in this cookie for half an hour (`{ id, at }`, contracts/pending.ts) and made by the first
 * page the visitor opens signed in (http/middleware/pending.ts), through the stock alerts' own
 * service, so it is made once (a second ask keeps the first). With JavaScript the button sends
 * the visitor to sign in and back, as before.
 */
export const PENDING_ALERT_COOKIE = "pathagar_pending_alert";

// What the page says after a "Notify me" or "Stop" posted as a form: the API's own messages.
export const STOCK_ALERT_MADE = /*i18n*/ "We will text you when it is back";
export const STOCK_ALERT_KEPT = /*i18n*/ "You will be told already";
export const STOCK_ALERT_STOPPED = /*i18n*/ "You will not be told";
export const COULD_NOT_CHANGE_ALERT = /*i18n*/ "Could not change the alert";
