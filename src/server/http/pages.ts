import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { CONSENT_COOKIE } from "../../contracts/consent";
import type { AppContextValue } from "../../web/lib/app-context.server";
import { shopOrigin } from "../config";
import type { AppEnv } from "./env";

type Build = ServerBuild & {
  entry: { module: { appContext: import("react-router").RouterContext<AppContextValue> } };
};

/** What a page's loaders and actions know of the request (web/lib/app-context.server.ts). */
export function appContextOf(c: Context<AppEnv>, buildVersion: string): AppContextValue {
  return {
    ctx: c.get("ctx"),
    requestId: c.get("requestId"),
    buildVersion,
    origin: shopOrigin(c.get("ctx").config, c.req.url),
    nonce: c.get("nonce"),
    locale: c.get("ctx").locale,
    databaseUnavailable: c.get("databaseUnavailable") === true,
    flash: c.get("flash") ?? null,
    consentCookie: getCookie(c, CONSENT_COOKIE),
    // React Router asks for a navigation's data at the page's path with `.data` after it.
    path: new URL(c.req.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/"),
  };
}

/** React Router's handler, given the request's service context as load context. */
export function pagesHandler(getBuild: () => Promise<ServerBuild>, mode: string) {
  // One handler per build: making it walks the whole route tree, too much work for every request.
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  return async (c: Context<AppEnv>) => {
    const build = (await getBuild()) as Build;
    let handler = handlers.get(build);
    if (!handler) {
      handler = createRequestHandler(build, mode);
      handlers.set(build, handler);
    }
    const context = new RouterContextProvider();
    context.set(build.entry.module.appContext, appContextOf(c, build.assets.version));
    return handler(c.req.raw, context);
  };
}
