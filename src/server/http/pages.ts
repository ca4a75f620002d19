import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContextValue } from "../../web/lib/app-context.server";
import { shopOrigin } from "../config";
import type { AppEnv } from "./env";

type Build = ServerBuild & {
  entry: { module: { appContext: import("react-router").RouterContext<AppContextValue> } };
};

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
    context.set(build.entry.module.appContext, {
      ctx: c.get("ctx"),
      requestId: c.get("requestId"),
      buildVersion: build.assets.version,
      origin: shopOrigin(c.get("ctx").config, c.req.url),
      nonce: c.get("nonce"),
      locale: c.get("ctx").locale,
      databaseUnavailable: c.get("databaseUnavailable") === true,
      flash: c.get("flash") ?? null,
    });
    return handler(c.req.raw, context);
  };
}
