import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContextValue } from "../../web/lib/app-context.server";
import type { AppEnv } from "./env";

type Build = ServerBuild & {
  entry: { module: { appContext: import("react-router").RouterContext<AppContextValue> } };
};

/** React Router's handler, given the request's service context as load context. */
export function pagesHandler(getBuild: () => Promise<ServerBuild>, mode: string) {
  return async (c: Context<AppEnv>) => {
    const build = (await getBuild()) as Build;
    const handler = createRequestHandler(build, mode);
    const context = new RouterContextProvider();
    context.set(build.entry.module.appContext, {
      ctx: c.get("ctx"),
      requestId: c.get("requestId"),
      buildVersion: build.assets.version,
    });
    return handler(c.req.raw, context);
  };
}
