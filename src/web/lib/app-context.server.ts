import { createContext, data, type RouterContextProvider } from "react-router";
import type { Flash } from "../../contracts/flash";
import type { Locale } from "../../contracts/locale";
import type { Ctx } from "../../server/services/context";
import { DomainError, STATUS_OF } from "../../server/services/errors";

export type AppContextValue = {
  /** The service context of this request: database, clock, the signed-in caller. */
  ctx: Ctx;
  requestId: string;
  buildVersion: string;
  /** The shop's origin for canonical URLs and share links: PUBLIC_URL's, or an allowed request host's. */
  origin: string;
  /** The nonce the page's inline scripts carry, matching its Content-Security-Policy. */
  nonce?: string;
  /** The page's language: the cookie's, else the signed-in user's profile's, else English (when unset). */
  locale?: Locale;
  /**
   * The database could not be reached: before the page was asked for (set by the server), or by
   * one of its loaders or actions (set by entry.server's handleError). The root middleware then
   * answers the 503 error page (decision 49).
   */
  databaseUnavailable?: boolean;
  /** The message a form's action left for this page (contracts/flash.ts), shown once. */
  flash?: Flash | null;
  /** The consent cookie's value (contracts/consent.ts), as the request sent it. */
  consentCookie?: string;
  /** The page's path, as asked for (a client navigation's data request: the page's own). */
  path?: string;
};

/** Set by the Hono server for every page request (src/server/http/pages.ts). */
export const appContext = createContext<AppContextValue>();

export function getApp(context: Readonly<RouterContextProvider>): AppContextValue {
  return context.get(appContext);
}

/** Runs a service call for a loader; a DomainError becomes the matching error page. */
export async function loadFrom<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof DomainError) throw data(e.message, { status: STATUS_OF[e.kind] });
    throw e;
  }
}
