/**
 * "Notify me" tapped while signed out, on a page without JavaScript (decision 53): the alert is
 * kept in this cookie for half an hour and made by the first page the visitor opens signed in
 * (http/middleware/pending-alert.ts), through the stock alerts' own service, so it is made once
 * (a second ask keeps the first). With JavaScript the button sends the visitor to sign in and
 * back, as before.
 */
export const PENDING_ALERT_TTL_MS = 30 * 60 * 1000;
export const PENDING_ALERT_COOKIE = "pathagar_pending_alert";

export type PendingAlertCookie = { id: number; at: number };

// What the page says after a "Notify me" or "Stop" posted as a form: the API's own messages.
export const STOCK_ALERT_MADE = /*i18n*/ "We will text you when it is back";
export const STOCK_ALERT_KEPT = /*i18n*/ "You will be told already";
export const STOCK_ALERT_STOPPED = /*i18n*/ "You will not be told";
export const COULD_NOT_CHANGE_ALERT = /*i18n*/ "Could not change the alert";

export function encodePendingAlert(alert: PendingAlertCookie): string {
  return JSON.stringify(alert);
}

/** The alert a cookie holds; null when malformed or older than half an hour. */
export function decodePendingAlert(raw: string | undefined | null, now: number): PendingAlertCookie | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== "object") return null;
  const p = v as Record<string, unknown>;
  if (!Number.isSafeInteger(p.id) || (p.id as number) <= 0 || typeof p.at !== "number") return null;
  if (now - p.at > PENDING_ALERT_TTL_MS || p.at > now + 60_000) return null;
  return { id: p.id as number, at: p.at };
}
